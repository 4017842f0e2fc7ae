// A load posted to the intake reaches 1,000 watching sockets: the time from sending the posting over HTTP
// (POST /backend/api/v2/loadboard/intake with the company's X-Intake-Key, as an outside load board posts)
// until the last of 1,000 sockets of the company's board roles has the update_loadboard message of that
// load. Unlike socket-fanout.bench.ts, which publishes a ready event, this counts the whole path a posting
// takes: the key check, the posting's validation, the broker match, the de-duplication lock, the insert in
// one transaction, reading the board load back and the publish after commit. The server runs in a process
// of its own (socket-server.ts); the clients and the poster run here. Measured with the in-process bus and
// with Redis pub/sub, each over many postings after a warm-up.
import { performance } from 'node:perf_hooks';
import { INTAKE_KEY_HEADER, INTAKE_POSTING_EXAMPLE } from '@app/domain/loadboard/intake.schema';
import { ROLES } from '@app/domain/common/lookups';
import type { WebSocket } from 'ws';
import type { Benchmark } from './run';
import { createBenchDatabase, percentile } from './bench-database';
import {
  accessTokens,
  closeSockets,
  createBenchCompany,
  openSockets,
  startBenchServer,
  type BenchCompany,
  type BenchServer,
} from './socket-harness';

const SOCKETS = 1_000;
const TARGET_P95_MS = 60;
const WARM_UP = 5;
/** LOADBOARD_FANOUT_ROUNDS makes fewer postings for a quick look; recorded figures use the default. */
const ROUNDS = Math.max(1, Number(process.env.LOADBOARD_FANOUT_ROUNDS ?? 40));
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Every socket's message starts so; the rest is read only after the round (parsing is not timed). */
const BOARD_MESSAGE_PREFIX = '{"event":"update_loadboard"';
const HOUR_MS = 3_600_000;

type Round = { all: number; perSocket: number[]; answered: number };

/** The API's base address on the bench server. */
const apiUrl = (server: BenchServer, path: string) =>
  `http://127.0.0.1:${server.port}/backend/api/v2/${path}`;

/**
 * The company's intake key, generated as an admin generates it on the settings page (the company's first
 * user is its admin, see run()).
 */
async function intakeKey(server: BenchServer, company: BenchCompany): Promise<string> {
  const [token] = await accessTokens([company.userIds[0]!]);
  const response = await fetch(apiUrl(server, 'company/my/intake-key/rotate'), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`intake key: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { key: string }).key;
}

/** A fresh posting (its own reference, so each one adds a load) picking up tomorrow. */
function posting(round: number, runId: string) {
  const pickUp = Date.now() + 24 * HOUR_MS;
  return {
    ...INTAKE_POSTING_EXAMPLE,
    reference: `BENCH-${runId}-${round}`,
    pick_up: { ...INTAKE_POSTING_EXAMPLE.pick_up, date: new Date(pickUp).toISOString() },
    deliver_to: { ...INTAKE_POSTING_EXAMPLE.deliver_to, date: new Date(pickUp + 30 * HOUR_MS).toISOString() },
  };
}

/** Checks, after a round, that every socket's message was the posted load's update_loadboard. */
function checkMessages(messages: readonly string[], loadId: number, round: number): void {
  for (const raw of messages) {
    const message = JSON.parse(raw) as { event: string; data: { load: { id: number } } };
    if (message.data.load.id !== loadId)
      throw new Error(`round ${round}: a socket had load ${message.data.load.id} instead of ${loadId}`);
  }
}

/** Posts one load per round and waits until every socket has its update_loadboard. */
async function measure(server: BenchServer, sockets: readonly WebSocket[], key: string, runId: string) {
  let started = 0;
  let received: number[] = [];
  let messages: string[] = [];
  let waitingFor = new Set<WebSocket>();
  let finish: (() => void) | null = null;
  for (const socket of sockets) {
    socket.on('message', (raw: Buffer) => {
      // Only the first board message of the round per socket; anything else (a pong) is not the posting.
      if (!waitingFor.has(socket)) return;
      const text = raw.toString();
      if (!text.startsWith(BOARD_MESSAGE_PREFIX)) return;
      received.push(performance.now() - started);
      waitingFor.delete(socket);
      messages.push(text);
      if (waitingFor.size === 0) finish?.();
    });
  }

  const rounds: Round[] = [];
  for (let round = 0; round < WARM_UP + ROUNDS; round += 1) {
    const body = JSON.stringify(posting(round, runId));
    received = [];
    messages = [];
    waitingFor = new Set(sockets);
    const all = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`round ${round}: ${received.length} of ${sockets.length} in 10 s`)),
        10_000,
      );
      finish = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    started = performance.now();
    const response = await fetch(apiUrl(server, 'loadboard/intake'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [INTAKE_KEY_HEADER]: key },
      body,
    });
    const answered = performance.now() - started;
    const result = (await response.json()) as { id?: number; outcome?: string };
    if (!response.ok || result.outcome !== 'created')
      throw new Error(`round ${round}: the intake answered ${response.status} ${JSON.stringify(result)}`);
    await all;
    checkMessages(messages, result.id!, round);
    if (round >= WARM_UP) rounds.push({ all: received[received.length - 1]!, perSocket: received, answered });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return rounds;
}

const benchmark: Benchmark = {
  name: 'load board fan-out: a load posted to the intake over HTTP until 1,000 board sockets have it',
  target: 'the last socket has update_loadboard at p95 at most 60 ms, in-process bus and Redis',
  async run() {
    const database = await createBenchDatabase('bench_board_fanout');
    const lines: string[] = [];
    const figures: string[] = [];
    let met = true;
    try {
      const company = await createBenchCompany(database.handle, SOCKETS);
      // The first user generates the intake key as an admin; an admin is a board role too, so its socket
      // is one of the 1,000 that must have the posting.
      await database.handle.db
        .updateTable('users')
        .set({ role: ROLES.admin })
        .where('id', '=', company.userIds[0]!)
        .execute();
      const tokens = await accessTokens(company.userIds);
      for (const [busName, env] of [
        ['in-process bus', { DATABASE_URL: database.url }],
        [
          'Redis pub/sub',
          { DATABASE_URL: database.url, REDIS_URL, REDIS_CHANNEL: `bench:board-fanout:${Date.now()}` },
        ],
      ] as const) {
        const server = await startBenchServer(env);
        const sockets = await openSockets(server.port, company.hash, tokens).catch(async (error: unknown) => {
          await server.close();
          throw error;
        });
        try {
          const key = await intakeKey(server, company);
          const rounds = await measure(server, sockets, key, `${Date.now().toString(36)}`);
          const all = rounds.map((round) => round.all);
          const perSocket = rounds.flatMap((round) => round.perSocket);
          const answered = rounds.map((round) => round.answered);
          const p95 = percentile(all, 0.95);
          const ok = p95 <= TARGET_P95_MS;
          met &&= ok;
          figures.push(`${busName}: p95 ${p95.toFixed(1)} ms`);
          lines.push(
            `    ${busName.padEnd(14)} ${SOCKETS} sockets: until the last socket p50 ${percentile(all, 0.5).toFixed(1)} ms, ` +
              `p95 ${p95.toFixed(1)} ms, worst ${Math.max(...all).toFixed(1)} ms; per socket p50 ${percentile(perSocket, 0.5).toFixed(1)} ms; ` +
              `intake answered p50 ${percentile(answered, 0.5).toFixed(1)} ms, p95 ${percentile(answered, 0.95).toFixed(1)} ms ` +
              `(${ROUNDS} postings after ${WARM_UP}) - ${ok ? 'met' : 'MISSED'}`,
          );
        } finally {
          await closeSockets(sockets);
          await server.close();
        }
      }
    } finally {
      await database.drop();
    }
    for (const line of lines) console.log(line);
    return { figure: figures.join('; '), met };
  },
};

export default benchmark;
