import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App, type AppDeps } from '../src/app';
import type { Config } from '../src/config';
import type { Db } from '../src/db/types';
import { createInProcessEventBus, type EventBus } from '../src/realtime/event-bus';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export type TestApp = {
  app: App;
  bus: EventBus;
  config: Config;
  /** Closes the app and removes its temporary data directory. */
  close(): Promise<void>;
};

/** The whole application on a test database, with an in-process bus and a temporary data directory. */
export async function buildTestApp(
  db: Db,
  options: Pick<AppDeps, 'auth' | 'now' | 'realtime'> & { webDist?: string } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dispatch-test-'));
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    redisUrl: undefined,
    redisChannel: 'dispatch:realtime',
    jwtSecret: TEST_JWT_SECRET,
    publicUrl: undefined,
    webDist: options.webDist ?? join(dataDir, 'no-web-build'),
    logLevel: 'silent',
  };
  const bus = createInProcessEventBus();
  const app = await buildApp({
    config,
    db,
    dbKind: 'postgres',
    bus,
    logger: false,
    auth: options.auth,
    now: options.now,
    realtime: options.realtime,
  });
  await app.ready();
  return {
    app,
    bus,
    config,
    async close() {
      await app.close();
      await bus.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
