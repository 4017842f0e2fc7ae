// The dashboard's eight calls for one month on a carrier with 1,000,000 loads over two years (50
// dispatchers in 5 teams, 400 drivers and trucks, 500 brokers; a proposition for most loads and a paid
// broker invoice for each completed one), through the HTTP endpoints (sign-in check, the read model's
// queries, the other services' counts and names, JSON) on PostgreSQL. Each call for the last full calendar
// month: the company's numbers as an admin, GET dashboard/dispatcher as a dispatcher of a team.
import { performance } from 'node:perf_hooks';
import { addDays, periodDates } from '@app/domain/dashboard/dashboard.rules';
import type pg from 'pg';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import {
  explain,
  openBenchServer,
  percentile,
  planNodes,
  signIn,
  statementRecorder,
  type Statement,
} from './bench-database';
import { fillLoads } from './fill-loads';
import type { Benchmark } from './run';

/** DASHBOARD_BENCH_LOADS makes a smaller book for a quick look; recorded figures use the default. */
const LOADS = Number(process.env.DASHBOARD_BENCH_LOADS ?? 1_000_000);
const RUNS = 100;
const WARM_UP = 10;
const TARGET_MS = 100;
const PASSWORD = 'bench-password-1';

/**
 * What the fill leaves out, set-based with the triggers off as the fill runs: a dispatcher's proposition
 * for 60 % of the loads (won for most booked loads, lost or active otherwise, made two days before the
 * pick-up) and a paid broker invoice for every completed load; then the dashboard's read model from them
 * (the triggers keep it afterwards; the migration fills it the same way).
 */
export async function fillDashboard(client: pg.Client): Promise<void> {
  await client.query(`SET session_replication_role = replica`);
  await client.query(`
    INSERT INTO bids (company_id, load_id, kind, status, dispatcher_id, price_cents, created_at, updated_at)
    SELECT company_id, id, 'dispatcher',
      CASE WHEN status = 1 AND id % 3 = 0 THEN 1 WHEN id % 4 = 0 THEN 3 ELSE 2 END,
      dispatcher_id, broker_price_cents, pick_up_datetime - interval '2 days', pick_up_datetime
    FROM loads WHERE id % 5 < 3`);
  await client.query(`
    INSERT INTO payments (company_id, type, status, load_id, broker_company_id, week, year, invoice_status,
      invoice_date, days_to_pay, paid_at)
    SELECT company_id, 'broker', 8, id, broker_company_id, load_accounting_week, load_accounting_year, 3,
      (delivered_at AT TIME ZONE 'America/New_York')::date, 30,
      delivered_at + make_interval(days => (10 + id % 40)::int)
    FROM loads WHERE status IN (10, 11)`);
  await client.query(`
    INSERT INTO dashboard_load_days (load_id, company_id, day, end_day, posted_day, list_class, status,
      board_status, dispatcher_id, driver_id, vehicle_id, broker_company_id, working_group_id, subgroup_id,
      broker_cents, driver_cents, miles)
    SELECT id, company_id, (pick_up_datetime AT TIME ZONE 'America/New_York')::date,
      (delivery_datetime AT TIME ZONE 'America/New_York')::date, (posted_at AT TIME ZONE 'America/New_York')::date,
      list_class, status, board_status, dispatcher_id, driver_id, vehicle_id, broker_company_id, working_group_id,
      subgroup_id, broker_price_cents, driver_price_cents, coalesce(miles, 0)
    FROM loads`);
  await client.query(`
    INSERT INTO dashboard_bid_days (bid_id, company_id, day, dispatcher_id, working_group_id, subgroup_id, status)
    SELECT b.id, b.company_id, (b.created_at AT TIME ZONE 'America/New_York')::date, b.dispatcher_id,
      u.working_group_id,
      (SELECT sm.subgroup_id FROM subgroup_members sm WHERE sm.user_id = b.dispatcher_id
        ORDER BY sm.subgroup_id LIMIT 1),
      b.status
    FROM bids b LEFT JOIN users u ON u.id = b.dispatcher_id WHERE b.kind = 'dispatcher'`);
  await client.query(`SET session_replication_role = DEFAULT`);
  for (const table of ['bids', 'payments', 'dashboard_load_days', 'dashboard_bid_days']) {
    await client.query(`VACUUM ANALYZE ${table}`);
  }
}

/** The last full calendar month before today (Eastern). */
function lastFullMonth(): { date_from: string; date_to: string } {
  const thisMonth = periodDates({ period: 'this_month' }, new Date());
  const lastDay = addDays(thisMonth.date_from, -1);
  return { date_from: `${lastDay.slice(0, 7)}-01`, date_to: lastDay };
}

/** The read model's tables of a row per load and per bid, which must never be read whole. */
const LARGE_TABLES = ['dashboard_load_days', 'dashboard_bid_days'];

/** Statements that read one of the large read-model tables without an index. */
async function sequentialReads(client: pg.Client, statements: Statement[]): Promise<string[]> {
  const found = new Set<string>();
  for (const statement of statements) {
    if (!statement.sql.includes('dashboard_')) continue;
    for (const node of planNodes(await explain(client, statement))) {
      const table = node['Relation Name'];
      if (node['Node Type'] === 'Seq Scan' && table && LARGE_TABLES.includes(table)) found.add(table);
    }
  }
  return [...found];
}

const benchmark: Benchmark = {
  name: `the dashboard's eight calls for one month on ${LOADS.toLocaleString('en-US')} loads over two years`,
  target: `p95 of each call at most ${TARGET_MS} ms over ${RUNS} runs (HTTP endpoint, PostgreSQL)`,
  async run() {
    const bench = await openBenchServer('bench_dashboard');
    try {
      const [company] = await fillLoads(bench.client, {
        loads: LOADS,
        companies: 1,
        dispatchersPerCompany: 50,
        teamsPerCompany: 5,
        driversPerCompany: 400,
        brokersPerCompany: 500,
        spanDays: 730,
        adminPasswordHash: await hashPassword(PASSWORD),
      });
      await fillDashboard(bench.client);
      const recorder = statementRecorder(bench.handle);
      const app = await bench.startApp(recorder);
      const admin = await signIn(app, company!.adminEmail, PASSWORD);
      const dispatcherEmail = await bench.client.query<{ email: string }>(
        `SELECT email FROM users WHERE id = $1`,
        [company!.dispatcherIds[0]],
      );
      const dispatcher = await signIn(app, dispatcherEmail.rows[0]!.email, PASSWORD);
      const topBroker = await bench.client.query<{ id: string }>(
        `SELECT broker_company_id AS id FROM loads GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
      );
      const month = lastFullMonth();
      const query = `period=range&date_from=${month.date_from}&date_to=${month.date_to}`;
      const calls: [string, string, { authorization: string }][] = [
        ['count-stats', `count-stats?${query}`, admin],
        ['drivers/all', `drivers/all?${query}&limit=25`, admin],
        ['dispatchers/all', `dispatchers/all?${query}&limit=25`, admin],
        ['graphs/all', `graphs/all?${query}`, admin],
        ['dispatcher', `dispatcher?${query}`, dispatcher],
        ['broker-company/all', `broker-company/all?${query}&limit=25&sort=days_to_pay`, admin],
        ['broker-company/count-stats', `broker-company/count-stats?${query}`, admin],
        ['broker-company/{id}', `broker-company/${topBroker.rows[0]!.id}/?${query}`, admin],
      ];
      const figures: string[] = [];
      let worst = 0;
      const statements: Statement[] = [];
      for (const [name, path, headers] of calls) {
        const times: number[] = [];
        for (let run = 0; run < WARM_UP + RUNS; run += 1) {
          recorder.log = run === 0 ? statements : null;
          const start = performance.now();
          const response = await app.inject({
            method: 'GET',
            url: `/backend/api/v2/dashboard/${path}`,
            headers,
          });
          const elapsed = performance.now() - start;
          if (response.statusCode !== 200)
            throw new Error(`${name} ${response.statusCode}: ${response.body}`);
          if (run >= WARM_UP) times.push(elapsed);
        }
        recorder.log = null;
        const p95 = percentile(times, 0.95);
        worst = Math.max(worst, p95);
        figures.push(`${name} p50 ${percentile(times, 0.5).toFixed(1)} / p95 ${p95.toFixed(1)} ms`);
      }
      const sequential = await sequentialReads(bench.client, statements);
      const monthLoads = await bench.client.query<{ count: string }>(
        `SELECT count(*) FROM dashboard_load_days WHERE day BETWEEN $1 AND $2`,
        [month.date_from, month.date_to],
      );
      return {
        figure:
          `${month.date_from}..${month.date_to} (${Number(monthLoads.rows[0]!.count).toLocaleString('en-US')} loads): ` +
          `${figures.join('; ')}` +
          (sequential.length > 0 ? `; sequential reads of ${sequential.join(', ')}` : ''),
        met: worst <= TARGET_MS && sequential.length === 0,
      };
    } finally {
      await bench.close();
    }
  },
};

export default benchmark;
