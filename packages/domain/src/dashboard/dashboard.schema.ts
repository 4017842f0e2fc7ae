import { z } from 'zod';
import { idSchema } from '../common/ids';
import { LOAD_STATUS_IDS, VEHICLE_STATUS_IDS } from '../common/lookups';
import { listResponseSchema, paginationQuerySchema } from '../common/pagination';
import { menuRoles } from '../shell/menu.rules';
import { DASHBOARD_PERIODS, MAX_RANGE_DAYS, rangeDayCount } from './dashboard.rules';

// The dashboard (/, the start page of admins, managers and dispatchers), all under /backend/api/v2:
//   GET dashboard/count-stats               counts of loads, the board, bids, vehicles, drivers and owners
//   GET dashboard/drivers/all               per driver: loads, miles, gross, rate per mile, days on the road
//   GET dashboard/dispatchers/all           per dispatcher: loads booked, gross, margin, bids sent and won
//   GET dashboard/graphs/all                gross, margin and loads per day and per ISO week
//   GET dashboard/dispatcher                the signed-in user's own numbers against their team's
//   GET dashboard/broker-company/all        brokers ranked by loads, gross, rate per mile, days to pay
//   GET dashboard/broker-company/count-stats   the brokers of the period in figures
//   GET dashboard/broker-company/{id}/      one broker's figures, history by month and trend
//
// Definitions (every figure below follows them):
// - Period: today, this_week, last_week (ISO weeks, Monday to Sunday), this_month, or a range of Eastern
//   calendar dates (date_from and date_to, both included). `periodDates` in dashboard.rules.ts turns a
//   period into its first and last Eastern date; every answer echoes them in `period`.
// - A load counts in a period by the Eastern calendar day of its first pick-up (pick_up_datetime). Loads on
//   the load board or taken off it unbooked (withdrawn, expired) are no loads of the company yet and never
//   count. A load without a pick-up time counts in no period.
// - Counted loads: loads of the active, checkout and completed lists, TONU loads (status 9, 11) included.
//   Canceled loads (status 12) appear only in the counts per list and status of count-stats: a cancel sets
//   the broker price to 0 and the money model pays nothing for them (accounting/money.rules.ts).
// - gross = the broker prices of the counted loads (a TONU load's is the TONU price the broker pays);
//   margin = broker price - driver price, summed; miles = loads.miles of the counted loads that moved (a
//   TONU load moved nothing, so it adds money and no miles); rate_per_mile = gross / miles to the cent,
//   null when there are no miles.
// - Days on the road of a driver: the distinct Eastern calendar days from pick-up to delivery (both
//   included) of the driver's counted loads of the period that moved; a load without a delivery time counts
//   its pick-up day only, and one load at most 32 days. Two loads on the same day count that day once.
// - Bids are the dispatchers' propositions to brokers (bids of kind 'dispatcher'), counted by the Eastern
//   day they were made: sent = made in the period; active, won and lost = those of them whose status now is
//   1 (active), 2 (won) or 3 (lost or rejected).
// - Days to pay of a broker: the accounting module's average (Eastern date paid - invoice date over the
//   broker's paid invoices, to one decimal; GET payments/brokers/{id}/days-to-pay), over all time.
// - Money is in dollars as numbers with two decimals (kept as integer cents until answered).
// - Filters: working_group (team) and subgroup keep the loads booked for that team or subgroup (the team
//   stored on the load when it was booked) and the bids of the dispatchers of the team (as they stood when
//   the bid was made). Vehicles, drivers and owners are counted as they are now: a team's vehicles are the
//   vehicles of the team, a subgroup's those its members dispatch; their drivers and owners are the drivers
//   and owners of those vehicles.
// - Who sees what: admins and managers see the company (narrowed by the filters). A dispatcher's answers
//   hold only their own loads, bids and vehicles: count-stats, graphs and the broker calls count their own
//   loads and bids, drivers/all lists the drivers of their own loads with those loads' figures,
//   dispatchers/all answers their own row only. GET dashboard/dispatcher compares the caller with their
//   team in aggregates (totals and averages per dispatcher), never one other person's figures. No answer
//   holds any person's pay.

/** Who sees the dashboard: its menu entry (admins, managers, dispatchers). */
export const DASHBOARD_ROLES = menuRoles('dashboard');

export const DASHBOARD_SCHEMA_MESSAGES = {
  periodInvalid: "Must be 'today', 'this_week', 'last_week', 'this_month' or 'range'",
  dateInvalid: 'Must be a date as YYYY-MM-DD',
  dateRequired: "Required when the period is 'range'",
  rangeReversed: 'Must not be before date_from',
  rangeTooLong: `A range may cover at most ${MAX_RANGE_DAYS} days`,
  orderInvalid: "Must be 'asc' or 'desc'",
  sortInvalid: 'Must be one of the sortable columns',
} as const;

const M = DASHBOARD_SCHEMA_MESSAGES;

const easternDate = z.iso.date({ error: M.dateInvalid });

/**
 * The period and filters every dashboard call takes (the dashboard's saved filter set): `period` (today by
 * default), date_from and date_to (Eastern 'YYYY-MM-DD', both required for 'range' and ignored otherwise;
 * at most 366 days), working_group (team id) and subgroup (subgroup id).
 */
export const dashboardFilterShape = {
  period: z.enum(DASHBOARD_PERIODS, { error: M.periodInvalid }).default('today'),
  date_from: easternDate.optional(),
  date_to: easternDate.optional(),
  working_group: idSchema.optional(),
  subgroup: idSchema.optional(),
};

type PeriodFields = { period: string; date_from?: string | undefined; date_to?: string | undefined };

function checkRange(query: PeriodFields, ctx: z.RefinementCtx) {
  if (query.period !== 'range') return;
  if (query.date_from === undefined)
    ctx.addIssue({ code: 'custom', path: ['date_from'], message: M.dateRequired });
  if (query.date_to === undefined)
    ctx.addIssue({ code: 'custom', path: ['date_to'], message: M.dateRequired });
  if (query.date_from === undefined || query.date_to === undefined) return;
  if (query.date_to < query.date_from)
    ctx.addIssue({ code: 'custom', path: ['date_to'], message: M.rangeReversed });
  else if (rangeDayCount(query.date_from, query.date_to) > MAX_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['date_to'], message: M.rangeTooLong });
}

/** GET dashboard/count-stats, graphs/all, dispatcher, broker-company/count-stats, broker-company/{id}/. */
export const dashboardQuerySchema = z.object(dashboardFilterShape).superRefine(checkRange);
export type DashboardQueryInput = z.input<typeof dashboardQuerySchema>;
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A list's query: the filters, page and limit, `sort` (a column of the list) and `order` (desc by default). */
function listQuerySchema<const Columns extends readonly [string, ...string[]]>(
  columns: Columns,
  defaultSort: Columns[number],
) {
  return paginationQuerySchema
    .extend({
      ...dashboardFilterShape,
      sort: z.enum(columns, { error: M.sortInvalid }).default(defaultSort as never),
      order: z.enum(SORT_ORDERS, { error: M.orderInvalid }).default('desc'),
    })
    .superRefine(checkRange);
}

/** Columns GET dashboard/drivers/all sorts by (gross by default); ties by the driver's id. */
export const DRIVER_SORTS = ['loads', 'miles', 'gross', 'rate_per_mile', 'days_on_road'] as const;
export const driverListQuerySchema = listQuerySchema(DRIVER_SORTS, 'gross');
export type DriverListQueryInput = z.input<typeof driverListQuerySchema>;
export type DriverListQuery = z.output<typeof driverListQuerySchema>;

/** Columns GET dashboard/dispatchers/all sorts by (gross by default); ties by the dispatcher's id. */
export const DISPATCHER_SORTS = ['loads', 'gross', 'margin', 'bids_sent', 'bids_won'] as const;
export const dispatcherListQuerySchema = listQuerySchema(DISPATCHER_SORTS, 'gross');
export type DispatcherListQueryInput = z.input<typeof dispatcherListQuerySchema>;
export type DispatcherListQuery = z.output<typeof dispatcherListQuerySchema>;

/**
 * Columns GET dashboard/broker-company/all ranks by (loads by default); ties by the broker's id. A broker
 * whose days to pay is unknown (no paid invoice) comes last whatever the order.
 */
export const BROKER_SORTS = ['loads', 'gross', 'margin', 'rate_per_mile', 'days_to_pay'] as const;
export const brokerListQuerySchema = listQuerySchema(BROKER_SORTS, 'loads');
export type BrokerListQueryInput = z.input<typeof brokerListQuerySchema>;
export type BrokerListQuery = z.output<typeof brokerListQuerySchema>;

// ---------------------------------------------------------------- the answers

/** Dollars with two decimals. */
const money = z.number();
const count = z.number().int().min(0);
const dateOnly = z.iso.date();

/** The period the answer covers: the asked period and its first and last Eastern date (both included). */
export const dashboardPeriodSchema = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  date_from: dateOnly,
  date_to: dateOnly,
});
export type DashboardPeriod = z.infer<typeof dashboardPeriodSchema>;

/** The money of a set of counted loads (see the definitions above). */
export const loadFiguresSchema = z.object({
  /** Counted loads: active, checkout and completed, TONU included, canceled not. */
  loads: count,
  /** Broker prices of the counted loads. */
  gross: money,
  /** Broker price - driver price, summed over the counted loads (may be negative). */
  margin: money,
  /** loads.miles of the counted loads that moved (TONU loads add none). */
  miles: count,
  /** gross / miles to the cent; null without miles. */
  rate_per_mile: money.nullable(),
});
export type LoadFigures = z.infer<typeof loadFiguresSchema>;

/** Bids (dispatchers' propositions) made in the period, and what became of them. */
export const bidFiguresSchema = z.object({
  /** Made in the period. */
  sent: count,
  /** Of those, still waiting for the broker (status 1). */
  active: count,
  /** Of those, won (status 2). */
  won: count,
  /** Of those, lost or rejected (status 3). */
  lost: count,
});
export type BidFigures = z.infer<typeof bidFiguresSchema>;

const statusCountSchema = <Status extends z.ZodType<number>>(status: Status) =>
  z.object({ status, status_name: z.string(), count });

/** GET dashboard/count-stats. */
export const countStatsSchema = z.object({
  period: dashboardPeriodSchema,
  loads: z.object({
    /** Loads of the period in each list (canceled included here, and only here). */
    by_list: z.object({ active: count, checkout: count, completed: count, canceled: count }),
    /** Loads of the period by status, every status 1 to 12 in order (0 when none). */
    by_status: z.array(statusCountSchema(z.literal(LOAD_STATUS_IDS))),
  }),
  /** The money of the period's counted loads. */
  figures: loadFiguresSchema,
  /**
   * The load board: `posted` = loads that reached the board in the period (by the Eastern day posted),
   * `booked` = those of them booked since, `on_board` = loads on the board now. Board loads belong to no
   * dispatcher or team yet: the same numbers for everyone of the company.
   */
  board: z.object({ posted: count, booked: count, on_board: count }),
  bids: bidFiguresSchema,
  /** Vehicles now, by status (every status in the lookup's order, 0 when none) and in all. */
  vehicles: z.object({
    total: count,
    by_status: z.array(statusCountSchema(z.literal(VEHICLE_STATUS_IDS))),
  }),
  /** Drivers now with status Active and marked active (of the counted vehicles when filtered or a dispatcher asks). */
  drivers: z.object({ active: count }),
  /** Owners now marked active (of the counted vehicles when filtered or a dispatcher asks). */
  owners: z.object({ active: count }),
});
export type CountStats = z.infer<typeof countStatsSchema>;

const personSchema = z.object({ id: z.number().int(), full_name: z.string() });

/** A row of GET dashboard/drivers/all: one driver's counted loads of the period. */
export const driverRowSchema = z.object({
  driver: personSchema,
  loads: count,
  miles: count,
  gross: money,
  rate_per_mile: money.nullable(),
  /** Distinct Eastern days between pick-up and delivery of the driver's loads that moved. */
  days_on_road: count,
});
export type DriverRow = z.infer<typeof driverRowSchema>;

/** GET dashboard/drivers/all: drivers with at least one counted load in the period; totals over all rows. */
export const driverListSchema = listResponseSchema(driverRowSchema).extend({
  period: dashboardPeriodSchema,
  /** Over every driver of the list (not only the page); days_on_road is the sum of the drivers' days. */
  totals: driverRowSchema.omit({ driver: true }),
});
export type DriverList = z.infer<typeof driverListSchema>;

/** A row of GET dashboard/dispatchers/all: one dispatcher's counted loads and bids of the period. */
export const dispatcherRowSchema = z.object({
  dispatcher: personSchema,
  ...loadFiguresSchema.shape,
  bids_sent: count,
  bids_won: count,
  bids_lost: count,
});
export type DispatcherRow = z.infer<typeof dispatcherRowSchema>;

/**
 * GET dashboard/dispatchers/all: dispatchers with a counted load or a bid in the period (a dispatcher
 * gets their own row only, or none); totals over all rows.
 */
export const dispatcherListSchema = listResponseSchema(dispatcherRowSchema).extend({
  period: dashboardPeriodSchema,
  totals: dispatcherRowSchema.omit({ dispatcher: true }),
});
export type DispatcherList = z.infer<typeof dispatcherListSchema>;

const graphPointShape = { loads: count, gross: money, margin: money };

/**
 * GET dashboard/graphs/all: every day of the period (zeros included) and every ISO week touching it; a week
 * sums only its days inside the period, so the weeks add up to the days. `total` is the whole period.
 */
export const graphsSchema = z.object({
  period: dashboardPeriodSchema,
  days: z.array(z.object({ date: dateOnly, ...graphPointShape })),
  weeks: z.array(
    z.object({
      /** ISO week-numbering year and week (as the accounting weeks). */
      year: z.number().int(),
      week: z.number().int(),
      /** Monday and Sunday of the week. */
      week_start: dateOnly,
      week_end: dateOnly,
      ...graphPointShape,
    }),
  ),
  total: z.object(graphPointShape),
});
export type Graphs = z.infer<typeof graphsSchema>;

/** A dispatcher's figures for the comparison: loads and bids together. */
export const dispatcherFiguresSchema = loadFiguresSchema.extend({
  bids_sent: count,
  bids_won: count,
  bids_lost: count,
});
export type DispatcherFigures = z.infer<typeof dispatcherFiguresSchema>;

/**
 * GET dashboard/dispatcher: the signed-in user's own numbers against their team's. The team is the
 * user's working group; its figures are the loads booked for the team and the bids of its dispatchers,
 * only ever as totals and averages (the average is the total over the team's dispatchers with a counted
 * load or a bid in the period; counts and miles to two decimals). The team filters are ignored here.
 */
export const dispatcherDashboardSchema = z.object({
  period: dashboardPeriodSchema,
  dispatcher: personSchema,
  /** Right now, whatever the period: the caller's own day. */
  now: z.object({
    /** The caller's loads in the active list (statuses 1 to 7). */
    loads_to_move: count,
    /** Of those, picking up today (Eastern). */
    picking_up_today: count,
    /** The caller's bids waiting for the broker (status 1), whenever made. */
    bids_waiting: count,
    /** The caller's vehicles that are Available (status 1): trucks without a load. */
    trucks_without_loads: count,
  }),
  own: dispatcherFiguresSchema,
  /** Null when the caller is in no team. */
  team: z
    .object({
      id: z.number().int(),
      name: z.string(),
      /** Dispatchers of the team with a counted load or a bid in the period (the caller included). */
      dispatchers: count,
      totals: dispatcherFiguresSchema,
      /** totals / dispatchers, to two decimals (counts too); null when the team had no dispatcher at work. */
      average: z
        .object({
          loads: z.number(),
          gross: money,
          margin: money,
          miles: z.number(),
          rate_per_mile: money.nullable(),
          bids_sent: z.number(),
          bids_won: z.number(),
          bids_lost: z.number(),
        })
        .nullable(),
    })
    .nullable(),
});
export type DispatcherDashboard = z.infer<typeof dispatcherDashboardSchema>;

const brokerCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mc_number: z.string().nullable(),
});

/** Days to pay as the accounting module computes it (all time, not the period). */
const daysToPayShape = {
  /** Average days from invoice to payment over the broker's paid invoices; null when none was paid. */
  average_days_to_pay: z.number().nullable(),
  paid_invoices: count,
};

/** A row of GET dashboard/broker-company/all: one broker's counted loads of the period. */
export const brokerRowSchema = z.object({
  broker_company: brokerCompanySchema,
  ...loadFiguresSchema.shape,
  ...daysToPayShape,
});
export type BrokerRow = z.infer<typeof brokerRowSchema>;

/** GET dashboard/broker-company/all: brokers with a counted load in the period, ranked; totals over all rows. */
export const brokerListSchema = listResponseSchema(brokerRowSchema).extend({
  period: dashboardPeriodSchema,
  totals: loadFiguresSchema,
});
export type BrokerList = z.infer<typeof brokerListSchema>;

/** GET dashboard/broker-company/count-stats. */
export const brokerCountStatsSchema = z.object({
  period: dashboardPeriodSchema,
  /** Brokers with a counted load in the period. */
  brokers: count,
  /** Of those, brokers whose first counted load ever (in the caller's scope) is in the period. */
  new_brokers: count,
  figures: loadFiguresSchema,
  /** Share of the period's gross from its five biggest brokers by gross, in percent (two decimals); null without gross. */
  top_five_share: z.number().nullable(),
  /**
   * Days to pay of the period's brokers together: their paid invoices' average (weighted by paid
   * invoices); null when none was paid.
   */
  average_days_to_pay: z.number().nullable(),
});
export type BrokerCountStats = z.infer<typeof brokerCountStatsSchema>;

/** GET dashboard/broker-company/{id}/: one broker (404 for another company's). */
export const brokerDashboardSchema = z.object({
  period: dashboardPeriodSchema,
  broker_company: brokerCompanySchema,
  /** The period's counted loads with the broker. */
  figures: loadFiguresSchema,
  /** The same for the period just before, of the same number of days: the trend. */
  previous: z.object({ date_from: dateOnly, date_to: dateOnly, figures: loadFiguresSchema }),
  ...daysToPayShape,
  /** Eastern days of the first and the last counted load with the broker ever (in the caller's scope). */
  first_load_date: dateOnly.nullable(),
  last_load_date: dateOnly.nullable(),
  /** History: the twelve calendar months ending with the period's last month, oldest first (zeros included). */
  months: z.array(
    z.object({
      /** 'YYYY-MM'. */
      month: z.string(),
      ...loadFiguresSchema.shape,
    }),
  ),
});
export type BrokerDashboard = z.infer<typeof brokerDashboardSchema>;
