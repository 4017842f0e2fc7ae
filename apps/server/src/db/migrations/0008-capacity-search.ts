/**
 * The capacity search answers flat rows instead of JSON.
 *
 * vehicles_nearby (migration 0003) built each found vehicle as a JSON object with six subqueries for its
 * people: for the 20 closest that was most of the search's time in the database (the ring search itself reads
 * a few hundred index entries in well under a millisecond). It now answers one row per vehicle — the vehicle's
 * columns, its people's names from left joins, its drivers as one JSON array — in the domain's order, with the
 * company's two settings the answer follows on every row. The joins are planned once per connection:
 * PL/pgSQL keeps the plans of its queries for the session.
 *
 * The search is unchanged: widening rings (capacity.service.ts), each an index-only GiST range of the ring's
 * box for current and for planned locations, ranked by floored road miles, then the later of now and the
 * planned location's available date, then id (the domain's effectivePosition and rankByDeadhead).
 */
import { sql, type Kysely } from 'kysely';
import { vehiclesNearbyAsJson } from './0003-units';

/** Both versions of the function have the same arguments. */
const dropVehiclesNearby = sql`DROP FUNCTION vehicles_nearby(bigint, double precision, double precision,
  double precision, double precision[], double precision[], double precision[], double precision[],
  double precision[], timestamptz, timestamptz, smallint[], text[], integer)`;

const createFlatFunction = sql`CREATE FUNCTION vehicles_nearby(
    p_company_id bigint, p_ux double precision, p_uy double precision, p_uz double precision,
    p_rings double precision[], p_min_lons double precision[], p_min_lats double precision[],
    p_max_lons double precision[], p_max_lats double precision[], p_available_by timestamptz, p_now timestamptz,
    p_statuses smallint[], p_transport_types text[], p_limit integer
  ) RETURNS TABLE (
    id bigint, unit_id text, transport_type text, status smallint, model text, year smallint, width_in integer,
    height_in integer, length_in integer, payload_lbs integer, vin text, license_plate text, license_state text,
    license_expiry date, insurance_expiry date, equipment jsonb, dispatcher_id bigint, owner_id bigint,
    active_driver_id bigint, working_group_id bigint, location_address text, location_city text,
    location_state text, location_zip_code text, location_country text, location_lat double precision,
    location_lon double precision, location_updated_at timestamptz, future_location_address text,
    future_location_city text, future_location_state text, future_location_zip_code text,
    future_location_country text, future_location_lat double precision, future_location_lon double precision,
    future_location_available_date timestamptz, future_location_updated_at timestamptz,
    location_status smallint, is_tracking_active boolean, inactive_tracking_until timestamptz,
    can_bid_while_on_load boolean, loads_allowed_for_driver boolean, loads_allowed_for_owner boolean,
    dispatcher_first_name text, dispatcher_last_name text, owner_first_name text, owner_last_name text,
    owner_company_name text, active_driver_first_name text, active_driver_last_name text,
    active_driver_phone_number text, location_updated_by_first_name text, location_updated_by_last_name text,
    future_location_updated_by_first_name text, future_location_updated_by_last_name text, drivers json,
    is_visible_phone_numbers boolean, can_dispatchers_search_loads_for_on_load_unit boolean
  ) LANGUAGE plpgsql STABLE AS $$
  #variable_conflict use_column
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
    SELECT v.id, v.unit_id, v.transport_type, v.status, v.model, v.year, v.width_in, v.height_in, v.length_in,
      v.payload_lbs, v.vin, v.license_plate, v.license_state, v.license_expiry, v.insurance_expiry, v.equipment,
      v.dispatcher_id, v.owner_id, v.active_driver_id, v.working_group_id, v.location_address, v.location_city,
      v.location_state, v.location_zip_code, v.location_country, v.location_lat, v.location_lon,
      v.location_updated_at, v.future_location_address, v.future_location_city, v.future_location_state,
      v.future_location_zip_code, v.future_location_country, v.future_location_lat, v.future_location_lon,
      v.future_location_available_date, v.future_location_updated_at, v.location_status, v.is_tracking_active,
      v.inactive_tracking_until, v.can_bid_while_on_load, v.loads_allowed_for_driver, v.loads_allowed_for_owner,
      du.first_name, du.last_name, o.first_name, o.last_name, o.company_name, ad.first_name, ad.last_name,
      ad.phone_number, lu.first_name, lu.last_name, fu.first_name, fu.last_name,
      (SELECT json_agg(json_build_object('id', d.id, 'first_name', d.first_name, 'last_name', d.last_name,
          'phone_number', d.phone_number) ORDER BY d.last_name, d.first_name, d.id)
        FROM vehicle_drivers vd JOIN drivers d ON d.id = vd.driver_id WHERE vd.vehicle_id = v.id),
      co.is_visible_phone_numbers, co.can_dispatchers_search_loads_for_on_load_unit
    FROM unnest(found) WITH ORDINALITY AS n(id, position)
    JOIN vehicles v ON v.id = n.id
    JOIN companies co ON co.id = v.company_id
    LEFT JOIN users du ON du.id = v.dispatcher_id
    LEFT JOIN owners o ON o.id = v.owner_id
    LEFT JOIN drivers ad ON ad.id = v.active_driver_id
    LEFT JOIN users lu ON lu.id = v.location_updated_by
    LEFT JOIN users fu ON fu.id = v.future_location_updated_by
    ORDER BY n.position;
  END
  $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await dropVehiclesNearby.execute(db);
  await createFlatFunction.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropVehiclesNearby.execute(db);
  await vehiclesNearbyAsJson.execute(db);
}
