import { sql } from 'kysely';
import type { Db } from '../../db/types';

// What every dashboard query starts from: the read model's loads (dashboard_load_days) or bids
// (dashboard_bid_days) of one company, narrowed to a scope and a range of Eastern days, and the sums every
// figure is made of. The read model is migration 0021's, kept by triggers on loads and bids.

/** Whose loads and bids count: the company's, narrowed to a team, a subgroup, a dispatcher, a broker. */
export type LoadScope = {
  companyId: number;
  dispatcherId?: number | undefined;
  workingGroupId?: number | undefined;
  subgroupId?: number | undefined;
  brokerId?: number | undefined;
};

/** Eastern calendar days, both included ('YYYY-MM-DD'). */
export type DayRange = { from: string; to: string };

// Literal conditions (not parameters), so that the planner matches the read model's partial indexes.
/** The four lists (board loads and loads off the board unbooked are no loads of the company yet). */
const IN_LISTS = sql<boolean>`d.list_class BETWEEN 1 AND 4`;
/** Counted loads: active, checkout and completed, TONU included; canceled not. */
export const COUNTED = sql<boolean>`d.list_class BETWEEN 1 AND 3`;
/** Counted loads that moved: not TONU (9, 11), which earns money and drives no miles. */
export const MOVED = sql<boolean>`d.list_class BETWEEN 1 AND 3 AND d.status NOT IN (9, 11)`;

/** The scope's loads of the four lists whose first pick-up is on a day of the range. */
export function scopedLoads(db: Db, scope: LoadScope, range: DayRange | null) {
  let query = db
    .selectFrom('dashboard_load_days as d')
    .where('d.company_id', '=', scope.companyId)
    .where(IN_LISTS)
    .where('d.day', 'is not', null);
  if (range) query = query.where('d.day', '>=', range.from).where('d.day', '<=', range.to);
  if (scope.dispatcherId !== undefined) query = query.where('d.dispatcher_id', '=', scope.dispatcherId);
  if (scope.workingGroupId !== undefined)
    query = query.where('d.working_group_id', '=', scope.workingGroupId);
  if (scope.subgroupId !== undefined) query = query.where('d.subgroup_id', '=', scope.subgroupId);
  if (scope.brokerId !== undefined) query = query.where('d.broker_company_id', '=', scope.brokerId);
  return query;
}

/** The sums of load figures: counted loads, gross and margin in cents, miles of the loads that moved. */
export const FIGURE_COLUMNS = [
  sql<number>`count(*) FILTER (WHERE ${COUNTED})`.as('loads'),
  sql<string>`coalesce(sum(d.broker_cents) FILTER (WHERE ${COUNTED}), 0)`.as('gross_cents'),
  sql<string>`coalesce(sum(d.broker_cents - d.driver_cents) FILTER (WHERE ${COUNTED}), 0)`.as('margin_cents'),
  sql<string>`coalesce(sum(d.miles) FILTER (WHERE ${MOVED}), 0)`.as('miles'),
] as const;

/** A row of sums as the figures read them (sums of bigint arrive as numeric text). */
export type FigureSums = {
  loads: number | string;
  gross_cents: number | string;
  margin_cents: number | string;
  miles: number | string;
};

/** The scope's dispatcher bids made on a day of the range. */
export function scopedBids(db: Db, scope: LoadScope, range: DayRange) {
  let query = db
    .selectFrom('dashboard_bid_days as b')
    .where('b.company_id', '=', scope.companyId)
    .where('b.day', '>=', range.from)
    .where('b.day', '<=', range.to);
  if (scope.dispatcherId !== undefined) query = query.where('b.dispatcher_id', '=', scope.dispatcherId);
  if (scope.workingGroupId !== undefined)
    query = query.where('b.working_group_id', '=', scope.workingGroupId);
  if (scope.subgroupId !== undefined) query = query.where('b.subgroup_id', '=', scope.subgroupId);
  return query;
}

/** Bids sent, and of those active, won and lost. */
export const BID_COLUMNS = [
  sql<number>`count(*)`.as('sent'),
  sql<number>`count(*) FILTER (WHERE b.status = 1)`.as('active'),
  sql<number>`count(*) FILTER (WHERE b.status = 2)`.as('won'),
  sql<number>`count(*) FILTER (WHERE b.status = 3)`.as('lost'),
] as const;

export type BidSums = {
  sent: number | string;
  active: number | string;
  won: number | string;
  lost: number | string;
};
