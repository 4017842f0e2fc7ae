/**
 * What the vehicle list and the capacity search need beyond the core model.
 *
 * The vehicle list (GET cars/all) pages by unit ID, which the core's unique (company_id, unit_id) index
 * already serves; each filter gets an index of its own here: vehicle type, active driver, team, the state of
 * the current location, and the starts of the unit ID, VIN and licence plate for the text search (status,
 * dispatcher and owner have theirs from the core; a driver listed on a vehicle is found through
 * vehicle_drivers_driver_idx, a subgroup through its members and the dispatcher index).
 *
 * The capacity search (GET cars/capacity-search) ranks vehicles by the road distance from a place to each
 * vehicle's current or planned location. Two things make that fast on 100,000 vehicles without PostGIS, on
 * PostgreSQL and on PGlite alike:
 *
 * - A GiST index on each location as a `point(lon, lat)`: a box around the place (the domain's
 *   searchBoundingBox) is one index range in two dimensions, where a btree on (lat, lon) reads the whole
 *   band of latitude across the continent. The indexes carry what the search reads, so that it is an
 *   index-only scan.
 * - Each location's unit vector on the sphere (`*_ux`, `*_uy`, `*_uz`), stored as generated columns: the
 *   cosine of the angle between two places is then three products and two sums, so ranking the vehicles in
 *   the box needs one `acos` a row and no other trigonometry.
 *
 * The core's btree on (company_id, location_lat, location_lon) is replaced by the GiST index.
 */
import { sql, type Kysely } from 'kysely';

/** The unit vector columns of a location whose coordinates are `<prefix>_lat` and `<prefix>_lon`. */
function unitVectorColumns(prefix: 'location' | 'future_location') {
  const lat = sql.ref(`${prefix}_lat`);
  const lon = sql.ref(`${prefix}_lon`);
  return [
    sql`ALTER TABLE vehicles ADD COLUMN ${sql.ref(`${prefix}_ux`)} double precision
      GENERATED ALWAYS AS (cos(radians(${lat})) * cos(radians(${lon}))) STORED`,
    sql`ALTER TABLE vehicles ADD COLUMN ${sql.ref(`${prefix}_uy`)} double precision
      GENERATED ALWAYS AS (cos(radians(${lat})) * sin(radians(${lon}))) STORED`,
    sql`ALTER TABLE vehicles ADD COLUMN ${sql.ref(`${prefix}_uz`)} double precision
      GENERATED ALWAYS AS (sin(radians(${lat}))) STORED`,
  ];
}

// (Replaced by migration 0008, which answers flat rows; kept here as it was, for 0008's down migration.)
// The closest vehicles to a place, with their people, as JSON, searched in widening rings (see
// capacity.service.ts): ring i has a radius of p_rings[i] miles and the box from (p_min_lons[i],
// p_min_lats[i]) to (p_max_lons[i], p_max_lats[i]) (the domain's searchBoundingBox); the search stops at the first ring that holds p_limit vehicles, or at the last. A
// function rather than queries sent one by one: the rings cost one round trip, and PL/pgSQL keeps the plan
// of its query for the session (parsing and planning it cost more than running it). The rules are the
// domain's: effectivePosition decides where a vehicle counts, rankByDeadhead the order; 4603.2... is road
// miles per radian of the great circle (6371 km / 0.86 * 0.621371, floored like routeDistanceMiles).
/**
 * The location indexes of the capacity search (migration 0009 leads them with the company; its down
 * migration makes these again).
 */
export const locationPointIndexes = [
  sql`CREATE INDEX vehicles_location_point_idx ON vehicles USING gist (point(location_lon, location_lat))
    INCLUDE (location_lon, location_lat, id, company_id, status, transport_type, location_status,
      future_location_lat, future_location_lon, future_location_available_date, location_ux, location_uy,
      location_uz)`,
  sql`CREATE INDEX vehicles_future_location_point_idx
    ON vehicles USING gist (point(future_location_lon, future_location_lat))
    INCLUDE (future_location_lon, future_location_lat, id, company_id, status, transport_type, location_status,
      future_location_available_date, future_location_ux, future_location_uy, future_location_uz)`,
];

export const vehiclesNearbyAsJson = sql`CREATE FUNCTION vehicles_nearby(
    p_company_id bigint, p_ux double precision, p_uy double precision, p_uz double precision,
    p_rings double precision[], p_min_lons double precision[], p_min_lats double precision[],
    p_max_lons double precision[], p_max_lats double precision[], p_available_by timestamptz, p_now timestamptz,
    p_statuses smallint[], p_transport_types text[], p_limit integer
  ) RETURNS SETOF json LANGUAGE plpgsql STABLE AS $$
  DECLARE
    ring integer;
    area box;
    found bigint[];
  BEGIN
    FOR ring IN 1 .. cardinality(p_rings) LOOP
      area := box(point(p_min_lons[ring], p_min_lats[ring]), point(p_max_lons[ring], p_max_lats[ring]));
      found := ARRAY(
        SELECT c.id
        FROM (
          SELECT s.id, floor(acos(least(1.0, greatest(-1.0,
              s.location_ux * p_ux + s.location_uy * p_uy + s.location_uz * p_uz))) * 4603.203070930233) AS miles,
            NULL::timestamptz AS free_at
          FROM vehicles s
          WHERE point(s.location_lon, s.location_lat) <@ area AND s.company_id = p_company_id
            AND (p_statuses IS NULL OR s.status = ANY (p_statuses))
            AND (p_transport_types IS NULL OR s.transport_type = ANY (p_transport_types))
            AND NOT (s.location_status IN (2, 3) AND s.future_location_lat IS NOT NULL
              AND s.future_location_lon IS NOT NULL
              AND coalesce(s.future_location_available_date <= p_available_by, false))
          UNION ALL
          SELECT s.id, floor(acos(least(1.0, greatest(-1.0,
              s.future_location_ux * p_ux + s.future_location_uy * p_uy + s.future_location_uz * p_uz)))
              * 4603.203070930233),
            s.future_location_available_date
          FROM vehicles s
          WHERE point(s.future_location_lon, s.future_location_lat) <@ area AND s.company_id = p_company_id
            AND (p_statuses IS NULL OR s.status = ANY (p_statuses))
            AND (p_transport_types IS NULL OR s.transport_type = ANY (p_transport_types))
            AND s.location_status IN (2, 3)
            AND coalesce(s.future_location_available_date <= p_available_by, false)
        ) c
        WHERE c.miles <= p_rings[ring]
        ORDER BY c.miles, greatest(c.free_at, p_now), c.id
        LIMIT p_limit
      );
      EXIT WHEN cardinality(found) >= p_limit;
    END LOOP;
    RETURN QUERY
    SELECT json_build_object(
      'vehicle', to_json(v),
      'dispatcher', (SELECT json_build_object('first_name', u.first_name, 'last_name', u.last_name)
        FROM users u WHERE u.id = v.dispatcher_id),
      'owner', (SELECT json_build_object('first_name', o.first_name, 'last_name', o.last_name,
          'company_name', o.company_name)
        FROM owners o WHERE o.id = v.owner_id),
      'active_driver', (SELECT json_build_object('first_name', d.first_name, 'last_name', d.last_name,
          'phone_number', d.phone_number)
        FROM drivers d WHERE d.id = v.active_driver_id),
      'location_updated_by', (SELECT json_build_object('first_name', u.first_name, 'last_name', u.last_name)
        FROM users u WHERE u.id = v.location_updated_by),
      'future_location_updated_by', (SELECT json_build_object('first_name', u.first_name,
          'last_name', u.last_name)
        FROM users u WHERE u.id = v.future_location_updated_by),
      'drivers', coalesce((SELECT json_agg(json_build_object('id', d.id, 'first_name', d.first_name,
          'last_name', d.last_name, 'phone_number', d.phone_number) ORDER BY d.last_name, d.first_name, d.id)
        FROM vehicle_drivers vd JOIN drivers d ON d.id = vd.driver_id WHERE vd.vehicle_id = v.id), '[]'::json)
    )
    FROM unnest(found) WITH ORDINALITY AS n(id, position)
    JOIN vehicles v ON v.id = n.id
    ORDER BY n.position;
  END
  $$`;

const statements = [
  // The list filters.
  sql`CREATE INDEX vehicles_company_type_idx ON vehicles (company_id, transport_type)`,
  sql`CREATE INDEX vehicles_company_active_driver_idx ON vehicles (company_id, active_driver_id)`,
  sql`CREATE INDEX vehicles_company_working_group_idx ON vehicles (company_id, working_group_id)`,
  sql`CREATE INDEX vehicles_company_location_state_idx ON vehicles (company_id, location_state)`,
  sql`CREATE INDEX vehicles_company_unit_search_idx ON vehicles (company_id, lower(unit_id) text_pattern_ops)`,
  sql`CREATE INDEX vehicles_company_vin_search_idx ON vehicles (company_id, lower(vin) text_pattern_ops)`,
  sql`CREATE INDEX vehicles_company_plate_search_idx
    ON vehicles (company_id, lower(license_plate) text_pattern_ops)`,

  // The capacity search and the map.
  ...unitVectorColumns('location'),
  ...unitVectorColumns('future_location'),
  sql`DROP INDEX IF EXISTS vehicles_company_location_idx`,
  // Each index also holds every column the search reads from it, so that a ring is read from the index
  // alone (an index-only scan) instead of from a heap page per vehicle. The coordinates themselves are
  // included too: without them PostgreSQL does not consider an index-only scan of an expression index.
  ...locationPointIndexes,

  vehiclesNearbyAsJson,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const downStatements = [
    sql`DROP FUNCTION IF EXISTS vehicles_nearby(bigint, double precision, double precision, double precision,
      double precision[], double precision[], double precision[], double precision[], double precision[],
      timestamptz, timestamptz, smallint[], text[], integer)`,
    sql`DROP INDEX IF EXISTS vehicles_future_location_point_idx`,
    sql`DROP INDEX IF EXISTS vehicles_location_point_idx`,
    sql`CREATE INDEX IF NOT EXISTS vehicles_company_location_idx
      ON vehicles (company_id, location_lat, location_lon)`,
    ...['ux', 'uy', 'uz'].flatMap((axis) => [
      sql`ALTER TABLE vehicles DROP COLUMN IF EXISTS ${sql.ref(`future_location_${axis}`)}`,
      sql`ALTER TABLE vehicles DROP COLUMN IF EXISTS ${sql.ref(`location_${axis}`)}`,
    ]),
    sql`DROP INDEX IF EXISTS vehicles_company_plate_search_idx`,
    sql`DROP INDEX IF EXISTS vehicles_company_vin_search_idx`,
    sql`DROP INDEX IF EXISTS vehicles_company_unit_search_idx`,
    sql`DROP INDEX IF EXISTS vehicles_company_location_state_idx`,
    sql`DROP INDEX IF EXISTS vehicles_company_working_group_idx`,
    sql`DROP INDEX IF EXISTS vehicles_company_active_driver_idx`,
    sql`DROP INDEX IF EXISTS vehicles_company_type_idx`,
  ];
  for (const statement of downStatements) await statement.execute(db);
}
