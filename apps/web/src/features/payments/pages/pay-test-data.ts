import type {
  DispatcherPayDetail,
  DispatcherPaymentRow,
  OwnerPayDetail,
  OwnerPaymentRow,
  PaySheetLoad,
} from '@app/domain/accounting/payments.schema';

// Test data of the pay pages: the fixtures' week 10 of 2026 as the API answers it (Anna Alpha's week pays
// $1,875.00: $1,500.00 + $200.00 TONU + a canceled load's $150.00 payment + $50 bonus - $25 fine).

export const OWNERS_ALL = '/backend/api/v2/payments/owners/all';
export const DISPATCHERS_ALL = '/backend/api/v2/payments/dispatchers/all';
export const UPDATE_STATUS = '/backend/api/v2/payments/update-status';
export const CREATE_ITEM = '/backend/api/v2/payments/create';

const week = {
  status: 1 as const,
  status_name: 'Standard',
  week: 10,
  year: 2026,
  week_start: '2026-03-02',
  week_end: '2026-03-08',
  is_closed: false,
  paid_at: null,
};

export function makeOwnerRow(overrides: Partial<OwnerPaymentRow> = {}): OwnerPaymentRow {
  return {
    ...week,
    id: 501,
    type: 'owner',
    owner: {
      id: 61,
      first_name: 'Anna',
      last_name: 'Alpha',
      full_name: 'Anna Alpha',
      company_name: 'Alpha Fleet',
      email: 'anna@alpha.test',
    },
    loads_count: 3,
    gross: 2300,
    load_pay: 1700,
    bonuses: 50,
    fines: 25,
    items: 150,
    computed_total: 1875,
    amount: 1875,
    ...overrides,
  };
}

export function makeDispatcherRow(overrides: Partial<DispatcherPaymentRow> = {}): DispatcherPaymentRow {
  return {
    ...week,
    id: 601,
    type: 'dispatcher',
    dispatcher: {
      id: 21,
      first_name: 'Dina',
      last_name: 'Dispatch',
      full_name: 'Dina Dispatch',
      email: 'dina@demo.test',
      team: { id: 3, name: 'East' },
    },
    terms: { basis: 'gross_percent', percent: 10, amount: null, updated_date: '2026-03-01T12:00:00Z' },
    margin: 734.45,
    loads_count: 3,
    gross: 3234.55,
    load_pay: 323.46,
    bonuses: 10,
    fines: 0,
    items: 0,
    computed_total: 333.46,
    amount: 333.46,
    ...overrides,
  };
}

export function makeSheetLoad(overrides: Partial<PaySheetLoad> = {}): PaySheetLoad {
  return {
    id: 71,
    status: 10,
    status_name: 'Completed',
    load_accounting_number: 71,
    load_accounting_number_display: '000071',
    rateconf_ref: 'RC-1',
    broker_company: { id: 7, name: 'Acme Logistics' },
    pick_up: { city: 'Dallas', state: 'TX', date: '2026-03-02T15:00:00Z' },
    delivery: { city: 'Houston', state: 'TX', date: '2026-03-03T20:00:00Z' },
    stops_count: 2,
    miles: 239,
    driver: { id: 81, full_name: 'Dan Driver' },
    car: { id: 91, unit_id: 'U-101' },
    owner: { id: 61, full_name: 'Anna Alpha' },
    dispatcher: { id: 21, full_name: 'Dina Dispatch' },
    broker_price: 2000,
    driver_price: 1500,
    pay: 1500,
    incentives: [
      {
        id: 1,
        type: 'Bonus',
        person_type: 'driver',
        amount: 50,
        reason: 'On time',
        created_date: '2026-03-04T12:00:00Z',
      },
      {
        id: 2,
        type: 'Fine',
        person_type: 'owner',
        amount: -25,
        reason: 'Late papers',
        created_date: '2026-03-04T12:00:00Z',
      },
    ],
    items: [],
    total: 1525,
    ...overrides,
  };
}

export function makeOwnerWeek(): OwnerPayDetail {
  return {
    ...makeOwnerRow(),
    loads: [
      makeSheetLoad(),
      makeSheetLoad({
        id: 72,
        delivery: { city: 'Austin', state: 'TX', date: null },
        load_accounting_number_display: '000072',
        status: 12,
        status_name: 'Canceled',
        broker_price: 800,
        driver_price: 600,
        pay: 0,
        incentives: [],
        items: [
          {
            id: 9,
            kind: 'payment',
            amount: 150,
            reason: 'Canceled at the dock',
            load_id: 72,
            load_accounting_number_display: '000072',
            created_by: null,
            created_date: '2026-03-05T12:00:00Z',
          },
        ],
        total: 150,
      }),
    ],
    other_items: [],
  };
}

export function makeDispatcherWeek(): DispatcherPayDetail {
  return {
    ...makeDispatcherRow(),
    loads: [makeSheetLoad({ pay: 200, total: 200, incentives: [] })],
    other_items: [],
  };
}

export const OWNER_TOTALS = {
  loads_count: 4,
  gross: 3534.55,
  load_pay: 2700.1,
  bonuses: 50,
  fines: 25,
  items: 150,
  amount: 2875.1,
};
