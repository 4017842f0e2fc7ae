import type { Db } from '../../db/types';
import type { RealtimeEvent } from '../../realtime/event-bus';
import type { TrackedVehicle } from '../notifications/notification-notices';
import type { NotificationsService } from '../notifications/notifications.service';
import * as repository from './tracking.repository';

// The tracking watch: a background job of every server process (run by jobs/periodic-job.ts) that tells the people who watch a vehicle
// when it stops reporting its location, and when it reports again (tracking notices, types 5 and 6; who
// gets them: modules/notifications/notifications.service.ts).
//
// A vehicle is watched while it is tracked, as the vehicles area's trackingState has it: tracking on
// (is_tracking_active), or paused until a time that has passed (inactive_tracking_until); not while it is
// off or the pause lasts. Each run, every TRACKING_CHECK_INTERVAL_MS:
//   stopped        a watched vehicle whose last location is older than TRACKING_SILENCE_LIMIT_MS is marked
//                  lost (vehicles.tracking_lost_at) and its notice (5) is sent, once: a lost vehicle is
//                  not claimed again on the next runs.
//   reporting      a lost vehicle whose location is fresh again (updated within the limit) is released and
//                  its notice (6) is sent, once; it may stop again later.
//   not watched    a lost vehicle whose tracking was switched off or paused is released without a notice:
//                  whoever did that knows, and the watch starts afresh when tracking is on again.
// A vehicle that never reported a location has not stopped reporting: it is left alone.
//
// Several server processes on one database: each vehicle is claimed by an UPDATE that flips its lost mark
// (tracking_lost_at) and skips rows another process holds, in the transaction that writes the notices, so
// one process notifies each change once; the notices are published after that transaction commits.

/**
 * A tracked vehicle that has sent no location for this long has stopped reporting. Trucking ELDs and GPS
 * units report every few minutes while the engine runs; two hours also covers a driver's 30-minute break,
 * a fuel stop and a dead zone, so a notice means a unit the tracker should call about, not a short gap.
 */
export const TRACKING_SILENCE_LIMIT_MS = 2 * 60 * 60 * 1000;
/** How often the watch runs: a stopped unit is noticed within a minute of reaching the limit. */
export const TRACKING_CHECK_INTERVAL_MS = 60 * 1000;
/** Vehicles claimed per transaction, so that a burst (after a long outage) is written in short steps. */
export const TRACKING_BATCH_SIZE = 100;

export type TrackingWatchDeps = {
  db: Db;
  notifications: NotificationsService;
  /** The clock that decides which vehicles are silent; tests move it instead of waiting. */
  now: () => Date;
};

export type TrackingRunResult = {
  /** Vehicles found to have stopped reporting (type 5 sent). */
  stopped: number;
  /** Vehicles that report again (type 6 sent). */
  resumed: number;
  /** Lost vehicles whose tracking was switched off or paused (released without a notice). */
  unwatched: number;
};

export type TrackingWatch = ReturnType<typeof createTrackingWatch>;

type Notice = { row: repository.WatchedVehicleRow; kind: 'stopped' | 'resumed' };
/** Claims a batch of vehicles in the transaction: how many it took, and which of them to notify of. */
type Claim = (trx: Db) => Promise<{ taken: number; notices: Notice[] }>;

function trackedVehicle(row: repository.WatchedVehicleRow): TrackedVehicle {
  const hasLocation =
    row.location_address !== null ||
    row.location_city !== null ||
    row.location_state !== null ||
    row.location_lat !== null;
  return {
    id: row.id,
    unit_id: row.unit_id,
    dispatcher_id: row.dispatcher_id,
    load_id: row.load_id,
    location_updated_at: row.location_updated_at,
    location: hasLocation
      ? {
          address: row.location_address,
          city: row.location_city,
          state: row.location_state,
          lat: row.location_lat,
          lon: row.location_lon,
        }
      : null,
  };
}

export function createTrackingWatch(deps: TrackingWatchDeps) {
  const { db, notifications, now } = deps;

  /**
   * Runs `claim` in steps until a step takes less than a full batch. Each step claims a batch in a
   * transaction that also writes its notices, and publishes them once it commits.
   */
  async function drain(claim: Claim): Promise<{ taken: number; notified: number }> {
    const total = { taken: 0, notified: 0 };
    for (;;) {
      const { taken, notices, events } = await db.transaction().execute(async (trx) => {
        const claimed = await claim(trx);
        const written: RealtimeEvent[] = [];
        for (const { row, kind } of claimed.notices) {
          const vehicle = trackedVehicle(row);
          written.push(
            ...(await notifications.vehicleTrackingChanged(trx, {
              companyId: row.company_id,
              kind,
              vehicle,
            })),
          );
        }
        return { ...claimed, events: written };
      });
      await notifications.publish(events);
      total.taken += taken;
      total.notified += notices.length;
      if (taken < TRACKING_BATCH_SIZE) return total;
    }
  }

  /** One run of the watch at the clock's time: releases the vehicles that report again, then claims the silent. */
  async function runOnce(): Promise<TrackingRunResult> {
    const at = now();
    const silentSince = new Date(at.getTime() - TRACKING_SILENCE_LIMIT_MS);
    const released = await drain(async (trx) => {
      const rows = await repository.releaseVehicles(trx, at, silentSince, TRACKING_BATCH_SIZE);
      return {
        taken: rows.length,
        notices: rows.filter((row) => row.reporting_again).map((row) => ({ row, kind: 'resumed' as const })),
      };
    });
    const claimed = await drain(async (trx) => {
      const rows = await repository.claimSilentVehicles(trx, at, silentSince, TRACKING_BATCH_SIZE);
      return { taken: rows.length, notices: rows.map((row) => ({ row, kind: 'stopped' as const })) };
    });
    return {
      stopped: claimed.notified,
      resumed: released.notified,
      unwatched: released.taken - released.notified,
    };
  }

  return { runOnce };
}
