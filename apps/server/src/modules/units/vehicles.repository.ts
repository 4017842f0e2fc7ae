import { ROLES, VEHICLE_STATUS } from '@app/domain/common/lookups';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { sql, type Expression, type SqlBool, type Transaction, type Updateable } from 'kysely';
import type { Database, EquipmentFlags, VehiclesTable, VehicleType } from '../../db/schema';
import type { Db } from '../../db/types';

// Every query of the vehicles: the list, a vehicle, their drivers, the changes. Each is scoped to the
// caller's company.

type Trx = Transaction<Database>;

export type VehicleStatusValue = 1 | 2 | 3 | 4 | 5 | 7;

// ---------------------------------------------------------------- vehicles as answered

type PersonName = { first_name: string; last_name: string };

export type VehicleRow = {
  id: number;
  unit_id: string;
  transport_type: VehicleType;
  status: VehicleStatusValue;
  model: string | null;
  year: number | null;
  width_in: number | null;
  height_in: number | null;
  length_in: number | null;
  payload_lbs: number | null;
  vin: string | null;
  license_plate: string | null;
  license_state: string | null;
  license_expiry: string | null;
  insurance_expiry: string | null;
  equipment: EquipmentFlags;
  dispatcher_id: number | null;
  owner_id: number | null;
  active_driver_id: number | null;
  working_group_id: number | null;
  location_address: string | null;
  location_city: string | null;
  location_state: string | null;
  location_zip_code: string | null;
  location_country: string | null;
  location_lat: number | null;
  location_lon: number | null;
  location_updated_at: Date | null;
  future_location_address: string | null;
  future_location_city: string | null;
  future_location_state: string | null;
  future_location_zip_code: string | null;
  future_location_country: string | null;
  future_location_lat: number | null;
  future_location_lon: number | null;
  future_location_available_date: Date | null;
  future_location_updated_at: Date | null;
  location_status: 1 | 2 | 3;
  is_tracking_active: boolean;
  inactive_tracking_until: Date | null;
  can_bid_while_on_load: boolean;
  loads_allowed_for_driver: boolean;
  loads_allowed_for_owner: boolean;
  dispatcher: PersonName | null;
  owner: (PersonName & { company_name: string | null }) | null;
  active_driver: (PersonName & { phone_number: string | null }) | null;
  location_updated_by: PersonName | null;
  future_location_updated_by: PersonName | null;
  /** The drivers listed on the vehicle, by name. */
  drivers: (PersonName & { id: number; phone_number: string | null })[];
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

export type CompanyVehicleSettings = {
  is_visible_phone_numbers: boolean;
  can_dispatchers_search_loads_for_on_load_unit: boolean;
};

/** The company settings the vehicle calls follow: phone visibility and the on-load location type lock. */
export async function findCompanySettings(db: Db, companyId: number): Promise<CompanyVehicleSettings> {
  const row = await db
    .selectFrom('companies')
    .select(['is_visible_phone_numbers', 'can_dispatchers_search_loads_for_on_load_unit'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row ?? { is_visible_phone_numbers: false, can_dispatchers_search_loads_for_on_load_unit: false };
}

// ---------------------------------------------------------------- the list

export type VehicleFilters = {
  status?: readonly number[] | undefined;
  transport_type?: readonly VehicleType[] | undefined;
  dispatcher?: number | undefined;
  owner?: number | undefined;
  driver?: number | undefined;
  wg?: number | undefined;
  sub_wg?: number | undefined;
  state?: string | undefined;
  search?: string | undefined;
};

export type Page = { limit: number; offset: number };

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The ids of the company's vehicles the search text matches, as a union of index ranges: the start of the
 * unit ID, the VIN or the licence plate, or of the name of a driver listed on the vehicle (or its active
 * driver) or of its owner (first, last or full name, or the owner's company). Case-insensitive.
 */
function searchMatches(db: Db, companyId: number, text: string) {
  const prefix = `${escapeLike(text.toLowerCase())}%`;
  const inCompany = () => db.selectFrom('vehicles as s').select('s.id').where('s.company_id', '=', companyId);
  const nameMatches = sql<boolean>`(lower(p.first_name || ' ' || p.last_name) like ${prefix}
    or lower(p.last_name) like ${prefix})`;
  const drivers = db
    .selectFrom('drivers as p')
    .select('p.id')
    .where('p.company_id', '=', companyId)
    .where(nameMatches);
  const owners = db
    .selectFrom('owners as p')
    .select('p.id')
    .where('p.company_id', '=', companyId)
    .where((eb) => eb.or([nameMatches, eb(sql<string>`lower(p.company_name)`, 'like', prefix)]));
  return inCompany()
    .where(sql<string>`lower(s.unit_id)`, 'like', prefix)
    .union(inCompany().where(sql<string>`lower(s.vin)`, 'like', prefix))
    .union(inCompany().where(sql<string>`lower(s.license_plate)`, 'like', prefix))
    .union(inCompany().where('s.active_driver_id', 'in', drivers))
    .union(inCompany().where('s.owner_id', 'in', owners))
    .union(
      db
        .selectFrom('vehicle_drivers as vd')
        .select('vd.vehicle_id as id')
        .where('vd.driver_id', 'in', drivers),
    );
}

/** The vehicles of the company that pass the filters, aliased `v`, each an index range of its own. */
function filteredVehicles(db: Db, companyId: number, filters: VehicleFilters) {
  let query = db.selectFrom('vehicles as v').where('v.company_id', '=', companyId);
  if (filters.status?.length) query = query.where('v.status', 'in', filters.status as VehicleStatusValue[]);
  if (filters.transport_type?.length) query = query.where('v.transport_type', 'in', filters.transport_type);
  if (filters.dispatcher !== undefined) query = query.where('v.dispatcher_id', '=', filters.dispatcher);
  if (filters.owner !== undefined) query = query.where('v.owner_id', '=', filters.owner);
  if (filters.wg !== undefined) query = query.where('v.working_group_id', '=', filters.wg);
  if (filters.state !== undefined) query = query.where('v.location_state', '=', filters.state);
  if (filters.driver !== undefined) {
    // The vehicles the driver is listed on, or is the active driver of: a union of two index ranges (an OR
    // of the two conditions would read every vehicle of the company).
    const driven = db
      .selectFrom('vehicles as d')
      .select('d.id')
      .where('d.company_id', '=', companyId)
      .where('d.active_driver_id', '=', filters.driver)
      .union(
        db
          .selectFrom('vehicle_drivers as vd')
          .select('vd.vehicle_id as id')
          .where('vd.driver_id', '=', filters.driver),
      );
    query = query.where('v.id', 'in', driven);
  }
  if (filters.sub_wg !== undefined) {
    // A subgroup's vehicles are those its members dispatch.
    const members = db
      .selectFrom('subgroup_members as sm')
      .select('sm.user_id')
      .where('sm.subgroup_id', '=', filters.sub_wg);
    query = query.where('v.dispatcher_id', 'in', members);
  }
  if (filters.search) query = query.where('v.id', 'in', searchMatches(db, companyId, filters.search));
  return query;
}

export async function countVehicles(db: Db, companyId: number, filters: VehicleFilters): Promise<number> {
  const row = await filteredVehicles(db, companyId, filters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * One page of the list by unit ID, with the people: one query. The page's ids are chosen first from the
 * indexes, and only those rows are joined.
 */
export async function findVehiclePage(
  db: Db,
  companyId: number,
  filters: VehicleFilters,
  page: Page,
): Promise<VehicleRow[]> {
  const ids = filteredVehicles(db, companyId, filters)
    .select(['v.id', 'v.unit_id'])
    .orderBy('v.unit_id')
    .orderBy('v.id')
    .limit(page.limit)
    .offset(page.offset);
  return vehicleRowsQuery(db)
    .innerJoin(ids.as('page'), 'page.id', 'v.id')
    .orderBy('v.unit_id')
    .orderBy('v.id')
    .execute();
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
  values: Updateable<VehiclesTable>,
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
export async function replaceVehicleDrivers(
  trx: Trx,
  vehicleId: number,
  driverIds: readonly number[],
): Promise<void> {
  await trx.deleteFrom('vehicle_drivers').where('vehicle_id', '=', vehicleId).execute();
  if (driverIds.length === 0) return;
  await trx
    .insertInto('vehicle_drivers')
    .values(driverIds.map((driverId) => ({ vehicle_id: vehicleId, driver_id: driverId })))
    .execute();
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
): Promise<{ id: number; first_name: string; last_name: string }[]> {
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

// ---------------------------------------------------------------- what the loads module asks of vehicles

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
): Promise<{ id: number; status: VehicleStatusValue }[]> {
  // Into On load from any other status; out of it only from On load.
  const moves = [
    { ids: vehicles.onLoad, to: VEHICLE_STATUS.onLoad, fromOnLoad: false },
    { ids: vehicles.free, to: VEHICLE_STATUS.available, fromOnLoad: true },
  ];
  const changed: { id: number; status: VehicleStatusValue }[] = [];
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
