// What an idle authenticated socket costs the server: its memory (after a full garbage collection) with
// 3,000 idle sockets open, minus the same with none, divided by the number of sockets. The server runs in
// a process of its own (socket-server.ts, --expose-gc); the clients run here.
import type { Benchmark } from './run';
import { createBenchDatabase } from './bench-database';
import {
  accessTokens,
  closeSockets,
  createBenchCompany,
  openSockets,
  startBenchServer,
} from './socket-harness';

const SOCKETS = 3_000;
const WARM_UP_SOCKETS = 300;
const TARGET_BYTES = 16 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const benchmark: Benchmark = {
  name: `socket memory: an idle authenticated socket, over ${SOCKETS.toLocaleString('en-US')} sockets`,
  target: 'at most 16 KB of server memory per idle authenticated socket (JS heap + buffers, and RSS)',
  async run() {
    const database = await createBenchDatabase('bench_sockets');
    try {
      const company = await createBenchCompany(database.handle, SOCKETS);
      const tokens = await accessTokens(company.userIds);
      const server = await startBenchServer({ DATABASE_URL: database.url });
      try {
        // Warm up: the code paths, the database pool and the allocator have seen sockets come and go.
        await closeSockets(await openSockets(server.port, company.hash, tokens.slice(0, WARM_UP_SOCKETS)));
        await new Promise((resolve) => setTimeout(resolve, 500));
        const before = await server.memory();
        const sockets = await openSockets(server.port, company.hash, tokens);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const open = (await server.call({ op: 'count' })) as number;
        const after = await server.memory();
        await closeSockets(sockets);

        const heap = (after.heapUsed + after.external - before.heapUsed - before.external) / open;
        const rss = (after.rss - before.rss) / open;
        console.log(
          `    ${open} idle sockets: JS heap ${kb((after.heapUsed - before.heapUsed) / open)}, buffers (external) ` +
            `${kb((after.external - before.external) / open)}, together ${kb(heap)}; RSS ${kb(rss)} per socket`,
        );
        return {
          figure: `${kb(heap)} heap and buffers, ${kb(rss)} RSS per idle socket (${open} sockets)`,
          met: open === SOCKETS && heap <= TARGET_BYTES && rss <= TARGET_BYTES,
        };
      } finally {
        await server.close();
      }
    } finally {
      await database.drop();
    }
  },
};

export default benchmark;
