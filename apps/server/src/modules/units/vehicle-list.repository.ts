import { sql } from 'kysely';
import type { VehicleType } from '../../db/schema';
import type { Db } from '../../db/types';
import { vehicleRowsQuery, type VehicleRow, type VehicleStatusValue } from './vehicles.repository';

// The vehicle list: one page by unit ID with the list's filters, and its count. Each is scoped to the
// caller's company.

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
