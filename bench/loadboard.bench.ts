// The load board on a million loads with 50,000 on the board: GET loads/loadboard with random combinations
// of its filters. Database time: the board service's list (count, page, points, bids: the SQL and the
// mapping of the rows) for 100-row pages. End to end: 50 keep-alive connections asking for 25-row pages
// of random filters, side by side with a bare Fastify route that serves the same JSON from memory.
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { VEHICLE_TYPE_IDS } from '@app/domain/common/lookups';
import type { LoadboardQuery } from '@app/domain/loadboard/loadboard.schema';
import Fastify from 'fastify';
import type pg from 'pg';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { createLoadboardService } from '../apps/server/src/modules/loadboard/loadboard.service';
import { openBenchServer, percentile, signIn, statementRecorder } from './bench-database';
import { fillBoard } from './fill-board';
import { fillLoads } from './fill-loads';
import type { Benchmark } from './run';

/** LOADBOARD_BENCH_SIZE makes a smaller book for a quick look (the board is a twentieth of it). */
const LOADS = Number(process.env.LOADBOARD_BENCH_SIZE ?? 1_000_000);
const BOARD = Math.round(LOADS / 20);
const DB_RUNS = 300;
const HTTP_SECONDS = Number(process.env.LOADBOARD_BENCH_SECONDS ?? 15);
const CONNECTIONS = 50;
const DB_TARGET_MS = 15;
const RPS_TARGET = 800;
const PASSWORD = 'bench-password-1';
/** How often a board load changes during the second end-to-end run. */
const CHURN_MS = 200;

type Samples = { teams: number[]; subgroups: number[]; states: string[]; brokers: number[] };

const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!;
const some = <T>(values: readonly T[], most: number): T[] => [
  ...new Set(Array.from({ length: 1 + Math.floor(Math.random() * most) }, () => pick(values))),
];

/** A random combination of the board's filters, each present about one time in three. */
function randomQuery(samples: Samples): Omit<LoadboardQuery, 'page' | 'limit'> {
  const query: Omit<LoadboardQuery, 'page' | 'limit'> = {};
  const often = () => Math.random() < 0.3;
  const team = Math.random();
  if (team < 0.3) query.wg = [pick(samples.teams)];
  else if (team < 0.5) query.sub_wg = [pick(samples.subgroups)];
  if (often()) query.brokerage = [pick(['M', 'S'] as const)];
  if (often()) query.pickUpAt_state = some(samples.states, 4);
  if (often()) query.deliverTo_state = some(samples.states, 4);
  if (often()) query[Math.random() < 0.5 ? 'car' : 'not_car'] = some(VEHICLE_TYPE_IDS, 3);
  if (often()) query.max_miles = 300 + Math.floor(Math.random() * 2000);
  if (often()) query[Math.random() < 0.5 ? 'brokers' : 'not_brokers'] = some(samples.brokers, 3);
  if (often()) {
    query.match = true;
    query.max_miles_out = 50 + Math.floor(Math.random() * 250);
  }
  return query;
}

function queryString(query: Omit<LoadboardQuery, 'page' | 'limit'>, limit: number): string {
  const parts = [`limit=${limit}`];
  for (const [key, value] of Object.entries(query)) {
    parts.push(`${key}=${encodeURIComponent(Array.isArray(value) ? value.join(',') : String(value))}`);
  }
  return parts.join('&');
}

async function sample(client: pg.Client, companyId: number): Promise<Samples> {
  const teams = await client.query<{ id: string }>(`SELECT id FROM working_groups WHERE company_id = $1`, [
    companyId,
  ]);
  const subgroups = await client.query<{ id: string }>(
    `SELECT s.id FROM subgroups s JOIN working_groups g ON g.id = s.working_group_id WHERE g.company_id = $1`,
    [companyId],
  );
  const states = await client.query<{ state: string }>(
    `SELECT DISTINCT state FROM load_points WHERE company_id = $1 AND list_class = 0`,
    [companyId],
  );
  const brokers = await client.query<{ id: string }>(
    `SELECT broker_company_id AS id FROM loads WHERE company_id = $1 AND board_status = 'posted'
     ORDER BY random() LIMIT 200`,
    [companyId],
  );
  return {
    teams: teams.rows.map((row) => Number(row.id)),
    subgroups: subgroups.rows.map((row) => Number(row.id)),
    states: states.rows.map((row) => row.state),
    brokers: brokers.rows.map((row) => Number(row.id)),
  };
}

// A load generator on its own thread, so that it does not share the server's event loop: CONNECTIONS
// keep-alive connections, each sending its next request when the last one answered.
const LOAD_GENERATOR = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, paths, headers, connections, seconds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
let errors = 0;
let sent = 0;
const end = Date.now() + seconds * 1000;
function once(path) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const request = http.request({ host: '127.0.0.1', port, path, headers, agent }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => {
        if (response.statusCode !== 200) errors += 1;
        else latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        resolve();
      });
    });
    request.on('error', () => { errors += 1; resolve(); });
    request.end();
  });
}
async function loop() {
  while (Date.now() < end) {
    await once(paths[sent++ % paths.length]);
  }
}
Promise.all(Array.from({ length: connections }, loop)).then(() => {
  agent.destroy();
  parentPort.postMessage({ latencies, errors, seconds });
});
`;

type Load = { rps: number; p50: number; p99: number; errors: number };

async function generateLoad(
  port: number,
  paths: string[],
  headers: Record<string, string>,
  seconds: number,
): Promise<Load> {
  const result = await new Promise<{ latencies: number[]; errors: number; seconds: number }>(
    (resolve, reject) => {
      const worker = new Worker(LOAD_GENERATOR, {
        eval: true,
        workerData: { port, paths, headers, connections: CONNECTIONS, seconds },
      });
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  return {
    rps: result.latencies.length / result.seconds,
    p50: percentile(result.latencies, 0.5),
    p99: percentile(result.latencies, 0.99),
    errors: result.errors,
  };
}

const describeLoad = (load: Load) =>
  `${load.rps.toFixed(0)} req/s, p50 ${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms, ${load.errors} errors`;

const benchmark: Benchmark = {
  name: `load board, random filters, ${BOARD.toLocaleString('en-US')} board loads among ${LOADS.toLocaleString('en-US')} loads`,
  target: `database time p95 at most ${DB_TARGET_MS} ms for 100-row pages (PostgreSQL); 25-row pages at ${CONNECTIONS} connections: at least ${RPS_TARGET} req/s with no errors and at least half of a bare Fastify route serving the same JSON`,
  async run() {
    const bench = await openBenchServer('bench_board');
    const bare = Fastify({ logger: false });
    try {
      const filled = performance.now();
      const [company] = await fillLoads(bench.client, {
        loads: LOADS,
        companies: 2,
        dispatchersPerCompany: 40,
        teamsPerCompany: 5,
        driversPerCompany: 300,
        brokersPerCompany: 1500,
        adminPasswordHash: await hashPassword(PASSWORD),
      });
      const board = await fillBoard(bench.client, company!.id, BOARD);
      console.log(
        `    filled in ${((performance.now() - filled) / 1000).toFixed(0)} s: ${board.boardLoads} board loads`,
      );
      const samples = await sample(bench.client, company!.id);

      // Database time: the service's list, in process, 100-row pages.
      const loadboard = createLoadboardService({
        db: bench.handle.db,
        bus: { publish: () => Promise.resolve() } as never,
      });
      const caller = {
        userId: board.adminId,
        companyId: company!.id,
        role: 3 as const,
        isSuperuser: false,
        familyId: '',
      };
      for (let run = 0; run < 30; run++)
        await loadboard.list(caller, { page: 1, limit: 100, ...randomQuery(samples) });
      const times: number[] = [];
      const matchTimes: number[] = [];
      const otherTimes: number[] = [];
      const counts: number[] = [];
      const slowest: { ms: number; query: string }[] = [];
      for (let run = 0; run < DB_RUNS; run++) {
        const query = randomQuery(samples);
        const started = performance.now();
        const page = await loadboard.list(caller, { page: 1, limit: 100, ...query });
        const ms = performance.now() - started;
        times.push(ms);
        (query.match ? matchTimes : otherTimes).push(ms);
        counts.push(page.count);
        slowest.push({ ms, query: queryString(query, 100) });
      }
      const dbP50 = percentile(times, 0.5);
      const dbP95 = percentile(times, 0.95);
      slowest.sort((a, b) => b.ms - a.ms);
      console.log(
        `    database time (service list, 100 rows, ${DB_RUNS} random filter sets): p50 ${dbP50.toFixed(1)} ms, p95 ${dbP95.toFixed(1)} ms; median count ${percentile(counts, 0.5)}`,
      );
      const split = (values: number[]) =>
        `${values.length} sets, p50 ${percentile(values, 0.5).toFixed(1)} ms, p95 ${percentile(values, 0.95).toFixed(1)} ms`;
      console.log(`      with match: ${split(matchTimes)}; without: ${split(otherTimes)}`);
      for (const { ms, query } of slowest.slice(0, 3))
        console.log(`      slow: ${ms.toFixed(1)} ms ${query}`);

      // End to end, side by side with a bare route serving one of the pages from memory.
      const app = await bench.startApp(statementRecorder(bench.handle));
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const port = Number(new URL(address).port);
      const headers = await signIn(app, company!.adminEmail, PASSWORD);
      const paths = Array.from(
        { length: 2000 },
        () => `/backend/api/v2/loads/loadboard?${queryString(randomQuery(samples), 25)}`,
      );
      // The bare route serves a full 25-row page of the board (the unfiltered one) from memory.
      const sampleBody = (
        await app.inject({ method: 'GET', url: '/backend/api/v2/loads/loadboard?limit=25', headers })
      ).body;
      bare.get('/bare', (_request, reply) => reply.type('application/json').send(sampleBody));
      const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });
      const barePort = Number(new URL(bareAddress).port);
      await generateLoad(port, paths, headers, 3);
      const served = await generateLoad(port, paths, headers, HTTP_SECONDS);
      const bareServed = await generateLoad(barePort, ['/bare'], {}, HTTP_SECONDS);
      // The same while the board changes: a board load's miles every CHURN_MS, as postings, bookings and
      // edits would (the board held in memory is brought up to date by the loads changed).
      const churned = (
        await bench.client.query<{ id: string }>(
          `SELECT id FROM loads WHERE company_id = $1 AND board_status = 'posted' ORDER BY random() LIMIT 500`,
          [company!.id],
        )
      ).rows.map((row) => Number(row.id));
      let changes = 0;
      const churn = setInterval(() => {
        const id = churned[changes % churned.length]!;
        changes += 1;
        void bench.client.query(`UPDATE loads SET miles = miles + 1 WHERE id = $1`, [id]);
      }, CHURN_MS);
      const servedChanging = await generateLoad(port, paths, headers, HTTP_SECONDS).finally(() =>
        clearInterval(churn),
      );
      console.log(`    GET loads/loadboard, 25 rows: ${describeLoad(served)}`);
      console.log(
        `    the same with a board load changed every ${CHURN_MS} ms (${changes} changes): ${describeLoad(servedChanging)}`,
      );
      console.log(`    bare Fastify, same JSON (${sampleBody.length} bytes): ${describeLoad(bareServed)}`);
      const share = served.rps / bareServed.rps;
      const met = dbP95 <= DB_TARGET_MS && served.rps >= RPS_TARGET && served.errors === 0 && share >= 0.5;
      return {
        figure: `database p95 ${dbP95.toFixed(1)} ms; ${served.rps.toFixed(0)} req/s end to end (${served.errors} errors), ${(share * 100).toFixed(0)}% of the bare route's ${bareServed.rps.toFixed(0)} req/s`,
        met,
      };
    } finally {
      await bare.close();
      await bench.close();
    }
  },
};

export default benchmark;
