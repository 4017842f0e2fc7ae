import { sql } from 'kysely';
import type { Db } from '../../db/types';
import {
  BID_COLUMNS,
  COUNTED,
  FIGURE_COLUMNS,
  scopedBids,
  scopedLoads,
  type BidSums,
  type DayRange,
  type FigureSums,
  type LoadScope,
} from './dashboard-scope.repository';

// The dashboard's totals over the read model: the period's loads by status, a day's figures, the board,
// bids, and a dispatcher's work of right now. Each is one query, whatever the period's size.

/** The period's loads of the four lists by status, with the figures of each status. */
export async function totalsByStatus(db: Db, scope: LoadScope, range: DayRange) {
  return scopedLoads(db, scope, range)
    .select(['d.status', sql<number>`count(*)`.as('count'), ...FIGURE_COLUMNS])
    .groupBy('d.status')
    .execute();
}

/** The figures of the scope's loads of the range: one row. */
export async function figures(db: Db, scope: LoadScope, range: DayRange): Promise<FigureSums> {
  return scopedLoads(db, scope, range).select(FIGURE_COLUMNS).executeTakeFirstOrThrow();
}

/** The figures of each day of the range that has counted loads. */
export async function figuresByDay(db: Db, scope: LoadScope, range: DayRange) {
  return scopedLoads(db, scope, range)
    .where(COUNTED)
    .select(['d.day', ...FIGURE_COLUMNS])
    .groupBy('d.day')
    .execute();
}

/**
 * The figures of each calendar month of the range that has counted loads, by its first day ('YYYY-MM-01').
 * The loads are summed by day, then the days (at most 366) by month: a month computed for every load
 * (date_trunc goes through a timestamp with time zone) cost more than the sums themselves.
 */
export async function figuresByMonth(db: Db, scope: LoadScope, range: DayRange) {
  const days = scopedLoads(db, scope, range)
    .where(COUNTED)
    .select(['d.day', ...FIGURE_COLUMNS])
    .groupBy('d.day');
  const month = sql<string>`date_trunc('month', days.day)::date`;
  return db
    .selectFrom(days.as('days'))
    .select([
      month.as('month'),
      sql<string>`sum(days.loads)`.as('loads'),
      sql<string>`sum(days.gross_cents)`.as('gross_cents'),
      sql<string>`sum(days.margin_cents)`.as('margin_cents'),
      sql<string>`sum(days.miles)`.as('miles'),
    ])
    .groupBy(month)
    .execute();
}

/** The first and the last day of the scope's counted loads, ever. */
export async function countedLoadSpan(db: Db, scope: LoadScope) {
  return scopedLoads(db, scope, null)
    .where(COUNTED)
    .select([
      sql<string | null>`min(d.day)::text`.as('first_day'),
      sql<string | null>`max(d.day)::text`.as('last_day'),
    ])
    .executeTakeFirstOrThrow();
}

/**
 * The load board of the company: loads posted on a day of the range, those of them booked since, and the
 * loads on the board now. Board loads belong to no dispatcher or team yet.
 */
export async function boardCounts(db: Db, companyId: number, range: DayRange) {
  const [posted, onBoard] = await Promise.all([
    db
      .selectFrom('dashboard_load_days as d')
      .select([
        sql<number>`count(*)`.as('posted'),
        sql<number>`count(*) FILTER (WHERE d.board_status = 'booked')`.as('booked'),
      ])
      .where('d.company_id', '=', companyId)
      .where('d.posted_day', '>=', range.from)
      .where('d.posted_day', '<=', range.to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('dashboard_load_days as d')
      .select(sql<number>`count(*)`.as('count'))
      .where('d.company_id', '=', companyId)
      .where('d.list_class', '=', 0)
      .executeTakeFirstOrThrow(),
  ]);
  return { posted: Number(posted.posted), booked: Number(posted.booked), onBoard: Number(onBoard.count) };
}

/** Bids of the scope made in the range: sent, active, won, lost. */
export async function bidTotals(db: Db, scope: LoadScope, range: DayRange): Promise<BidSums> {
  return scopedBids(db, scope, range).select(BID_COLUMNS).executeTakeFirstOrThrow();
}

/**
 * A dispatcher's work now: their loads in the active list and those of them picking up `today`, and their
 * bids waiting for the broker, whenever made.
 */
export async function dispatcherNow(db: Db, companyId: number, dispatcherId: number, today: string) {
  const [loads, bids] = await Promise.all([
    db
      .selectFrom('dashboard_load_days as d')
      .select([
        sql<number>`count(*)`.as('to_move'),
        sql<number>`count(*) FILTER (WHERE d.day = ${today})`.as('today'),
      ])
      .where('d.company_id', '=', companyId)
      .where('d.dispatcher_id', '=', dispatcherId)
      .where(sql<boolean>`d.list_class = 1`)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('dashboard_bid_days as b')
      .select(sql<number>`count(*)`.as('waiting'))
      .where('b.company_id', '=', companyId)
      .where('b.dispatcher_id', '=', dispatcherId)
      .where(sql<boolean>`b.status = 1`)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    loadsToMove: Number(loads.to_move),
    pickingUpToday: Number(loads.today),
    bidsWaiting: Number(bids.waiting),
  };
}
