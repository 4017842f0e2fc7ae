import { LOAD_LIST_CLASS } from '@app/domain/loads/loads.rules';
import { sql } from 'kysely';
import type { Db, NewRow, Row } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';

// The points of loads (pick-ups and deliveries), in their order. A load's points are read and written with
// the load, in its transaction. The vehicles module reads where its vehicles go through the loads service
// (a load's pick-up, each vehicle's active load and point).

const POINT_COLUMNS = [
  'id',
  'load_id',
  'point_order',
  'type',
  'address',
  'city',
  'state',
  'zip_code',
  'country',
  'lat',
  'lon',
  'date',
  'is_active',
] as const;

export type PointRow = Pick<Row<'load_points'>, (typeof POINT_COLUMNS)[number]>;

/** The points of these loads, each load's in order. */

export async function findPoints(db: Db, loadIds: readonly number[]): Promise<PointRow[]> {
  if (loadIds.length === 0) return [];
  return db
    .selectFrom('load_points')
    .select(POINT_COLUMNS)
    .where('load_id', 'in', loadIds)
    .orderBy('load_id')
    .orderBy('point_order')
    .execute();
}

/** A point to write; the load, the company and the list are the load's (the triggers copy the last two). */
export type PointValues = Required<
  Omit<NewRow<'load_points'>, 'id' | 'load_id' | 'company_id' | 'list_class'>
>;

export async function insertPoints(trx: Trx, loadId: number, points: readonly PointValues[]): Promise<void> {
  if (points.length === 0) return;
  await trx
    .insertInto('load_points')
    .values(points.map((point) => ({ ...point, load_id: loadId })))
    .execute();
}

/**
 * Replaces the load's points: points with an id are updated, the others inserted, and saved points not in
 * the list deleted. Orders are moved out of the way first so that reordering never collides.
 */
export async function replacePoints(
  trx: Trx,
  loadId: number,
  points: readonly (PointValues & { id?: number | undefined })[],
): Promise<void> {
  const keptIds = points.flatMap((point) => (point.id === undefined ? [] : [point.id]));
  let removal = trx.deleteFrom('load_points').where('load_id', '=', loadId);
  if (keptIds.length > 0) removal = removal.where('id', 'not in', keptIds);
  await removal.execute();
  if (keptIds.length > 0) {
    await trx
      .updateTable('load_points')
      .set((eb) => ({ point_order: eb('point_order', '+', 1000) }))
      .where('load_id', '=', loadId)
      .execute();
  }
  for (const { id, ...values } of points) {
    if (id === undefined) continue;
    await trx
      .updateTable('load_points')
      .set(values)
      .where('id', '=', id)
      .where('load_id', '=', loadId)
      .execute();
  }
  await insertPoints(
    trx,
    loadId,
    points.filter((point) => point.id === undefined),
  );
}

/** The saved points of a load, in order (inside the transaction that changes them). */
export async function findPointsForUpdate(trx: Trx, loadId: number): Promise<PointRow[]> {
  return trx
    .selectFrom('load_points')
    .select(POINT_COLUMNS)
    .where('load_id', '=', loadId)
    .orderBy('point_order')
    .forUpdate()
    .execute();
}

/** Sets is_active on exactly the point with this order (none when null). */
export async function setActivePoint(trx: Trx, loadId: number, activeOrder: number | null): Promise<void> {
  await trx
    .updateTable('load_points')
    .set({ is_active: activeOrder === null ? false : sql<boolean>`point_order = ${activeOrder}` })
    .where('load_id', '=', loadId)
    .execute();
}

// ---------------------------------------------------------------- what the vehicles module reads

export type LoadPlaceRow = Pick<
  Row<'load_points'>,
  'point_order' | 'type' | 'address' | 'lat' | 'lon' | 'date' | 'is_active'
>;

/** The points of a load of the company, in order; none when the company has no such load. */
export async function findCompanyLoadPoints(
  db: Db,
  companyId: number,
  loadId: number,
): Promise<LoadPlaceRow[]> {
  return db
    .selectFrom('load_points as p')
    .innerJoin('loads as l', 'l.id', 'p.load_id')
    .select(['p.point_order', 'p.type', 'p.address', 'p.lat', 'p.lon', 'p.date', 'p.is_active'])
    .where('l.company_id', '=', companyId)
    .where('p.load_id', '=', loadId)
    .orderBy('p.point_order')
    .execute();
}

/**
 * The company's loads in the active list that have a vehicle, each with its active point (null when none
 * is active), earliest pick-up first: one index range of the active list by vehicle.
 */
export async function findActiveLoadsWithVehicles(db: Db, companyId: number) {
  return db
    .selectFrom('loads as l')
    .leftJoin('load_points as p', (join) => join.onRef('p.load_id', '=', 'l.id').on('p.is_active', '=', true))
    .select([
      'l.id',
      'l.status',
      'l.vehicle_id',
      'p.type as point_type',
      'p.address as point_address',
      'p.city as point_city',
      'p.state as point_state',
      'p.zip_code as point_zip_code',
      'p.country as point_country',
      'p.lat as point_lat',
      'p.lon as point_lon',
      'p.date as point_date',
    ])
    .where('l.company_id', '=', companyId)
    .where('l.list_class', '=', LOAD_LIST_CLASS.active)
    .where('l.vehicle_id', 'is not', null)
    .orderBy('l.pick_up_datetime')
    .orderBy('l.id')
    .execute();
}
