// Fills a migrated database with a large fleet for the capacity search benchmark, in set-based statements
// (INSERT ... SELECT generate_series): one carrier with dispatchers in teams, owners, a driver for each
// vehicle, and vehicles spread over the US and Canada around real freight cities.
//
// Where the trucks are: most within about 60 miles of one of the freight cities (trucks wait where the
// freight is), one in ten up to about 200 miles out on the road between them. Seven in ten have only a
// current location; the others also have a planned one at another city, free there from twelve hours ago
// to three days ahead, as 'both' (two in ten) or 'planned' (one in ten). Statuses: half Available, the rest
// Not available, On load, In bid and Locked. All eleven vehicle types. Every vehicle has licence and
// insurance expiry dates, a few of them past or within 30 days.
import type pg from 'pg';
import { CITIES } from '../apps/server/src/db/seed/cities';

export type FleetFillOptions = {
  vehicles: number;
  dispatchers: number;
  teams: number;
  owners: number;
  /** Hash of the password of the carrier's admin (who signs in to measure). */
  adminPasswordHash: string;
  /** Names the carrier in its e-mails and company hash, so that several can be filled in one database. */
  carrier?: string;
};

export type FilledFleet = { companyId: number; adminEmail: string };

const VEHICLE_TYPES = [
  'CARGO VAN',
  'SPRINTER VAN',
  'VAN',
  'SPRINTER',
  'BOX TRUCK',
  'SMALL STRAIGHT',
  'LARGE STRAIGHT',
  'LIFTGATE',
  'FLATBED',
  'TRACTOR',
  'REEFER',
];

const textArray = (values: readonly string[]) => `ARRAY[${values.map((value) => `'${value}'`).join(', ')}]`;

async function firstId(client: pg.Client, statement: string, values: unknown[]): Promise<number> {
  const result = await client.query<{ first: string }>(
    `WITH inserted AS (${statement} RETURNING id) SELECT min(id) AS first FROM inserted`,
    values,
  );
  return Number(result.rows[0]!.first);
}

/**
 * Fills the database through `client` and answers the carrier. The vehicle indexes are dropped during the
 * fill and built again after it, then the tables are analysed.
 */
export async function fillVehicles(client: pg.Client, options: FleetFillOptions): Promise<FilledFleet> {
  await client.query(`SET maintenance_work_mem = '256MB'`);
  await client.query(`SET synchronous_commit = off`);
  const indexes = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes
     WHERE schemaname = 'public' AND tablename IN ('vehicles', 'drivers', 'owners', 'vehicle_drivers')
       AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
  );
  // An index's statistics target is not part of its definition: it is set again when the index is rebuilt.
  const statistics = await client.query<{ indexname: string; attnum: number; attstattarget: number }>(
    `SELECT i.relname AS indexname, a.attnum, a.attstattarget
     FROM pg_attribute a JOIN pg_class i ON i.oid = a.attrelid JOIN pg_index x ON x.indexrelid = i.oid
     WHERE x.indrelid IN ('vehicles'::regclass, 'drivers'::regclass, 'owners'::regclass, 'vehicle_drivers'::regclass)
       AND a.attstattarget > 0`,
  );
  for (const index of indexes.rows) await client.query(`DROP INDEX ${index.indexname}`);

  const carrier = options.carrier ?? 'fleet';
  const suffix = String(process.pid);
  const companyId = await firstId(client, `INSERT INTO companies (name, company_hash) VALUES ($1, $2)`, [
    `Bench ${carrier}`,
    `bench-${carrier}-${suffix}`,
  ]);
  const adminEmail = `bench-${carrier}-admin-${suffix}@bench.test`;
  await client.query(
    `INSERT INTO users (company_id, email, password_hash, first_name, last_name, role) VALUES ($1, $2, $3, 'Bench', 'Admin', 3)`,
    [companyId, adminEmail, options.adminPasswordHash],
  );
  const firstTeam = await firstId(
    client,
    `INSERT INTO working_groups (company_id, group_name) SELECT $1, 'Team ' || i FROM generate_series(1, $2::int) i`,
    [companyId, options.teams],
  );
  const firstDispatcher = await firstId(
    client,
    `INSERT INTO users (company_id, email, password_hash, first_name, last_name, role, working_group_id)
     SELECT $1, 'bench-' || $7::text || '-dispatcher-' || $2::text || '-' || i || '@bench.test', $3, 'Dispatcher', 'No' || i, 5,
       $4::bigint + (i - 1) % $5::int
     FROM generate_series(1, $6::int) i`,
    [companyId, suffix, options.adminPasswordHash, firstTeam, options.teams, options.dispatchers, carrier],
  );
  const firstOwner = await firstId(
    client,
    `INSERT INTO owners (company_id, first_name, last_name, company_name, phone_number)
     SELECT $1, 'Owner', 'No' || i, 'Fleet ' || i || ' LLC', '555-' || lpad((i % 1000)::text, 3, '0') || '-0000'
     FROM generate_series(1, $2::int) i`,
    [companyId, options.owners],
  );
  const firstDriver = await firstId(
    client,
    `INSERT INTO drivers (company_id, first_name, last_name, phone_number, owner_id)
     SELECT $1, 'Driver', 'No' || i, '555-' || lpad((i % 1000)::text, 3, '0') || '-' || lpad((i % 10000)::text, 4, '0'),
       $2::bigint + i % $3::int
     FROM generate_series(1, $4::int) i`,
    [companyId, firstOwner, options.owners, options.vehicles],
  );

  await client.query(
    `CREATE TEMP TABLE IF NOT EXISTS bench_fleet_cities (idx int PRIMARY KEY, city text, state text, zip text, country text, lat float8, lon float8)`,
  );
  await client.query(
    `INSERT INTO bench_fleet_cities SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::float8[], $7::float8[])
     ON CONFLICT (idx) DO NOTHING`,
    [
      CITIES.map((_, index) => index),
      CITIES.map((city) => city.city),
      CITIES.map((city) => city.state),
      CITIES.map((city) => city.zip),
      CITIES.map((city) => city.country),
      CITIES.map((city) => city.lat),
      CITIES.map((city) => city.lon),
    ],
  );

  // Vehicle g is near city (g * 7919) % n; about 1° of latitude is 80 road miles.
  await client.query(
    `INSERT INTO vehicles (company_id, unit_id, transport_type, status, dispatcher_id, owner_id, active_driver_id,
       working_group_id, location_address, location_city, location_state, location_zip_code, location_country,
       location_lat, location_lon, location_updated_by, location_updated_at,
       future_location_address, future_location_city, future_location_state, future_location_zip_code,
       future_location_country, future_location_lat, future_location_lon, future_location_available_date,
       future_location_updated_by, future_location_updated_at, location_status, is_tracking_active,
       license_expiry, insurance_expiry)
     SELECT $1, 'U' || lpad(g::text, 6, '0'), (${textArray(VEHICLE_TYPES)})[1 + g % ${VEHICLE_TYPES.length}],
       (ARRAY[1, 1, 1, 1, 1, 2, 2, 3, 3, 3, 3, 4, 5, 7, 1, 2, 3, 1, 1, 1])[1 + g % 20],
       dispatcher, $2::bigint + g % $3::int, $4::bigint + g - 1,
       $5::bigint + (dispatcher - $6::bigint) % $7::int,
       'Near ' || c.city || ', ' || c.state, c.city, c.state, c.zip, c.country,
       c.lat + spread * (random() + random() - 1), c.lon + spread * 1.3 * (random() + random() - 1),
       dispatcher, now() - make_interval(mins => (g % 600)::int),
       CASE WHEN kind > 0 THEN p.city || ', ' || p.state END, CASE WHEN kind > 0 THEN p.city END,
       CASE WHEN kind > 0 THEN p.state END, CASE WHEN kind > 0 THEN p.zip END, CASE WHEN kind > 0 THEN p.country END,
       CASE WHEN kind > 0 THEN p.lat + 0.4 * (random() - 0.5) END,
       CASE WHEN kind > 0 THEN p.lon + 0.5 * (random() - 0.5) END,
       CASE WHEN kind > 0 THEN now() + make_interval(hours => (g % 84)::int - 12) END,
       CASE WHEN kind > 0 THEN dispatcher END, CASE WHEN kind > 0 THEN now() - interval '1 hour' END,
       CASE kind WHEN 0 THEN 1 WHEN 1 THEN 3 ELSE 2 END, g % 3 <> 0,
       current_date + ((g * 37) % 730)::int - 30, current_date + ((g * 53) % 365)::int - 15
     FROM generate_series(1::bigint, $8::bigint) g
     CROSS JOIN LATERAL (
       SELECT $6::bigint + g % $9::int AS dispatcher,
         CASE WHEN g % 10 = 0 THEN 2.5 ELSE 0.8 END AS spread,
         CASE WHEN g % 10 < 7 THEN 0 WHEN g % 10 < 9 THEN 1 ELSE 2 END AS kind
     ) facts
     JOIN bench_fleet_cities c ON c.idx = (g * 7919) % ${CITIES.length}
     JOIN bench_fleet_cities p ON p.idx = (g * 104729 + 17) % ${CITIES.length}`,
    [
      companyId,
      firstOwner,
      options.owners,
      firstDriver,
      firstTeam,
      firstDispatcher,
      options.teams,
      options.vehicles,
      options.dispatchers,
    ],
  );
  await client.query(
    `INSERT INTO vehicle_drivers (vehicle_id, driver_id)
     SELECT id, active_driver_id FROM vehicles WHERE company_id = $1`,
    [companyId],
  );

  for (const index of indexes.rows) await client.query(index.indexdef);
  for (const column of statistics.rows) {
    await client.query(
      `ALTER INDEX ${column.indexname} ALTER COLUMN ${column.attnum} SET STATISTICS ${column.attstattarget}`,
    );
  }
  for (const table of ['vehicles', 'drivers', 'owners', 'vehicle_drivers', 'users']) {
    await client.query(`VACUUM ANALYZE ${table}`);
  }
  return { companyId, adminEmail };
}
