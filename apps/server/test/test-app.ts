import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildApp, type App, type AppDeps } from '../src/app';
import type { Config } from '../src/config';
import type { Db } from '../src/db/types';
import { createInProcessEventBus, type EventBus } from '../src/realtime/event-bus';
import { databaseUrlOf } from './test-database';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export type TestApp = {
  app: App;
  bus: EventBus;
  config: Config;
  /** Closes the app and removes its temporary data directory. */
  close(): Promise<void>;
};

/**
 * What a test may set of the application: its clock, auth and realtime settings, a web build, and its
 * background jobs (none unless asked for: a test drives a job itself, so that no run comes between its steps).
 */
export type TestAppOptions = Pick<
  AppDeps,
  | 'auth'
  | 'now'
  | 'realtime'
  | 'tracking'
  | 'onRoute'
  | 'logger'
  | 'demoFeed'
  | 'boardExpiry'
  | 'mailReceiver'
  | 'sms'
> & {
  webDist?: string;
  trustProxy?: Config['trustProxy'];
  /** MAP_TILES_URL and MAP_TILES_FILE. */
  mapTilesUrl?: string;
  mapTilesFile?: string;
  /** PUBLIC_URL, and the EMAIL_OAUTH_* endpoints of the mailbox sign-ins (a stand-in on loopback). */
  publicUrl?: string;
  emailOauth?: Config['emailOauth'];
};

/** The whole application on a test database, with an in-process bus and a temporary data directory. */
export async function buildTestApp(db: Db, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dispatch-test-'));
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    // The database's own address, for what listens to its notices (the load board's kept answers).
    databaseUrl: databaseUrlOf(db),
    redisUrl: undefined,
    redisChannel: 'dispatch:realtime',
    jwtSecret: TEST_JWT_SECRET,
    publicUrl: options.publicUrl,
    webDist: options.webDist ?? join(dataDir, 'no-web-build'),
    logLevel: 'silent',
    trustProxy: options.trustProxy,
    mapTilesUrl: options.mapTilesUrl,
    mapTilesFile: options.mapTilesFile,
    emailOauth: options.emailOauth,
  };
  const bus = createInProcessEventBus();
  const app = await buildApp({
    config,
    db,
    dbKind: 'postgres',
    bus,
    logger: options.logger ?? false,
    // Tests change users in the database between requests, standing in for an administrator: each request
    // reads its user anew unless a test asks for the server's memory of signed-in users.
    auth: { sessionUserMemoryMs: 0, ...options.auth },
    now: options.now,
    realtime: options.realtime,
    tracking: options.tracking ?? false,
    demoFeed: options.demoFeed,
    boardExpiry: options.boardExpiry,
    onRoute: options.onRoute,
    mailReceiver: options.mailReceiver,
    sms: options.sms,
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

/** Makes the test app listen on a free port of loopback (for sockets); answers its http://127.0.0.1:<port>. */
export async function listenTestApp(testApp: Pick<TestApp, 'app'>): Promise<string> {
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
}
