import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db, Row } from '../../db/types';

/** A vehicle the watch changed, with what its notice says. */
export type WatchedVehicleRow = Pick<
  Row<'vehicles'>,
  | 'id'
  | 'company_id'
  | 'unit_id'
  | 'dispatcher_id'
  | 'location_updated_at'
  | 'location_address'
  | 'location_city'
  | 'location_state'
  | 'location_lat'
  | 'location_lon'
> & {
  /** The load of the active list that has the vehicle (the newest, should there be several). */
  load_id: number | null;
};

type VehiclesRef = ExpressionBuilder<Database, 'vehicles'>;

/**
 * The vehicle is tracked at `at`: tracking is on, or it was paused and the pause has ended (the vehicles
 * area's trackingState: off is is_tracking_active false with no pause end). NULL, not false, for a vehicle
 * switched off: fine in a WHERE (where it matches too, the partial index vehicles_tracking_watch_idx is
 * implied), and wrapped in coalesce where it is negated or answered.
 */
function trackedAt(at: Date) {
  return sql<SqlBool>`(vehicles.is_tracking_active OR vehicles.inactive_tracking_until <= ${at})`;
}

const surelyTrackedAt = (at: Date) => sql<SqlBool>`coalesce(${trackedAt(at)}, false)`;

const ACTIVE_LIST = 1;

function returningWatched(eb: VehiclesRef) {
  return [
    'vehicles.id',
    'vehicles.company_id',
    'vehicles.unit_id',
    'vehicles.dispatcher_id',
    'vehicles.location_updated_at',
    'vehicles.location_address',
    'vehicles.location_city',
    'vehicles.location_state',
    'vehicles.location_lat',
    'vehicles.location_lon',
    eb
      .selectFrom('loads')
      .select('loads.id')
      .whereRef('loads.company_id', '=', 'vehicles.company_id')
      .where('loads.list_class', '=', ACTIVE_LIST)
      .whereRef('loads.vehicle_id', '=', 'vehicles.id')
      .orderBy('loads.id', 'desc')
      .limit(1)
      .as('load_id'),
  ] as const;
}

/**
 * Claims up to `limit` tracked vehicles whose last location is older than `silentSince` and that are not
 * claimed yet: marks them lost at `at` and answers them. Rows another process is claiming right now are
 * skipped (SKIP LOCKED), and a row it claimed meanwhile no longer matches once locked, so each vehicle is
 * claimed by one process once. A vehicle that never reported a location has not stopped: it is left alone.
 */
export async function claimSilentVehicles(
  trx: Db,
  at: Date,
  silentSince: Date,
  limit: number,
): Promise<WatchedVehicleRow[]> {
  return trx
    .updateTable('vehicles')
    .set({ tracking_lost_at: at })
    .where('vehicles.id', 'in', (eb) =>
      eb
        .selectFrom('vehicles')
        .select('vehicles.id')
        .where(trackedAt(at))
        .where('vehicles.tracking_lost_at', 'is', null)
        .where('vehicles.location_updated_at', '<', silentSince)
        .orderBy('vehicles.location_updated_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .where('vehicles.tracking_lost_at', 'is', null)
    .returning(returningWatched)
    .execute();
}

/**
 * Releases up to `limit` lost vehicles that report again (a location at or after `freshSince`) or are no
 * longer tracked (switched off or paused): clears their lost mark and answers them, each with
 * `reporting_again` (still tracked, so its location came back) or not (tracking was switched off or
 * paused: the watch ends without a notice). Claimed once, as claimSilentVehicles.
 */
export async function releaseVehicles(
  trx: Db,
  at: Date,
  freshSince: Date,
  limit: number,
): Promise<(WatchedVehicleRow & { reporting_again: boolean })[]> {
  const rows = await trx
    .updateTable('vehicles')
    .set({ tracking_lost_at: null })
    .where('vehicles.id', 'in', (eb) =>
      eb
        .selectFrom('vehicles')
        .select('vehicles.id')
        .where('vehicles.tracking_lost_at', 'is not', null)
        .where((inner) =>
          inner.or([
            inner('vehicles.location_updated_at', '>=', freshSince),
            sql<SqlBool>`NOT ${surelyTrackedAt(at)}`,
          ]),
        )
        .orderBy('vehicles.tracking_lost_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .where('vehicles.tracking_lost_at', 'is not', null)
    .returning((eb) => [...returningWatched(eb), surelyTrackedAt(at).as('reporting_again')])
    .execute();
  return rows.map((row) => ({ ...row, reporting_again: Boolean(row.reporting_again) }));
}
