// Fills a migrated database with a year of a carrier's accounting for the accounting benchmarks, in
// set-based statements: one company with its admin, owners (each with a driver and a truck of their own),
// dispatchers paid 10 % of gross, broker companies, and completed loads spread evenly over the 52 weeks
// before the current one, each with its pick-up and delivery, its broker payment, and the owners' and
// dispatchers' payments of every week. Load g goes to truck g mod owners, so every owner has loads in every
// week (about loads / 52 / owners each).
import type pg from 'pg';
import { CITIES } from '../apps/server/src/db/seed/cities';

export type AccountingFillOptions = {
  loads: number;
  owners: number;
  dispatchers: number;
  brokers: number;
  adminPasswordHash: string;
};

export type FilledAccounting = { companyId: number; adminEmail: string };

async function firstId(client: pg.Client, statement: string, values: unknown[] = []): Promise<number> {
  const result = await client.query<{ first: string }>(
    `WITH inserted AS (${statement} RETURNING id) SELECT min(id) AS first FROM inserted`,
    values,
  );
  return Number(result.rows[0]!.first);
}

export async function fillAccounting(
  client: pg.Client,
  options: AccountingFillOptions,
): Promise<FilledAccounting> {
  await client.query(`SET session_replication_role = replica`);
  await client.query(`SET synchronous_commit = off`);
  const suffix = `${process.pid}-${Date.now().toString(36)}`;
  const companyId = await firstId(
    client,
    `INSERT INTO companies (name, company_hash, address, phone, email, mc_number, dot_number)
     VALUES ('Bench Freight LLC', $1, '100 Main St, Columbus, OH 43215', '(614) 555-0100', 'billing@bench.test',
       '123456', '7654321')`,
    [`bench-accounting-${suffix}`],
  );
  const adminEmail = `bench-accountant-${suffix}@bench.test`;
  await client.query(
    `INSERT INTO users (company_id, email, password_hash, first_name, last_name, role)
     VALUES ($1, $2, $3, 'Bench', 'Accountant', 7)`,
    [companyId, adminEmail, options.adminPasswordHash],
  );
  const dispatchers = await firstId(
    client,
    `INSERT INTO users (company_id, email, password_hash, first_name, last_name, role)
     SELECT $1, 'bench-dispatcher-' || $2::text || '-' || i || '@bench.test', $3, 'Dispatcher', 'No' || i, 5
     FROM generate_series(1, $4::int) i`,
    [companyId, suffix, options.adminPasswordHash, options.dispatchers],
  );
  await client.query(
    `INSERT INTO dispatcher_pay_terms (user_id, company_id, basis, percent)
     SELECT $1::bigint + i - 1, $2, 'gross_percent', 10 FROM generate_series(1, $3::int) i`,
    [dispatchers, companyId, options.dispatchers],
  );
  const owners = await firstId(
    client,
    `INSERT INTO owners (company_id, first_name, last_name, company_name, email)
     SELECT $1, (ARRAY['Иван', 'Mary', 'Carlos', 'Olga', 'Omar'])[1 + i % 5], 'Owner ' || i, 'Fleet ' || i,
       'owner' || i || '@owners.bench.test'
     FROM generate_series(1, $2::int) i`,
    [companyId, options.owners],
  );
  const drivers = await firstId(
    client,
    `INSERT INTO drivers (company_id, owner_id, first_name, last_name)
     SELECT $1, $2::bigint + i - 1, 'Driver', 'No ' || i FROM generate_series(1, $3::int) i`,
    [companyId, owners, options.owners],
  );
  const vehicles = await firstId(
    client,
    `INSERT INTO vehicles (company_id, unit_id, transport_type, owner_id, active_driver_id, status)
     SELECT $1, 'T' || i, 'SPRINTER', $2::bigint + i - 1, $3::bigint + i - 1, 1 FROM generate_series(1, $4::int) i`,
    [companyId, owners, drivers, options.owners],
  );
  const brokers = await firstId(
    client,
    `INSERT INTO broker_companies (company_id, name, mc_number, email, address, city, state, zip_code)
     SELECT $1, 'Broker ' || i || ' Logistics', 'MC' || (100000 + i), 'ap' || i || '@brokers.bench.test',
       i || ' Freight Way', 'Chicago', 'IL', '60601'
     FROM generate_series(1, $2::int) i`,
    [companyId, options.brokers],
  );

  // Week 1 of the 52 is the one that ended a year ago; week 52 the one that ended last Sunday.
  await client.query(`
    INSERT INTO loads (company_id, status, accounting_status, load_accounting_number, load_accounting_week,
      load_accounting_year, broker_company_id, accounting_broker_company_id, broker_name, rateconf_ref,
      broker_price_cents, driver_price_cents, weight, pieces, vehicle_type, pick_up_datetime, delivery_datetime,
      miles, dispatcher_id, driver_id, vehicle_id, delivered_at, completed_at, created_at, updated_at)
    SELECT ${companyId}, 10, 8, g, extract(week FROM pick_up)::int, extract(isoyear FROM pick_up)::int,
      broker, broker, 'Broker contact', 'RC-' || g, price, price * 8 / 10, 1000, 4, 'SPRINTER', pick_up,
      pick_up + interval '20 hours', 300 + g % 900,
      ${dispatchers} + g % ${options.dispatchers}, ${drivers} + g % ${options.owners},
      ${vehicles} + g % ${options.owners}, pick_up + interval '1 day', pick_up + interval '3 days',
      pick_up - interval '2 days', pick_up
    FROM generate_series(0::bigint, ${options.loads - 1}) g
    CROSS JOIN LATERAL (
      SELECT date_trunc('week', now() AT TIME ZONE 'America/New_York') AT TIME ZONE 'America/New_York'
          - interval '364 days' + make_interval(secs => (g::float8 / ${options.loads}) * 364 * 86400) AS pick_up,
        ${brokers} + (g * 7919) % ${options.brokers} AS broker,
        (80000 + (g * 104729) % 400000)::bigint AS price
    ) facts`);
  await client.query(
    `CREATE TEMP TABLE bench_cities (idx int PRIMARY KEY, city text, state text, zip text, lat float8, lon float8)`,
  );
  await client.query(
    `INSERT INTO bench_cities SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::float8[])`,
    [
      CITIES.map((_, index) => index),
      CITIES.map((city) => city.city),
      CITIES.map((city) => city.state),
      CITIES.map((city) => city.zip),
      CITIES.map((city) => city.lat),
      CITIES.map((city) => city.lon),
    ],
  );
  await client.query(`
    INSERT INTO load_points (load_id, company_id, list_class, point_order, type, address, city, state, zip_code,
      country, lat, lon, date, is_active)
    SELECT l.id, l.company_id, l.list_class, n, CASE WHEN n = 1 THEN 'pick_up' ELSE 'deliver_to' END,
      (100 + l.id % 9000) || ' Commerce St, ' || c.city || ', ' || c.state || ' ' || c.zip, c.city, c.state, c.zip,
      'US', c.lat, c.lon, l.pick_up_datetime + make_interval(hours => (n - 1) * 20), false
    FROM loads l
    CROSS JOIN generate_series(1, 2) n
    JOIN bench_cities c ON c.idx = ((l.id * 2654435761 + n * 40503) % ${CITIES.length})
    WHERE l.company_id = ${companyId}`);
  await client.query(`INSERT INTO load_list_counts (company_id, list_class, load_count)
    SELECT company_id, list_class, count(*) FROM loads WHERE company_id = ${companyId} GROUP BY 1, 2
    ON CONFLICT (company_id, list_class) DO UPDATE SET load_count = excluded.load_count`);
  await client.query(`
    INSERT INTO payments (company_id, type, status, load_id, broker_company_id, week, year, invoice_date, days_to_pay,
      quickpay_percent)
    SELECT company_id, 'broker', CASE WHEN id % 3 = 0 THEN 8 ELSE 2 END, id, broker_company_id,
      load_accounting_week, load_accounting_year, (delivered_at AT TIME ZONE 'America/New_York')::date, 30,
      CASE WHEN id % 10 = 0 THEN 3 END
    FROM loads WHERE company_id = ${companyId}`);
  await client.query(`
    INSERT INTO payments (company_id, type, owner_id, week, year)
    SELECT DISTINCT l.company_id, 'owner', v.owner_id, l.load_accounting_week, l.load_accounting_year
    FROM loads l JOIN vehicles v ON v.id = l.vehicle_id WHERE l.company_id = ${companyId}`);
  await client.query(`
    INSERT INTO payments (company_id, type, dispatcher_id, week, year)
    SELECT DISTINCT company_id, 'dispatcher', dispatcher_id, load_accounting_week, load_accounting_year
    FROM loads WHERE company_id = ${companyId}`);
  await client.query(`SET session_replication_role = DEFAULT`);
  for (const table of ['loads', 'load_points', 'payments', 'owners', 'vehicles', 'drivers']) {
    await client.query(`VACUUM ANALYZE ${table}`);
  }
  return { companyId, adminEmail };
}
