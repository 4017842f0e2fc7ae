import { sql } from 'kysely';
import type { Db } from '../../db/types';
import {
  BID_COLUMNS,
  COUNTED,
  FIGURE_COLUMNS,
  MOVED,
  scopedBids,
  scopedLoads,
  type DayRange,
  type LoadScope,
} from './dashboard-scope.repository';

// The dashboard's figures per person over the read model: per driver (with days on the road), per
// dispatcher (loads and bids), and how many dispatchers of a team were at work in a period.

/** A load's days on the road are capped, so that a mistyped delivery date cannot make a year of days. */
const MAX_ROAD_DAYS = 31;

/** The figures of each driver with counted loads in the range. */
export async function figuresByDriver(db: Db, scope: LoadScope, range: DayRange) {
  return scopedLoads(db, scope, range)
    .where(COUNTED)
    .where('d.driver_id', 'is not', null)
    .select(['d.driver_id', ...FIGURE_COLUMNS])
    .groupBy('d.driver_id')
    .execute();
}

/**
 * Each driver's days on the road: the distinct Eastern days from pick-up to delivery (both included) of
 * their loads of the range that moved; a load without a delivery counts its pick-up day. The loads' spans
 * are merged where they overlap (in order of pick-up, a span starts a new stretch when it begins after
 * every earlier one ended) and the stretches' days added up, so the count costs a sort of the month's
 * loads, whatever the spans' lengths.
 */
export async function roadDaysByDriver(db: Db, scope: LoadScope, range: DayRange) {
  const spans = scopedLoads(db, scope, range)
    .where(MOVED)
    .where('d.driver_id', 'is not', null)
    .select([
      'd.driver_id',
      'd.day as first_day',
      sql<string>`d.day + least(greatest(coalesce(d.end_day, d.day) - d.day, 0), ${sql.lit(MAX_ROAD_DAYS)})`.as(
        'last_day',
      ),
    ]);
  const result = await sql<{ driver_id: number; days: number | string }>`
    WITH spans AS (${spans}),
    reached AS (
      SELECT driver_id, first_day, last_day,
        max(last_day) OVER (PARTITION BY driver_id ORDER BY first_day, last_day
          ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS reached_day
      FROM spans
    ),
    stretches AS (
      SELECT driver_id, first_day, last_day,
        sum(CASE WHEN reached_day IS NULL OR first_day > reached_day THEN 1 ELSE 0 END)
          OVER (PARTITION BY driver_id ORDER BY first_day, last_day ROWS UNBOUNDED PRECEDING) AS stretch
      FROM reached
    )
    SELECT driver_id, sum(days) AS days FROM (
      SELECT driver_id, max(last_day) - min(first_day) + 1 AS days FROM stretches GROUP BY driver_id, stretch
    ) counted
    GROUP BY driver_id`.execute(db);
  return result.rows;
}

/** The figures of each dispatcher with counted loads in the range. */
export async function figuresByDispatcher(db: Db, scope: LoadScope, range: DayRange) {
  return scopedLoads(db, scope, range)
    .where(COUNTED)
    .where('d.dispatcher_id', 'is not', null)
    .select(['d.dispatcher_id', ...FIGURE_COLUMNS])
    .groupBy('d.dispatcher_id')
    .execute();
}

/** The bids of each dispatcher who made one in the range: sent, active, won, lost. */
export async function bidsByDispatcher(db: Db, scope: LoadScope, range: DayRange) {
  return scopedBids(db, scope, range)
    .where('b.dispatcher_id', 'is not', null)
    .select(['b.dispatcher_id', ...BID_COLUMNS])
    .groupBy('b.dispatcher_id')
    .execute();
}

/** How many dispatchers have a counted load or a bid of the scope in the range. */
export async function countDispatchersAtWork(db: Db, scope: LoadScope, range: DayRange): Promise<number> {
  const withLoads = scopedLoads(db, scope, range)
    .where(COUNTED)
    .where('d.dispatcher_id', 'is not', null)
    .select('d.dispatcher_id as id');
  const withBids = scopedBids(db, scope, range)
    .where('b.dispatcher_id', 'is not', null)
    .select('b.dispatcher_id as id');
  const row = await db
    .selectFrom(withLoads.union(withBids).as('people'))
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
