// The server side of the socket benchmarks, in a process of its own (started by socket-harness.ts with
// --expose-gc): the whole app on a PostgreSQL database, listening on a free loopback port. The benchmark
// process drives it over IPC, so that its clients' work and memory are not counted as the server's.
//
// Messages in: { id, op: 'publish', event } | { id, op: 'notify', input } | { id, op: 'memory' } |
// { id, op: 'count' } | { id, op: 'close' }. Each is answered with { id, result } or { id, error }.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { createDatabase } from '../apps/server/src/db/database';
import {
  createNotificationsService,
  type NotifyInput,
} from '../apps/server/src/modules/notifications/notifications.service';
import {
  createInProcessEventBus,
  type EventBus,
  type RealtimeEvent,
} from '../apps/server/src/realtime/event-bus';
import { createRedisEventBus } from '../apps/server/src/realtime/redis-event-bus';
import type { SocketHub } from '../apps/server/src/realtime/socket-hub';

export type ServerRequest =
  | { id: number; op: 'publish'; event: RealtimeEvent }
  | { id: number; op: 'notify'; input: NotifyInput }
  | { id: number; op: 'memory' }
  | { id: number; op: 'count' }
  | { id: number; op: 'close' };

export type ServerMemory = { rss: number; heapUsed: number; external: number; arrayBuffers: number };

const databaseUrl = process.env.DATABASE_URL!;
const jwtSecret = process.env.JWT_SECRET!;
const redisUrl = process.env.REDIS_URL || undefined;
const redisChannel = process.env.REDIS_CHANNEL ?? 'dispatch:realtime';

const gc = (globalThis as { gc?: () => void }).gc;
const send = (message: unknown) => process.send!(message);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dispatch-socket-bench-'));
  const database = await createDatabase({ databaseUrl, dataDir }, { poolSize: 10 });
  const bus: EventBus = redisUrl
    ? await createRedisEventBus({ url: redisUrl, channel: redisChannel })
    : createInProcessEventBus();
  let hub: SocketHub | undefined;
  const app = await buildApp({
    config: {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      databaseUrl,
      redisUrl,
      redisChannel,
      jwtSecret,
      publicUrl: undefined,
      webDist: join(dataDir, 'no-web-build'),
      logLevel: 'silent',
    },
    db: database.db,
    dbKind: 'postgres',
    bus,
    logger: false,
    realtime: { onHub: (created) => (hub = created) },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const notifications = createNotificationsService({ db: database.db, bus, now: () => new Date() });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  async function handle(request: ServerRequest): Promise<unknown> {
    switch (request.op) {
      case 'publish': {
        // Answers how long the publish took here: with the in-process bus, the whole send loop.
        const started = performance.now();
        await bus.publish(request.event);
        return performance.now() - started;
      }
      case 'notify':
        await notifications.notifyNow(request.input);
        return null;
      case 'memory': {
        // Twice: the first collection frees what finalizers of the second may release.
        gc?.();
        await new Promise((resolve) => setImmediate(resolve));
        gc?.();
        const usage = process.memoryUsage();
        return {
          rss: usage.rss,
          heapUsed: usage.heapUsed,
          external: usage.external,
          arrayBuffers: usage.arrayBuffers,
        } satisfies ServerMemory;
      }
      case 'count':
        return hub?.count() ?? 0;
      case 'close':
        await app.close();
        await bus.close();
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
        setImmediate(() => process.exit(0));
        return null;
    }
  }

  process.on('message', (request: ServerRequest) => {
    handle(request).then(
      (result) => send({ id: request.id, result }),
      (error: unknown) =>
        send({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
  send({ ready: true, port, gc: gc !== undefined });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
