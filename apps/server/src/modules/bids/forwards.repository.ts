import type { Db, Row } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';

// The forwards of board loads to vehicles (load_forwards) and who of each vehicle sees them. Every query
// is scoped to the caller's company.

export type ForwardVehicleRow = Pick<
  Row<'vehicles'>,
  'id' | 'unit_id' | 'active_driver_id' | 'owner_id' | 'loads_allowed_for_driver' | 'loads_allowed_for_owner'
>;

/** The load locked for the change, with how it stands to the board; undefined when not the company's. */
export async function lockLoad(
  trx: Trx,
  companyId: number,
  loadId: number,
): Promise<Pick<Row<'loads'>, 'id' | 'board_status'> | undefined> {
  return trx
    .selectFrom('loads')
    .select(['id', 'board_status'])
    .where('company_id', '=', companyId)
    .where('id', '=', loadId)
    .forUpdate()
    .executeTakeFirst();
}

export async function findVehicles(
  db: Db | Trx,
  companyId: number,
  ids: readonly number[],
): Promise<ForwardVehicleRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('vehicles')
    .select([
      'id',
      'unit_id',
      'active_driver_id',
      'owner_id',
      'loads_allowed_for_driver',
      'loads_allowed_for_owner',
    ])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

/** Forwards the load to the vehicles; a vehicle it was forwarded to before gets the new time. */
export async function upsertForwards(
  trx: Trx,
  companyId: number,
  loadId: number,
  vehicleIds: readonly number[],
  forwardedBy: number,
  now: Date,
): Promise<Pick<Row<'load_forwards'>, 'vehicle_id' | 'forwarded_at'>[]> {
  if (vehicleIds.length === 0) return [];
  return trx
    .insertInto('load_forwards')
    .values(
      vehicleIds.map((vehicleId) => ({
        company_id: companyId,
        load_id: loadId,
        vehicle_id: vehicleId,
        forwarded_by: forwardedBy,
        forwarded_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['load_id', 'vehicle_id']).doUpdateSet((eb) => ({
        forwarded_at: eb.ref('excluded.forwarded_at'),
        forwarded_by: eb.ref('excluded.forwarded_by'),
      })),
    )
    .returning(['vehicle_id', 'forwarded_at'])
    .execute();
}

/**
 * The users who see loads forwarded to these vehicles: the active driver's sign-in when the unit allows
 * loads for the driver, the owner's when it allows them for the owner.
 */
export async function recipientUserIds(
  db: Db | Trx,
  companyId: number,
  vehicleIds: readonly number[],
): Promise<number[]> {
  if (vehicleIds.length === 0) return [];
  const rows = await db
    .selectFrom('vehicles as v')
    .leftJoin('drivers as d', (join) =>
      join.onRef('d.id', '=', 'v.active_driver_id').on('v.loads_allowed_for_driver', '=', true),
    )
    .leftJoin('owners as o', (join) =>
      join.onRef('o.id', '=', 'v.owner_id').on('v.loads_allowed_for_owner', '=', true),
    )
    .select(['d.user_id as driver_user_id', 'o.user_id as owner_user_id'])
    .where('v.company_id', '=', companyId)
    .where('v.id', 'in', vehicleIds)
    .execute();
  const ids = rows.flatMap((row) => [row.driver_user_id, row.owner_user_id]);
  return [...new Set(ids.filter((id): id is number => id !== null))];
}

// ---------------------------------------------------------------- the driver page

export type MyVehicleRow = Pick<
  Row<'vehicles'>,
  | 'id'
  | 'unit_id'
  | 'transport_type'
  | 'location_lat'
  | 'location_lon'
  | 'active_driver_id'
  | 'loads_allowed_for_driver'
  | 'loads_allowed_for_owner'
> & { is_driver: boolean; is_owner: boolean };

/** The vehicles the user drives (as the active driver) or owns, by unit ID. */
export async function findMyVehicles(
  db: Db | Trx,
  companyId: number,
  userId: number,
): Promise<MyVehicleRow[]> {
  const rows = await db
    .selectFrom('vehicles as v')
    .leftJoin('drivers as d', 'd.id', 'v.active_driver_id')
    .leftJoin('owners as o', 'o.id', 'v.owner_id')
    .select([
      'v.id',
      'v.unit_id',
      'v.transport_type',
      'v.location_lat',
      'v.location_lon',
      'v.active_driver_id',
      'v.loads_allowed_for_driver',
      'v.loads_allowed_for_owner',
      'd.user_id as driver_user_id',
      'o.user_id as owner_user_id',
    ])
    .where('v.company_id', '=', companyId)
    .where((eb) => eb.or([eb('d.user_id', '=', userId), eb('o.user_id', '=', userId)]))
    .orderBy('v.unit_id')
    .execute();
  return rows.map(({ driver_user_id: driverUserId, owner_user_id: ownerUserId, ...row }) => ({
    ...row,
    is_driver: driverUserId === userId,
    is_owner: ownerUserId === userId,
  }));
}

export type ForwardedLoadRow = Pick<
  Row<'loads'>,
  | 'pick_up_datetime'
  | 'delivery_datetime'
  | 'miles'
  | 'vehicle_type'
  | 'weight'
  | 'pieces'
  | 'length'
  | 'width'
  | 'height'
> & { load_id: number; vehicle_id: number; forwarded_at: Date };

function forwardedLoadsQuery(db: Db | Trx, companyId: number, vehicleIds: readonly number[]) {
  return db
    .selectFrom('load_forwards as f')
    .innerJoin('loads as l', 'l.id', 'f.load_id')
    .where('f.company_id', '=', companyId)
    .where('f.vehicle_id', 'in', vehicleIds)
    .where('l.company_id', '=', companyId)
    .where('l.board_status', '=', 'posted');
}

/** The loads forwarded to these vehicles that are still on the board, last forwarded first. */
export async function findForwardedLoads(
  db: Db | Trx,
  companyId: number,
  vehicleIds: readonly number[],
  page: { limit: number; offset: number },
): Promise<ForwardedLoadRow[]> {
  if (vehicleIds.length === 0) return [];
  return forwardedLoadsQuery(db, companyId, vehicleIds)
    .select([
      'f.load_id',
      'f.vehicle_id',
      'f.forwarded_at',
      'l.pick_up_datetime',
      'l.delivery_datetime',
      'l.miles',
      'l.vehicle_type',
      'l.weight',
      'l.pieces',
      'l.length',
      'l.width',
      'l.height',
    ])
    .orderBy('f.forwarded_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countForwardedLoads(
  db: Db | Trx,
  companyId: number,
  vehicleIds: readonly number[],
): Promise<number> {
  if (vehicleIds.length === 0) return 0;
  const { count } = await forwardedLoadsQuery(db, companyId, vehicleIds)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The forward of the load to the vehicle; undefined when it was never forwarded there. */
export async function findForward(
  db: Db | Trx,
  companyId: number,
  loadId: number,
  vehicleId: number,
): Promise<Pick<Row<'load_forwards'>, 'forwarded_at'> | undefined> {
  return db
    .selectFrom('load_forwards')
    .select('forwarded_at')
    .where('company_id', '=', companyId)
    .where('load_id', '=', loadId)
    .where('vehicle_id', '=', vehicleId)
    .executeTakeFirst();
}

export type PointRow = Pick<
  Row<'load_points'>,
  'load_id' | 'point_order' | 'type' | 'city' | 'state' | 'zip_code' | 'date' | 'lat' | 'lon'
>;

/** The points of these loads in order. */
export async function findPoints(
  db: Db | Trx,
  companyId: number,
  loadIds: readonly number[],
): Promise<PointRow[]> {
  if (loadIds.length === 0) return [];
  return db
    .selectFrom('load_points')
    .select(['load_id', 'point_order', 'type', 'city', 'state', 'zip_code', 'date', 'lat', 'lon'])
    .where('company_id', '=', companyId)
    .where('load_id', 'in', loadIds)
    .orderBy('load_id')
    .orderBy('point_order')
    .execute();
}
