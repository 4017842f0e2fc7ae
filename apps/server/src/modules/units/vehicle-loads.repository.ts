import { VEHICLE_STATUS } from '@app/domain/common/lookups';
import { sql } from 'kysely';
import type { Db, Row } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';

// What the loads module asks of vehicles (through vehicles.service): the On load / Available rule, the
// vehicle a driver drives, and unit IDs for a load's history.

/**
 * The loads' rule for vehicle status (vehicles.service followLoads): `onLoad` vehicles that are not On load
 * become On load (3); `free` vehicles that are On load become Available (1); other statuses of a free
 * vehicle (Not available, In bid, Locked) are left alone. Answers the vehicles whose status changed.
 */
export async function setStatusesByLoads(
  trx: Trx,
  companyId: number,
  vehicles: { onLoad: readonly number[]; free: readonly number[] },
  now: Date,
): Promise<Pick<Row<'vehicles'>, 'id' | 'status'>[]> {
  // Into On load from any other status; out of it only from On load.
  const moves = [
    { ids: vehicles.onLoad, to: VEHICLE_STATUS.onLoad, fromOnLoad: false },
    { ids: vehicles.free, to: VEHICLE_STATUS.available, fromOnLoad: true },
  ];
  const changed: Pick<Row<'vehicles'>, 'id' | 'status'>[] = [];
  for (const { ids, to, fromOnLoad } of moves) {
    if (ids.length === 0) continue;
    const rows = await trx
      .updateTable('vehicles')
      .set({ status: to, status_updated_at: now, updated_at: now })
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .where('status', fromOnLoad ? '=' : '<>', VEHICLE_STATUS.onLoad)
      .returning(['id', 'status'])
      .execute();
    changed.push(...rows);
  }
  return changed;
}

/**
 * The propositions' rule for vehicle status (vehicles.service followBids): `inBid` vehicles that are
 * Available become In bid (4); `free` vehicles that are In bid become Available. Other statuses are left
 * alone (a vehicle On load may bid when its switch allows it and stays On load). Answers the vehicles whose
 * status changed.
 */
export async function setStatusesByBids(
  trx: Trx,
  companyId: number,
  vehicles: { inBid: readonly number[]; free: readonly number[] },
  now: Date,
): Promise<Pick<Row<'vehicles'>, 'id' | 'status'>[]> {
  const moves = [
    { ids: vehicles.inBid, from: VEHICLE_STATUS.available, to: VEHICLE_STATUS.inBid },
    { ids: vehicles.free, from: VEHICLE_STATUS.inBid, to: VEHICLE_STATUS.available },
  ];
  const changed: Pick<Row<'vehicles'>, 'id' | 'status'>[] = [];
  for (const { ids, from, to } of moves) {
    if (ids.length === 0) continue;
    const rows = await trx
      .updateTable('vehicles')
      .set({ status: to, status_updated_at: now, updated_at: now })
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .where('status', '=', from)
      .returning(['id', 'status'])
      .execute();
    changed.push(...rows);
  }
  return changed;
}

/** The vehicle a driver drives: the one whose active driver they are, else the first they are listed on. */
export async function findVehicleOfDriver(db: Db, companyId: number, driverId: number) {
  return (
    db
      .selectFrom('vehicles as v')
      .select('v.id')
      .where('v.company_id', '=', companyId)
      .where((eb) =>
        eb.or([
          eb('v.active_driver_id', '=', driverId),
          eb(
            'v.id',
            'in',
            eb.selectFrom('vehicle_drivers').select('vehicle_id').where('driver_id', '=', driverId),
          ),
        ]),
      )
      // IS NOT DISTINCT FROM: a vehicle with no active driver must not sort first (NULL sorts first in DESC).
      .orderBy(sql`v.active_driver_id is not distinct from ${driverId}`, 'desc')
      .orderBy('v.id')
      .limit(1)
      .executeTakeFirst()
  );
}

/** Unit IDs of the company's vehicles by id (the ids not the company's are left out). */
export async function findUnitIds(
  db: Db,
  companyId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('vehicles')
    .select(['id', 'unit_id'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.unit_id]));
}
