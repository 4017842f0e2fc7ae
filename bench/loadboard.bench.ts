// The load board on a million loads with 50,000 on the board: GET loads/loadboard with random combinations
// of its filters. Database time: the board service's list (count, page, points, bids: the SQL and the
// mapping of the rows) for 100-row pages. End to end: 50 keep-alive connections asking for 25-row pages
// of random filters, side by side with a bare Fastify route that serves the same JSON from memory.
import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { openBenchServer, percentile, signIn, statementRecorder } from './bench-database';
import { BOOK_NAME, fillBoardBook, measureListTime, queryString, randomQuery } from './loadboard-queries';
import type { Benchmark } from './run';

const HTTP_SECONDS = Number(process.env.LOADBOARD_BENCH_SECONDS ?? 15);
const CONNECTIONS = 50;
const DB_TARGET_MS = 15;
const RPS_TARGET = 800;
const PASSWORD = 'bench-password-1';
/** How often a board load changes during the second end-to-end run. */
const CHURN_MS = 200;

// A load generator on its own thread, so that it does not share the server's event loop: CONNECTIONS
// keep-alive connections, each sending its next request when the last one answered.
const LOAD_GENERATOR = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, paths, headers, connections, seconds, requests } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
let errors = 0;
let sent = 0;
const began = Date.now();
const end = began + seconds * 1000;
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
  while (Date.now() < end && sent < requests) {
    await once(paths[sent++ % paths.length]);
  }
}
Promise.all(Array.from({ length: connections }, loop)).then(() => {
  agent.destroy();
  parentPort.postMessage({ latencies, errors, seconds: (Date.now() - began) / 1000 });
});
`;

type Load = { rps: number; p50: number; p99: number; errors: number };

async function generateLoad(
  port: number,
  paths: string[],
  headers: Record<string, string>,
  seconds: number,
  requests = Infinity,
): Promise<Load> {
  const result = await new Promise<{ latencies: number[]; errors: number; seconds: number }>(
    (resolve, reject) => {
      const worker = new Worker(LOAD_GENERATOR, {
        eval: true,
        workerData: { port, paths, headers, connections: CONNECTIONS, seconds, requests },
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
  name: `load board, random filters, ${BOOK_NAME}`,
  target: `database time p95 at most ${DB_TARGET_MS} ms for 100-row pages (PostgreSQL); 25-row pages at ${CONNECTIONS} connections: at least ${RPS_TARGET} req/s with no errors and at least half of a bare Fastify route serving the same JSON`,
  async run() {
    const bench = await openBenchServer('bench_board');
    const bare = Fastify({ logger: false });
    try {
      const { company, adminId, samples } = await fillBoardBook(bench.client, await hashPassword(PASSWORD));

      // Database time: the service's list, in process, 100-row pages.
      const dbP95 = await measureListTime(bench.handle.db, company.id, adminId, samples);

      // End to end, side by side with a bare route serving one of the pages from memory.
      const app = await bench.startApp(statementRecorder(bench.handle));
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const port = Number(new URL(address).port);
      const headers = await signIn(app, company.adminEmail, PASSWORD);
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
      // Warm-up: every filter set asked once (a dispatcher's board asks its filters again and again; the
      // server keeps its answers while the board does not change: the churned run below shows the cost
      // when it changes five times a second).
      const warmUp = await generateLoad(port, paths, headers, 120, paths.length);
      console.log(`    warm-up, each of the ${paths.length} filter sets once: ${describeLoad(warmUp)}`);
      const served = await generateLoad(port, paths, headers, HTTP_SECONDS);
      // The same as a browser asks, accepting compressed answers (the kept ones are kept compressed too).
      const browserHeaders = { ...headers, 'accept-encoding': 'gzip, deflate, br' };
      const servedCompressed = await generateLoad(port, paths, browserHeaders, HTTP_SECONDS);
      const bareServed = await generateLoad(barePort, ['/bare'], {}, HTTP_SECONDS);
      // The same while the board changes: a board load's miles every CHURN_MS, as postings, bookings and
      // edits would (the board held in memory is brought up to date by the loads changed).
      const churned = (
        await bench.client.query<{ id: string }>(
          `SELECT id FROM loads WHERE company_id = $1 AND board_status = 'posted' ORDER BY random() LIMIT 500`,
          [company.id],
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
      console.log(`    the same accepting br and gzip, as a browser does: ${describeLoad(servedCompressed)}`);
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
