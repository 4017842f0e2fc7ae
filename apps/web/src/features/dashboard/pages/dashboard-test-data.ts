import type {
  BrokerCountStats,
  BrokerDashboard,
  BrokerList,
  CountStats,
  DispatcherDashboard,
  DispatcherList,
  DriverList,
  Graphs,
  LoadFigures,
} from '@app/domain/dashboard/dashboard.schema';

// The dashboard's answers as the server gives them, for the week of Monday, November 23, 2026, with
// figures that add up: 12 loads for $24,600.50 gross and $4,920.10 margin over 6,150 miles.

const API = '/backend/api/v2/dashboard';
export const DASHBOARD_PATHS = {
  countStats: `${API}/count-stats`,
  drivers: `${API}/drivers/all`,
  dispatchers: `${API}/dispatchers/all`,
  graphs: `${API}/graphs/all`,
  dispatcher: `${API}/dispatcher`,
  brokers: `${API}/broker-company/all`,
  brokerCountStats: `${API}/broker-company/count-stats`,
  broker: (id: number) => `${API}/broker-company/${id}/`,
};

export const WEEK = { period: 'this_week' as const, date_from: '2026-11-23', date_to: '2026-11-29' };

export const FIGURES: LoadFigures = {
  loads: 12,
  gross: 24600.5,
  margin: 4920.1,
  miles: 6150,
  rate_per_mile: 4,
};

const loadStatus = (status: number, count: number) => ({ status, status_name: `Status ${status}`, count });

export function makeCountStats(overrides: Partial<CountStats> = {}): CountStats {
  const byStatus = [3, 2, 1, 1, 0, 1, 0, 2, 0, 1, 1, 1];
  return {
    period: WEEK,
    loads: {
      by_list: { active: 8, checkout: 2, completed: 2, canceled: 1 },
      by_status: byStatus.map((count, index) =>
        loadStatus(index + 1, count),
      ) as CountStats['loads']['by_status'],
    },
    figures: FIGURES,
    board: { posted: 40, booked: 9, on_board: 17 },
    bids: { sent: 25, active: 6, won: 11, lost: 8 },
    vehicles: {
      total: 30,
      by_status: [
        { status: 1, status_name: 'Available', count: 7 },
        { status: 2, status_name: 'Not available', count: 4 },
        { status: 3, status_name: 'On load', count: 16 },
        { status: 4, status_name: 'In bid', count: 2 },
        { status: 5, status_name: 'Locked', count: 0 },
        { status: 7, status_name: 'In bid', count: 1 },
      ],
    },
    drivers: { active: 27 },
    owners: { active: 19 },
    ...overrides,
  };
}

export function makeGraphs(): Graphs {
  const day = (date: string, loads: number, gross: number, margin: number) => ({
    date,
    loads,
    gross,
    margin,
  });
  return {
    period: WEEK,
    days: [
      day('2026-11-23', 3, 6000, 1200),
      day('2026-11-24', 2, 4100.5, 820.1),
      day('2026-11-25', 4, 8500, 1700),
      day('2026-11-26', 0, 0, 0),
      day('2026-11-27', 3, 6000, 1200),
      day('2026-11-28', 0, 0, 0),
      day('2026-11-29', 0, 0, 0),
    ],
    weeks: [
      {
        year: 2026,
        week: 48,
        week_start: '2026-11-23',
        week_end: '2026-11-29',
        loads: 12,
        gross: 24600.5,
        margin: 4920.1,
      },
    ],
    total: { loads: 12, gross: 24600.5, margin: 4920.1 },
  };
}

export function makeDispatchers(): DispatcherList {
  const bids = { bids_sent: 14, bids_won: 7, bids_lost: 5 };
  return {
    period: WEEK,
    count: 2,
    results: [
      {
        dispatcher: { id: 21, full_name: 'Dina Dispatch' },
        ...FIGURES,
        loads: 8,
        gross: 16400.25,
        margin: 3280.05,
        ...bids,
      },
      {
        dispatcher: { id: 23, full_name: 'Otto Other' },
        ...FIGURES,
        loads: 4,
        gross: 8200.25,
        margin: 1640.05,
        bids_sent: 11,
        bids_won: 4,
        bids_lost: 3,
      },
    ],
    totals: { ...FIGURES, bids_sent: 25, bids_won: 11, bids_lost: 8 },
  };
}

export function makeDrivers(): DriverList {
  return {
    period: WEEK,
    count: 1,
    results: [
      {
        driver: { id: 61, full_name: 'Dan Driver' },
        loads: 5,
        miles: 2300,
        gross: 9775.5,
        rate_per_mile: 4.25,
        days_on_road: 6,
      },
    ],
    totals: { loads: 5, miles: 2300, gross: 9775.5, rate_per_mile: 4.25, days_on_road: 6 },
  };
}

export function makeBrokers(): BrokerList {
  return {
    period: WEEK,
    count: 2,
    results: [
      {
        broker_company: { id: 7, name: 'Acme Logistics', mc_number: '123456' },
        ...FIGURES,
        loads: 7,
        gross: 15400,
        margin: 3080,
        miles: 3500,
        rate_per_mile: 4.4,
        average_days_to_pay: 28.5,
        paid_invoices: 14,
      },
      {
        broker_company: { id: 8, name: 'Bolt Freight', mc_number: null },
        ...FIGURES,
        loads: 5,
        gross: 9200.5,
        margin: 1840.1,
        miles: 2650,
        rate_per_mile: 3.47,
        average_days_to_pay: null,
        paid_invoices: 0,
      },
    ],
    totals: FIGURES,
  };
}

export function makeBrokerCountStats(): BrokerCountStats {
  return {
    period: WEEK,
    brokers: 2,
    new_brokers: 1,
    figures: FIGURES,
    top_five_share: 100,
    average_days_to_pay: 28.5,
  };
}

export function makeBroker(): BrokerDashboard {
  const month = (value: string, loads: number, gross: number) => ({
    month: value,
    loads,
    gross,
    margin: gross / 5,
    miles: loads * 500,
    rate_per_mile: loads > 0 ? Math.round((gross / (loads * 500)) * 100) / 100 : null,
  });
  return {
    period: WEEK,
    broker_company: { id: 7, name: 'Acme Logistics', mc_number: '123456' },
    figures: { loads: 7, gross: 15400, margin: 3080, miles: 3500, rate_per_mile: 4.4 },
    previous: {
      date_from: '2026-11-16',
      date_to: '2026-11-22',
      figures: { loads: 5, gross: 11000, margin: 2200, miles: 2500, rate_per_mile: 4.4 },
    },
    average_days_to_pay: 28.5,
    paid_invoices: 14,
    first_load_date: '2025-03-04',
    last_load_date: '2026-11-27',
    months: [
      ['2025-12', 0, 0],
      ['2026-01', 2, 4000],
      ['2026-02', 3, 6000],
      ['2026-03', 1, 2000],
      ['2026-04', 0, 0],
      ['2026-05', 4, 8000],
      ['2026-06', 2, 4000],
      ['2026-07', 3, 6000],
      ['2026-08', 1, 2000],
      ['2026-09', 2, 4000],
      ['2026-10', 5, 10000],
      ['2026-11', 12, 26400],
    ].map(([value, loads, gross]) => month(value as string, loads as number, gross as number)),
  };
}

export function makeDispatcherDashboard(overrides: Partial<DispatcherDashboard> = {}): DispatcherDashboard {
  return {
    period: WEEK,
    dispatcher: { id: 21, full_name: 'Dina Dispatch' },
    now: { loads_to_move: 6, picking_up_today: 2, bids_waiting: 4, trucks_without_loads: 3 },
    own: { ...FIGURES, loads: 8, gross: 16400.25, margin: 3280.05, bids_sent: 14, bids_won: 7, bids_lost: 5 },
    team: {
      id: 3,
      name: 'East',
      dispatchers: 4,
      totals: {
        ...FIGURES,
        loads: 20,
        gross: 41000,
        margin: 8200,
        bids_sent: 40,
        bids_won: 18,
        bids_lost: 12,
      },
      average: {
        loads: 5,
        gross: 10250,
        margin: 2050,
        miles: 1537.5,
        rate_per_mile: 6.67,
        bids_sent: 10,
        bids_won: 4.5,
        bids_lost: 3,
      },
    },
    ...overrides,
  };
}

/** Every dashboard endpoint answering the week above. */
export function dashboardRoutes(): Record<string, unknown> {
  return {
    [`GET ${DASHBOARD_PATHS.countStats}`]: makeCountStats(),
    [`GET ${DASHBOARD_PATHS.drivers}`]: makeDrivers(),
    [`GET ${DASHBOARD_PATHS.dispatchers}`]: makeDispatchers(),
    [`GET ${DASHBOARD_PATHS.graphs}`]: makeGraphs(),
    [`GET ${DASHBOARD_PATHS.dispatcher}`]: makeDispatcherDashboard(),
    [`GET ${DASHBOARD_PATHS.brokers}`]: makeBrokers(),
    [`GET ${DASHBOARD_PATHS.brokerCountStats}`]: makeBrokerCountStats(),
    [`GET ${DASHBOARD_PATHS.broker(7)}`]: makeBroker(),
  };
}
