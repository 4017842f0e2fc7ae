// One 1 KB company event to 1,000 and to 5,000 authenticated sockets on loopback: the time from the
// publish until the last socket has it. The server runs in a process of its own (socket-server.ts); the
// clients run here. Measured with the in-process bus (one server process) and with Redis pub/sub (the
// bus of several processes), each over many rounds after a warm-up.
import { performance } from 'node:perf_hooks';
import { companyEvent } from '../apps/server/src/realtime/events';
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

const SIZES = [1_000, 5_000] as const;
const TARGET_P95_MS: Record<(typeof SIZES)[number], number> = { 1_000: 60, 5_000: 400 };
const WARM_UP = 5;
const RUNS = 40;
const EVENT_BYTES = 1024;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A company event whose message on the socket is exactly EVENT_BYTES long. */
function kilobyteEvent(companyId: number, round: number) {
  const data = { ids: [round], action: 'edit' as const, note: '' };
  const bare = JSON.stringify({ event: 'update_loads', data }).length;
  data.note = 'x'.repeat(EVENT_BYTES - bare);
  return companyEvent('update_loads', companyId, data);
}

type Round = { all: number; perSocket: number[]; serverMs: number };

/** Publishes one event per round and waits until every socket has it. */
async function measure(server: BenchServer, company: BenchCompany, size: number): Promise<Round[]> {
  const tokens = await accessTokens(company.userIds.slice(0, size));
  const sockets = await openSockets(server.port, company.hash, tokens);
  let started = 0;
  let received: number[] = [];
  let finish: (() => void) | null = null;
  const onMessage = () => {
    received.push(performance.now() - started);
    if (received.length === size) finish?.();
  };
  for (const socket of sockets) socket.on('message', onMessage);

  const rounds: Round[] = [];
  try {
    for (let round = 0; round < WARM_UP + RUNS; round += 1) {
      const event = kilobyteEvent(company.id, round);
      received = [];
      const all = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`round ${round}: ${received.length} of ${size} in 10 s`)),
          10_000,
        );
        finish = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      started = performance.now();
      const sent = server.call({ op: 'publish', event }) as Promise<number>;
      await all;
      const serverMs = await sent;
      if (round >= WARM_UP)
        rounds.push({ all: received[received.length - 1]!, perSocket: received, serverMs });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await closeSockets(sockets);
  }
  return rounds;
}

const benchmark: Benchmark = {
  name: 'socket fan-out: one 1 KB event to 1,000 and 5,000 authenticated sockets on loopback',
  target: 'every socket has it at p95 at most 60 ms (1,000) and 400 ms (5,000), in-process bus and Redis',
  async run() {
    const database = await createBenchDatabase('bench_sockets');
    const lines: string[] = [];
    let met = true;
    const worst: string[] = [];
    try {
      const company = await createBenchCompany(database.handle, Math.max(...SIZES));
      for (const [busName, env] of [
        ['in-process bus', { DATABASE_URL: database.url }],
        [
          'Redis pub/sub',
          { DATABASE_URL: database.url, REDIS_URL, REDIS_CHANNEL: `bench:fanout:${Date.now()}` },
        ],
      ] as const) {
        const server = await startBenchServer(env);
        try {
          for (const size of SIZES) {
            const rounds = await measure(server, company, size);
            const all = rounds.map((round) => round.all);
            const perSocket = rounds.flatMap((round) => round.perSocket);
            const serverMs = rounds.map((round) => round.serverMs);
            const p95 = percentile(all, 0.95);
            const ok = p95 <= TARGET_P95_MS[size];
            met &&= ok;
            worst.push(`${busName} ${size.toLocaleString('en-US')}: p95 ${p95.toFixed(1)} ms`);
            lines.push(
              `    ${busName.padEnd(14)} ${String(size).padStart(5)} sockets: until the last socket p50 ${percentile(all, 0.5).toFixed(1)} ms, ` +
                `p95 ${p95.toFixed(1)} ms, max ${Math.max(...all).toFixed(1)} ms; per socket p50 ${percentile(perSocket, 0.5).toFixed(1)} ms, ` +
                `p95 ${percentile(perSocket, 0.95).toFixed(1)} ms; server send p50 ${percentile(serverMs, 0.5).toFixed(1)} ms ` +
                `(${RUNS} rounds) - ${ok ? 'met' : 'MISSED'}`,
            );
          }
        } finally {
          await server.close();
        }
      }
    } finally {
      await database.drop();
    }
    for (const line of lines) console.log(line);
    return { figure: worst.join('; '), met };
  },
};

export default benchmark;
