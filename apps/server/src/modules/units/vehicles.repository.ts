import { ROLES } from '@app/domain/common/lookups';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { sql, type Expression, type SqlBool, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db, Row, RowUpdate } from '../../db/types';

// The vehicles: a vehicle as answered, with its drivers, and its changes. The list is planned in
// vehicle-list.repository.ts, what the loads module asks in vehicle-loads.repository.ts. Each query is scoped
// to the caller's company.

type Trx = Transaction<Database>;

export type VehicleStatusValue = Row<'vehicles'>['status'];

// ---------------------------------------------------------------- vehicles as answered

type PersonName = Pick<Row<'users'>, 'first_name' | 'last_name'>;

/**
 * A vehicle as answered: every column but the company, the people who changed it (answered by name below),
 * the tracking watch's and status change's bookkeeping, the times it was written and the unit vectors of
 * the capacity search; with its people by name (null without them).
 */
export type VehicleRow = Omit<
  Row<'vehicles'>,
  | 'company_id'
  | 'location_updated_by'
  | 'future_location_updated_by'
  | 'tracking_lost_at'
  | 'status_updated_by'
  | 'status_updated_at'
  | 'created_at'
  | 'updated_at'
  | `${'location' | 'future_location'}_${'ux' | 'uy' | 'uz'}`
> & {
  dispatcher: PersonName | null;
  owner: Pick<Row<'owners'>, 'first_name' | 'last_name' | 'company_name'> | null;
  active_driver: Pick<Row<'drivers'>, 'first_name' | 'last_name' | 'phone_number'> | null;
  location_updated_by: PersonName | null;
  future_location_updated_by: PersonName | null;
  /** The drivers listed on the vehicle, by name. */
  drivers: Pick<Row<'drivers'>, 'id' | 'first_name' | 'last_name' | 'phone_number'>[];
};

/**
 * The vehicles (aliased `v`) with their people. The people come as JSON from subqueries rather than from
 * joins: six left joins cost PostgreSQL several milliseconds to plan on every request, the subqueries a
 * fraction of one, and the drivers come in the same query.
 */
export function vehicleRowsQuery(db: Db) {
  return db
    .selectFrom('vehicles as v')
    .select([
      'v.id',
      'v.unit_id',
      'v.transport_type',
      'v.status',
      'v.model',
      'v.year',
      'v.width_in',
      'v.height_in',
      'v.length_in',
      'v.payload_lbs',
      'v.vin',
      'v.license_plate',
      'v.license_state',
      'v.license_expiry',
      'v.insurance_expiry',
      'v.equipment',
      'v.dispatcher_id',
      'v.owner_id',
      'v.active_driver_id',
      'v.working_group_id',
      'v.location_address',
      'v.location_city',
      'v.location_state',
      'v.location_zip_code',
      'v.location_country',
      'v.location_lat',
      'v.location_lon',
      'v.location_updated_at',
      'v.future_location_address',
      'v.future_location_city',
      'v.future_location_state',
      'v.future_location_zip_code',
      'v.future_location_country',
      'v.future_location_lat',
      'v.future_location_lon',
      'v.future_location_available_date',
      'v.future_location_updated_at',
      'v.location_status',
      'v.is_tracking_active',
      'v.inactive_tracking_until',
      'v.can_bid_while_on_load',
      'v.loads_allowed_for_driver',
      'v.loads_allowed_for_owner',
    ])
    .select((eb) => {
      const userName = (
        column: 'v.dispatcher_id' | 'v.location_updated_by' | 'v.future_location_updated_by',
      ) =>
        jsonObjectFrom(
          eb.selectFrom('users as u').select(['u.first_name', 'u.last_name']).whereRef('u.id', '=', column),
        );
      return [
        userName('v.dispatcher_id').as('dispatcher'),
        jsonObjectFrom(
          eb
            .selectFrom('owners as o')
            .select(['o.first_name', 'o.last_name', 'o.company_name'])
            .whereRef('o.id', '=', 'v.owner_id'),
        ).as('owner'),
        jsonObjectFrom(
          eb
            .selectFrom('drivers as ad')
            .select(['ad.first_name', 'ad.last_name', 'ad.phone_number'])
            .whereRef('ad.id', '=', 'v.active_driver_id'),
        ).as('active_driver'),
        userName('v.location_updated_by').as('location_updated_by'),
        userName('v.future_location_updated_by').as('future_location_updated_by'),
        jsonArrayFrom(
          eb
            .selectFrom('vehicle_drivers as vd')
            .innerJoin('drivers as d', 'd.id', 'vd.driver_id')
            .select(['d.id', 'd.first_name', 'd.last_name', 'd.phone_number'])
            .whereRef('vd.vehicle_id', '=', 'v.id')
            .orderBy('d.last_name')
            .orderBy('d.first_name')
            .orderBy('d.id'),
        ).as('drivers'),
      ];
    });
}

/** A vehicle of the company, or undefined. */
export async function findVehicleRow(db: Db, companyId: number, id: number): Promise<VehicleRow | undefined> {
  return vehicleRowsQuery(db).where('v.company_id', '=', companyId).where('v.id', '=', id).executeTakeFirst();
}

/** These vehicles of the company, by unit ID. */
export async function findVehicleRows(
  db: Db,
  companyId: number,
  ids: readonly number[],
): Promise<VehicleRow[]> {
  if (ids.length === 0) return [];
  return vehicleRowsQuery(db)
    .where('v.company_id', '=', companyId)
    .where('v.id', 'in', ids)
    .orderBy('v.unit_id')
    .orderBy('v.id')
    .execute();
}

export type CompanyVehicleSettings = Pick<
  Row<'companies'>,
  'is_visible_phone_numbers' | 'can_dispatchers_search_loads_for_on_load_unit'
>;

/** The company settings the vehicle calls follow: phone visibility and the on-load location type lock. */
export async function findCompanySettings(db: Db, companyId: number): Promise<CompanyVehicleSettings> {
  const row = await db
    .selectFrom('companies')
    .select(['is_visible_phone_numbers', 'can_dispatchers_search_loads_for_on_load_unit'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row ?? { is_visible_phone_numbers: false, can_dispatchers_search_loads_for_on_load_unit: false };
}

// ---------------------------------------------------------------- changes

/** The vehicle's row, locked until the transaction ends; undefined when the company has no such vehicle. */
export async function lockVehicle(trx: Trx, companyId: number, id: number) {
  return trx
    .selectFrom('vehicles')
    .select([
      'id',
      'unit_id',
      'status',
      'location_status',
      'dispatcher_id',
      'owner_id',
      'active_driver_id',
      'future_location_address',
      'future_location_lat',
      'future_location_lon',
      'future_location_available_date',
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}
export type LockedVehicle = NonNullable<Awaited<ReturnType<typeof lockVehicle>>>;

/** These vehicles of the company, locked in id order (so that two bulk changes wait rather than deadlock). */
export async function lockVehicles(trx: Trx, companyId: number, ids: readonly number[]) {
  return trx
    .selectFrom('vehicles')
    .select(['id', 'unit_id', 'status'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function updateVehicle(
  trx: Trx,
  companyId: number,
  ids: readonly number[],
  values: RowUpdate<'vehicles'>,
): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('vehicles')
    .set(values)
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

/** The drivers listed on the vehicle become exactly these. */
/** Makes these the vehicle's drivers; answers the drivers it had before. */
export async function replaceVehicleDrivers(
  trx: Trx,
  vehicleId: number,
  driverIds: readonly number[],
): Promise<number[]> {
  const before = await trx
    .deleteFrom('vehicle_drivers')
    .where('vehicle_id', '=', vehicleId)
    .returning('driver_id')
    .execute();
  if (driverIds.length > 0) {
    await trx
      .insertInto('vehicle_drivers')
      .values(driverIds.map((driverId) => ({ vehicle_id: vehicleId, driver_id: driverId })))
      .execute();
  }
  return before.map((row) => row.driver_id);
}

/** Another vehicle of the company with this unit ID (compared without case). */
export async function findUnitIdTaken(trx: Trx, companyId: number, unitId: string, exceptId: number) {
  return trx
    .selectFrom('vehicles')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<string>`lower(unit_id)`, '=', unitId.toLowerCase())
    .where('id', '<>', exceptId)
    .executeTakeFirst();
}

/** A user of the company with their team, when they may dispatch vehicles (a manager or dispatcher, not fired). */
export async function findDispatcher(trx: Trx, companyId: number, id: number, orAlreadyId: number | null) {
  return trx
    .selectFrom('users')
    .select(['id', 'working_group_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where((eb) =>
      orAlreadyId === id
        ? eb.val(true)
        : eb.and([eb('role', 'in', [ROLES.manager, ROLES.dispatcher]), eb('status', '<>', 'Fired')]),
    )
    .executeTakeFirst();
}

/** An owner of the company, when still active (or already the vehicle's owner). */
export async function findOwner(trx: Trx, companyId: number, id: number, orAlreadyId: number | null) {
  return trx
    .selectFrom('owners')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where((eb) => (orAlreadyId === id ? eb.val(true) : eb('is_active', '=', true)))
    .executeTakeFirst();
}

/**
 * Which of these drivers may drive the vehicle: drivers of the company who are not fired, or who are listed on
 * the vehicle already (re-saving a vehicle does not fail on a driver who has since left).
 */
export async function findAssignableDrivers(
  trx: Trx,
  companyId: number,
  vehicleId: number,
  ids: readonly number[],
): Promise<Pick<Row<'drivers'>, 'id' | 'first_name' | 'last_name'>[]> {
  if (ids.length === 0) return [];
  const alreadyListed: Expression<SqlBool> = sql<boolean>`exists (
    select 1 from vehicle_drivers vd where vd.vehicle_id = ${vehicleId} and vd.driver_id = drivers.id
  )`;
  return trx
    .selectFrom('drivers')
    .select(['id', 'first_name', 'last_name'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('status', '<>', 'Fired'), alreadyListed]))
    .execute();
}

/** Another vehicle of the company whose active driver this driver is. */
export async function findVehicleWithActiveDriver(
  trx: Trx,
  companyId: number,
  driverId: number,
  exceptId: number,
) {
  return trx
    .selectFrom('vehicles')
    .select(['id', 'unit_id'])
    .where('company_id', '=', companyId)
    .where('active_driver_id', '=', driverId)
    .where('id', '<>', exceptId)
    .orderBy('id')
    .executeTakeFirst();
}
