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

/**
 * A load's days on the road as a string of bits, one per day from the range's first day to the last day a
 * load of the range can reach (the range's last day + MAX_ROAD_DAYS): the bits of the Eastern days from its pick-up
 * to its delivery (both included; without a delivery, the pick-up day). OR-ed together, a driver's loads
 * set one bit per distinct day, however their spans overlap, so the count is one pass over the month's
 * loads with no sort.
 */
function roadDayBits(range: DayRange) {
  const width = sql`(${range.to}::date - ${range.from}::date + ${sql.lit(MAX_ROAD_DAYS + 1)})`;
  const daysAfter = sql`least(greatest(coalesce(d.end_day, d.day) - d.day, 0), ${sql.lit(MAX_ROAD_DAYS)})`;
  // All ones, shifted left to keep one bit per day of the load at the start, then right to the place of
  // its pick-up day.
  return sql`(repeat('1', ${width})::varbit << (${width} - 1 - ${daysAfter})) >> (d.day - ${range.from}::date)`;
}

/**
 * The figures of each driver with counted loads in the range, and their days on the road: the distinct
 * Eastern days from pick-up to delivery (both included) of their loads of the range that moved.
 */
export async function figuresByDriver(db: Db, scope: LoadScope, range: DayRange) {
  return scopedLoads(db, scope, range)
    .where(COUNTED)
    .where('d.driver_id', 'is not', null)
    .select([
      'd.driver_id',
      ...FIGURE_COLUMNS,
      sql<string>`coalesce(bit_count(bit_or(${roadDayBits(range)}) FILTER (WHERE ${MOVED})), 0)`.as('days'),
    ])
    .groupBy('d.driver_id')
    .execute();
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
