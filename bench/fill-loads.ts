// Fills a migrated database with a large, realistic book of loads for the list benchmarks, in set-based
// statements (INSERT ... SELECT generate_series): companies with dispatchers in teams, drivers with their
// vehicles, broker companies, loads with two to four points in real US and Canadian freight cities, and a
// rate confirmation for each load that has left Waiting to accept.
//
// Dates span three years (or `spanDays`) up to a week ahead, ids grow with time as in a real book, and the
// status follows the age of the load: pick-ups from two days ago on are active, those up to three weeks old
// wait in checkout, older ones are completed; 6% of loads at any age were canceled.
import type { QueryClient } from './bench-database';
import { CITIES } from '../apps/server/src/db/seed/cities';

export type FillOptions = {
  loads: number;
  companies: number;
  dispatchersPerCompany: number;
  teamsPerCompany: number;
  driversPerCompany: number;
  brokersPerCompany: number;
  /** Hash of the password of each company's admin (who signs in to measure). */
  adminPasswordHash: string;
  /** How many days before the fill (up to a week ahead) the pick-ups span; 1,095 (three years) by default. */
  spanDays?: number;
};

export type FilledCompany = {
  id: number;
  adminEmail: string;
  dispatcherIds: number[];
  driverIds: number[];
};

type Range = { first: number; count: number };

const idsOf = (range: Range) => Array.from({ length: range.count }, (_, index) => range.first + index);

const FIRST_NAMES = ['Mary', 'John', 'Olga', 'Carlos', 'Aisha', 'Peter', 'Linda', 'Dmitri', 'Grace', 'Omar'];
const LAST_NAMES = [
  'Smith',
  'Garcia',
  'Ivanova',
  'Brown',
  'Nguyen',
  'Miller',
  'Lopez',
  'Kowalski',
  'Chen',
  'Jones',
];
// 10 x 15 x 10 = 1,500 distinct broker names: 'Coyote Ridge Logistics'.
const BROKER_WORDS = [
  'Coyote',
  'Echo',
  'Landstar',
  'Apex',
  'Summit',
  'Prairie',
  'Harbor',
  'Granite',
  'Beacon',
  'Maple',
];
const BROKER_SECOND = [
  'Ridge',
  'River',
  'Bay',
  'Peak',
  'Valley',
  'Point',
  'Creek',
  'Star',
  'Line',
  'Road',
  'Field',
  'Lake',
  'Stone',
  'Gate',
  'Bridge',
];
const BROKER_SUFFIX = [
  'Logistics',
  'Freight',
  'Transport',
  'Brokerage',
  'Shipping',
  'Cargo',
  'Carriers',
  'Express',
  'Solutions',
  'Group',
];

async function insertRange(client: QueryClient, statement: string, values: unknown[] = []): Promise<Range> {
  const result = await client.query<{ first: string; count: string }>(
    `WITH inserted AS (${statement} RETURNING id) SELECT min(id) AS first, count(*) AS count FROM inserted`,
    values,
  );
  const row = result.rows[0]!;
  return { first: Number(row.first), count: Number(row.count) };
}

const textArray = (values: readonly string[]) => `ARRAY[${values.map((value) => `'${value}'`).join(', ')}]`;

/**
 * Fills the database through `client` and answers each company with its admin and its people. The
 * client's session runs with triggers off (session_replication_role = replica) and without the list
 * indexes; the columns the triggers keep and the list counts are written directly, then the indexes are
 * built and the tables analysed.
 */
export async function fillLoads(client: QueryClient, options: FillOptions): Promise<FilledCompany[]> {
  await client.query(`SET session_replication_role = replica`);
  await client.query(`SET maintenance_work_mem = '512MB'`);
  await client.query(`SET synchronous_commit = off`);

  // Build indexes once after the fill rather than row by row during it.
  const indexes = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes
     WHERE schemaname = 'public' AND tablename IN ('loads', 'load_points', 'load_files')
       AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
  );
  for (const index of indexes.rows) await client.query(`DROP INDEX ${index.indexname}`);

  const companies: FilledCompany[] = [];
  const plans: {
    company: number;
    dispatchers: Range;
    teams: Range;
    subgroups: Range;
    drivers: Range;
    vehicles: Range;
    brokers: Range;
  }[] = [];
  for (let index = 0; index < options.companies; index++) {
    const suffix = `${process.pid}-${index}`;
    const company = await insertRange(client, `INSERT INTO companies (name, company_hash) VALUES ($1, $2)`, [
      `Bench Carrier ${index + 1}`,
      `bench-${suffix}`,
    ]);
    const adminEmail = `bench-admin-${suffix}@bench.test`;
    await client.query(
      `INSERT INTO users (company_id, email, password_hash, first_name, last_name, role) VALUES ($1, $2, $3, 'Bench', 'Admin', 3)`,
      [company.first, adminEmail, options.adminPasswordHash],
    );
    const teams = await insertRange(
      client,
      `INSERT INTO working_groups (company_id, group_name)
       SELECT $1, 'Team ' || i FROM generate_series(1, $2::int) i`,
      [company.first, options.teamsPerCompany],
    );
    const subgroups = await insertRange(
      client,
      `INSERT INTO subgroups (working_group_id, name)
       SELECT $1::bigint + (i - 1) / 2, 'Subgroup ' || i FROM generate_series(1, $2::int * 2) i`,
      [teams.first, options.teamsPerCompany],
    );
    const dispatchers = await insertRange(
      client,
      `INSERT INTO users (company_id, email, password_hash, first_name, last_name, role, working_group_id)
       SELECT $1, 'bench-dispatcher-' || $2::text || '-' || i || '@bench.test', $3, 'Dispatcher', 'No' || i, 5,
         $4::bigint + (i - 1) % $5::int
       FROM generate_series(1, $6::int) i`,
      [
        company.first,
        suffix,
        options.adminPasswordHash,
        teams.first,
        options.teamsPerCompany,
        options.dispatchersPerCompany,
      ],
    );
    // Dispatcher i is in subgroup (i - 1) % (2 * teams): one of the two subgroups of their team.
    await client.query(
      `INSERT INTO subgroup_members (subgroup_id, user_id)
       SELECT $1::bigint + (i - 1) % ($2::int * 2), $3::bigint + i - 1 FROM generate_series(1, $4::int) i`,
      [subgroups.first, options.teamsPerCompany, dispatchers.first, options.dispatchersPerCompany],
    );
    const drivers = await insertRange(
      client,
      `INSERT INTO drivers (company_id, first_name, last_name, phone_number)
       SELECT $1, (${textArray(FIRST_NAMES)})[1 + i % 10], (${textArray(LAST_NAMES)})[1 + (i / 10) % 10] || ' ' || i,
         '555-' || lpad((i % 1000)::text, 3, '0') || '-' || lpad(i::text, 4, '0')
       FROM generate_series(1, $2::int) i`,
      [company.first, options.driversPerCompany],
    );
    const vehicles = await insertRange(
      client,
      `INSERT INTO vehicles (company_id, unit_id, transport_type, active_driver_id, status)
       SELECT $1, 'U' || i, (ARRAY['SPRINTER', 'CARGO VAN', 'BOX TRUCK', 'SMALL STRAIGHT'])[1 + i % 4], $2::bigint + i - 1, 1
       FROM generate_series(1, $3::int) i`,
      [company.first, drivers.first, options.driversPerCompany],
    );
    const brokers = await insertRange(
      client,
      `INSERT INTO broker_companies (company_id, name, mc_number, in_blacklist)
       SELECT $1, (${textArray(BROKER_WORDS)})[1 + i % 10] || ' ' || (${textArray(BROKER_SECOND)})[1 + (i / 10) % 15]
         || ' ' || (${textArray(BROKER_SUFFIX)})[1 + (i / 150) % 10], 'MC' || (100000 + i), i % 50 = 0
       FROM generate_series(1, $2::int) i`,
      [company.first, options.brokersPerCompany],
    );
    plans.push({ company: company.first, dispatchers, teams, subgroups, drivers, vehicles, brokers });
    companies.push({
      id: company.first,
      adminEmail,
      dispatcherIds: idsOf(dispatchers),
      driverIds: idsOf(drivers),
    });
  }

  await client.query(
    `CREATE TEMP TABLE bench_cities (idx int PRIMARY KEY, city text, state text, zip text, country text, lat float8, lon float8)`,
  );
  await client.query(
    `INSERT INTO bench_cities SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::float8[], $7::float8[])`,
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

  // Per company (c = g % companies): the first id and count of each kind of record, as SQL arrays.
  const pick = (
    key: 'dispatchers' | 'drivers' | 'brokers' | 'teams' | 'subgroups',
    part: 'first' | 'count',
  ) => `(ARRAY[${plans.map((plan) => plan[key][part]).join(', ')}]::bigint[])[1 + c]`;
  const total = options.loads;
  await client.query(`
    INSERT INTO loads (company_id, status, accounting_status, load_accounting_number, load_accounting_week,
      load_accounting_year, broker_company_id, accounting_broker_company_id, broker_name, broker_phone, reply_email,
      rateconf_ref, pays_cents, broker_price_cents, driver_price_cents, weight, pieces, length, width, height,
      vehicle_type, pick_up_datetime, delivery_datetime, miles, source, dispatcher_id, driver_id, vehicle_id,
      working_group_id, subgroup_id, created_by, delivered_at, completed_at, canceled_at, created_at, updated_at)
    SELECT
      (ARRAY[${plans.map((plan) => plan.company).join(', ')}]::bigint[])[1 + c],
      status,
      CASE WHEN status IN (8, 9) THEN 1 WHEN status IN (10, 11) THEN 8 WHEN status = 12 THEN 9 END,
      (g - 1) / ${options.companies} + 1,
      extract(week FROM pick_up)::int, extract(isoyear FROM pick_up)::int,
      broker, broker,
      (${textArray(FIRST_NAMES)})[1 + g % 10] || ' ' || (${textArray(LAST_NAMES)})[1 + (g / 10) % 10],
      '555-' || lpad((g % 1000)::text, 3, '0') || '-' || lpad((g % 10000)::text, 4, '0'),
      'dispatch' || (g % 500) || '@broker.test',
      CASE WHEN g % 3 = 0 THEN (4000000 + g)::text ELSE 'LD' || lpad(((g * 7919) % 10000000)::text, 7, '0') END,
      price, price, price * 8 / 10,
      100 + g % 9000, 1 + g % 30, 48, 40, 40,
      'SPRINTER', pick_up, pick_up + make_interval(hours => (4 + g % 44)::int), 50 + g % 900,
      'manual', dispatcher,
      CASE WHEN status = 1 THEN NULL ELSE driver END,
      -- Driver i drives vehicle i of the company.
      CASE WHEN status = 1 THEN NULL
        ELSE driver + (ARRAY[${plans.map((plan) => plan.vehicles.first - plan.drivers.first).join(', ')}]::bigint[])[1 + c] END,
      ${pick('teams', 'first')} + (dispatcher - ${pick('dispatchers', 'first')}) % ${options.teamsPerCompany},
      ${pick('subgroups', 'first')} + (dispatcher - ${pick('dispatchers', 'first')}) % ${options.teamsPerCompany * 2},
      dispatcher,
      CASE WHEN status >= 8 AND status < 12 THEN pick_up + interval '1 day' END,
      CASE WHEN status IN (10, 11) THEN pick_up + interval '10 days' END,
      CASE WHEN status = 12 THEN pick_up - interval '1 day' END,
      pick_up - interval '2 days', pick_up
    FROM generate_series(1::bigint, ${total}) g
    CROSS JOIN LATERAL (SELECT g % ${options.companies} AS c) company
    CROSS JOIN LATERAL (
      SELECT
        date_trunc('minute', now() - make_interval(secs => ((${total} - g)::float8 / ${total} * ${options.spanDays ?? 1095} - 7) * 86400)) AS pick_up,
        random() AS r
    ) moment
    CROSS JOIN LATERAL (
      SELECT
        CASE
          WHEN r < 0.06 THEN 12
          WHEN pick_up > now() - interval '2 days' THEN
            CASE WHEN pick_up > now() + interval '1 day' THEN 1 + (g % 2) ELSE 1 + (g % 7) END
          WHEN pick_up > now() - interval '21 days' THEN CASE WHEN g % 20 = 0 THEN 9 ELSE 8 END
          ELSE CASE WHEN g % 33 = 0 THEN 11 ELSE 10 END
        END::smallint AS status,
        ${pick('dispatchers', 'first')} + floor(random() * ${pick('dispatchers', 'count')})::bigint AS dispatcher,
        ${pick('drivers', 'first')} + floor(random() * ${pick('drivers', 'count')})::bigint AS driver,
        -- A few brokers carry most of the freight.
        ${pick('brokers', 'first')} + floor(power(random(), 3) * ${pick('brokers', 'count')})::bigint AS broker,
        (80000 + floor(random() * 400000))::bigint AS price
    ) facts`);

  await client.query(`
    INSERT INTO load_points (load_id, company_id, list_class, point_order, type, address, city, state, zip_code,
      country, lat, lon, date, is_active)
    SELECT l.id, l.company_id, l.list_class, n, CASE WHEN n = 1 THEN 'pick_up' ELSE 'deliver_to' END,
      (100 + (l.id * 31 + n) % 9000) || ' Commerce St, ' || c.city || ', ' || c.state || ' ' || c.zip,
      c.city, c.state, c.zip, c.country, c.lat, c.lon,
      l.pick_up_datetime + make_interval(hours => (n - 1) * 6),
      l.list_class = 1 AND n = CASE WHEN l.status >= 4 THEN 2 ELSE 1 END
    FROM loads l
    CROSS JOIN LATERAL generate_series(1, CASE WHEN l.id % 20 = 0 THEN 4 WHEN l.id % 7 = 0 THEN 3 ELSE 2 END) n
    JOIN bench_cities c ON c.idx = ((l.id * 2654435761 + n * 40503) % ${CITIES.length})`);

  await client.query(`
    INSERT INTO load_files (load_id, file_type, name, storage_path, size_bytes, mime_type, uploaded_by, created_at)
    SELECT id, 'rate_confirmation', 'RateConf-' || id || '.pdf', 'bench/' || id || '.pdf', 120000, 'application/pdf',
      dispatcher_id, pick_up_datetime - interval '1 day'
    FROM loads WHERE status > 1`);

  await client.query(`INSERT INTO load_list_counts (company_id, list_class, load_count)
    SELECT company_id, list_class, count(*) FROM loads GROUP BY company_id, list_class`);

  for (const index of indexes.rows) await client.query(index.indexdef);
  await client.query(`SET session_replication_role = DEFAULT`);
  await client.query(`VACUUM ANALYZE loads`);
  await client.query(`VACUUM ANALYZE load_points`);
  await client.query(`VACUUM ANALYZE load_files`);
  await client.query(`VACUUM ANALYZE broker_companies`);
  await client.query(`ANALYZE`);
  return companies;
}
