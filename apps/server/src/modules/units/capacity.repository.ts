import type { UnitVector } from '@app/domain/geo/geo.rules';
import type { BoundingBox } from '@app/domain/units/vehicle.rules';
import { sql } from 'kysely';
import type { VehicleType } from '../../db/schema';
import type { Db, Row } from '../../db/types';
import type { CompanyVehicleSettings, VehicleRow, VehicleStatusValue } from './vehicles.repository';

// The capacity search and the map: which of the company's vehicles are near a place, and where they all are.

export type NearbyQuery = {
  companyId: number;
  /** The place as its unit vector on the sphere (the same as the vehicles' generated *_ux, *_uy, *_uz columns). */
  origin: UnitVector;
  /**
   * The rings to search, narrowest first: a radius in deadhead miles and a box holding every place within
   * it (the domain's searchBoundingBox). The search stops at the first ring that holds `limit` vehicles.
   */
  rings: readonly { miles: number; box: BoundingBox }[];
  /** A planned location counts when the vehicle is free there by then. */
  availableBy: Date;
  now: Date;
  statuses: readonly number[] | undefined;
  transportTypes: readonly VehicleType[] | undefined;
  limit: number;
};

const pointIn = (lon: string, lat: string, box: BoundingBox) =>
  sql<boolean>`point(${sql.ref(lon)}, ${sql.ref(lat)}) <@ box(point(${box.min_lon}, ${box.min_lat}), point(${box.max_lon}, ${box.max_lat}))`;

/** A row of the database function vehicles_nearby (migration 0008): a vehicle, its people's names, settings. */
type NearbyRow = Omit<
  VehicleRow,
  'dispatcher' | 'owner' | 'active_driver' | 'location_updated_by' | 'future_location_updated_by' | 'drivers'
> &
  CompanyVehicleSettings & {
    dispatcher_first_name: string | null;
    dispatcher_last_name: string | null;
    owner_first_name: string | null;
    owner_last_name: string | null;
    owner_company_name: string | null;
    active_driver_first_name: string | null;
    active_driver_last_name: string | null;
    active_driver_phone_number: string | null;
    location_updated_by_first_name: string | null;
    location_updated_by_last_name: string | null;
    future_location_updated_by_first_name: string | null;
    future_location_updated_by_last_name: string | null;
    /** JSON: PostgreSQL's driver parses it, PGlite's may hand it over as text. */
    drivers: VehicleRow['drivers'] | string | null;
  };

/** A person's name from a left join: null when there is no such person. */
const personName = (first: string | null, last: string | null) =>
  first === null || last === null ? null : { first_name: first, last_name: last };

/**
 * A row of vehicles_nearby as the vehicle list's row. Written out field by field: an object rest that
 * leaves a dozen keys out took V8's slow path and cost more than the rest of the answer's building.
 */
function vehicleRowOf(row: NearbyRow): VehicleRow {
  const owner = personName(row.owner_first_name, row.owner_last_name);
  const activeDriver = personName(row.active_driver_first_name, row.active_driver_last_name);
  const { drivers } = row;
  return {
    id: row.id,
    unit_id: row.unit_id,
    transport_type: row.transport_type,
    status: row.status,
    model: row.model,
    year: row.year,
    width_in: row.width_in,
    height_in: row.height_in,
    length_in: row.length_in,
    payload_lbs: row.payload_lbs,
    vin: row.vin,
    license_plate: row.license_plate,
    license_state: row.license_state,
    license_expiry: row.license_expiry,
    insurance_expiry: row.insurance_expiry,
    equipment: row.equipment,
    dispatcher_id: row.dispatcher_id,
    owner_id: row.owner_id,
    active_driver_id: row.active_driver_id,
    working_group_id: row.working_group_id,
    location_address: row.location_address,
    location_city: row.location_city,
    location_state: row.location_state,
    location_zip_code: row.location_zip_code,
    location_country: row.location_country,
    location_lat: row.location_lat,
    location_lon: row.location_lon,
    location_updated_at: row.location_updated_at,
    future_location_address: row.future_location_address,
    future_location_city: row.future_location_city,
    future_location_state: row.future_location_state,
    future_location_zip_code: row.future_location_zip_code,
    future_location_country: row.future_location_country,
    future_location_lat: row.future_location_lat,
    future_location_lon: row.future_location_lon,
    future_location_available_date: row.future_location_available_date,
    future_location_updated_at: row.future_location_updated_at,
    location_status: row.location_status,
    is_tracking_active: row.is_tracking_active,
    inactive_tracking_until: row.inactive_tracking_until,
    can_bid_while_on_load: row.can_bid_while_on_load,
    loads_allowed_for_driver: row.loads_allowed_for_driver,
    loads_allowed_for_owner: row.loads_allowed_for_owner,
    dispatcher: personName(row.dispatcher_first_name, row.dispatcher_last_name),
    owner: owner && { ...owner, company_name: row.owner_company_name },
    active_driver: activeDriver && { ...activeDriver, phone_number: row.active_driver_phone_number },
    location_updated_by: personName(row.location_updated_by_first_name, row.location_updated_by_last_name),
    future_location_updated_by: personName(
      row.future_location_updated_by_first_name,
      row.future_location_updated_by_last_name,
    ),
    drivers:
      drivers === null
        ? []
        : typeof drivers === 'string'
          ? (JSON.parse(drivers) as VehicleRow['drivers'])
          : drivers,
  };
}

/**
 * The vehicles closest to the origin, best first, at most `limit`, from the first ring that holds `limit` of
 * them (or the last ring), as the vehicle list's rows: the domain's order (rankByDeadhead) — floored deadhead
 * miles, then the earlier departure (now, or a planned location's available date when later), then the
 * lower id. A vehicle counts at its planned location when the location type is planned or both and it is
 * free there by `availableBy` (effectivePosition), otherwise at its current location. The database function
 * vehicles_nearby (migration 0008) runs it in one round trip: each case of each ring is an index-only GiST
 * range of the ring's box, then exact distances for the rows in it; the company's settings come on each row.
 */
export async function findNearbyVehicles(
  db: Db,
  query: NearbyQuery,
): Promise<{ rows: VehicleRow[]; settings: CompanyVehicleSettings }> {
  const { origin, rings } = query;
  const statuses = query.statuses?.length ? [...query.statuses] : null;
  const types = query.transportTypes?.length ? [...query.transportTypes] : null;
  const { rows } = await sql<NearbyRow>`
    select * from vehicles_nearby(${query.companyId}, ${origin.x}, ${origin.y}, ${origin.z},
      ${rings.map((ring) => ring.miles)}::float8[],
      ${rings.map((ring) => ring.box.min_lon)}::float8[], ${rings.map((ring) => ring.box.min_lat)}::float8[],
      ${rings.map((ring) => ring.box.max_lon)}::float8[], ${rings.map((ring) => ring.box.max_lat)}::float8[],
      ${query.availableBy}, ${query.now}, ${statuses}::smallint[], ${types}::text[], ${query.limit})`.execute(
    db,
  );
  const first = rows[0];
  return {
    rows: rows.map(vehicleRowOf),
    // Without vehicles the settings decide nothing (they only hide or show the vehicles' phone numbers).
    settings: {
      is_visible_phone_numbers: first?.is_visible_phone_numbers ?? false,
      can_dispatchers_search_loads_for_on_load_unit:
        first?.can_dispatchers_search_loads_for_on_load_unit ?? false,
    },
  };
}

export type MapFilters = {
  status?: readonly number[] | undefined;
  transport_type?: readonly VehicleType[] | undefined;
  dispatcher?: number | undefined;
  owner?: number | undefined;
  wg?: number | undefined;
  sub_wg?: number | undefined;
  min_lat?: number | undefined;
  max_lat?: number | undefined;
  min_lon?: number | undefined;
  max_lon?: number | undefined;
};

/** A vehicle on the map: it has a current location; with its active driver's name (null without one). */
export type MapRow = Pick<
  Row<'vehicles'>,
  | 'id'
  | 'unit_id'
  | 'transport_type'
  | 'status'
  | 'location_address'
  | 'location_updated_at'
  | 'location_status'
  | 'future_location_address'
  | 'future_location_lat'
  | 'future_location_lon'
  | 'future_location_available_date'
  | 'active_driver_id'
> & {
  location_lat: number;
  location_lon: number;
  active_driver_first_name: string | null;
  active_driver_last_name: string | null;
};

/** The company's vehicles that have a current location (inside the box when given), by unit ID. */
export async function findMapVehicles(db: Db, companyId: number, filters: MapFilters): Promise<MapRow[]> {
  let query = db
    .selectFrom('vehicles as v')
    .leftJoin('drivers as d', 'd.id', 'v.active_driver_id')
    .select([
      'v.id',
      'v.unit_id',
      'v.transport_type',
      'v.status',
      'v.location_address',
      'v.location_updated_at',
      'v.location_status',
      'v.future_location_address',
      'v.future_location_lat',
      'v.future_location_lon',
      'v.future_location_available_date',
      'v.active_driver_id',
      'd.first_name as active_driver_first_name',
      'd.last_name as active_driver_last_name',
    ])
    .select((eb) => [
      eb.ref('v.location_lat').$notNull().as('location_lat'),
      eb.ref('v.location_lon').$notNull().as('location_lon'),
    ])
    .where('v.company_id', '=', companyId)
    .where('v.location_lat', 'is not', null)
    .where('v.location_lon', 'is not', null);
  if (filters.status?.length) query = query.where('v.status', 'in', filters.status as VehicleStatusValue[]);
  if (filters.transport_type?.length) query = query.where('v.transport_type', 'in', filters.transport_type);
  if (filters.dispatcher !== undefined) query = query.where('v.dispatcher_id', '=', filters.dispatcher);
  if (filters.owner !== undefined) query = query.where('v.owner_id', '=', filters.owner);
  if (filters.wg !== undefined) query = query.where('v.working_group_id', '=', filters.wg);
  if (filters.sub_wg !== undefined) {
    const subgroup = filters.sub_wg;
    query = query.where('v.dispatcher_id', 'in', (eb) =>
      eb.selectFrom('subgroup_members as sm').select('sm.user_id').where('sm.subgroup_id', '=', subgroup),
    );
  }
  if (
    filters.min_lat !== undefined &&
    filters.max_lat !== undefined &&
    filters.min_lon !== undefined &&
    filters.max_lon !== undefined
  ) {
    query = query.where(
      pointIn('v.location_lon', 'v.location_lat', {
        min_lat: Math.min(filters.min_lat, filters.max_lat),
        max_lat: Math.max(filters.min_lat, filters.max_lat),
        min_lon: Math.min(filters.min_lon, filters.max_lon),
        max_lon: Math.max(filters.min_lon, filters.max_lon),
      }),
    );
  }
  return query.orderBy('v.unit_id').orderBy('v.id').execute();
}
