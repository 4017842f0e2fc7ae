// Starts the server: configuration, database (embedded or PostgreSQL), migrations, demo data on an empty
// database, then web, API and websocket on one port. Ctrl-C closes everything cleanly.
import { buildApp, type App } from './app';
import { loadConfig } from './config';
import { exitWithError } from './db/cli-support';
import { createDatabase, type DatabaseHandle } from './db/database';
import { migrateToLatest } from './db/migrate';
import { findDemoCompanyId, seedDemoData } from './db/seed/demo';
import { createInProcessEventBus, type EventBus } from './realtime/event-bus';
import { createRedisEventBus } from './realtime/redis-event-bus';

const DEMO_PASSWORD = 'demo1234';
const DEMO_SIGN_INS: [email: string, who: string][] = [
  ['admin@demo.test', 'Admin'],
  ['manager@demo.test', 'Manager'],
  ['dispatcher@demo.test', 'Dispatcher'],
  ['tracker@demo.test', 'Tracker'],
  ['accountant@demo.test', 'Accountant'],
  ['hr@demo.test', 'HR'],
  ['conflict@demo.test', 'Conflict Manager'],
  ['newuser@demo.test', 'no role yet (registration confirmation)'],
  ['other-admin@demo.test', 'Admin of Other Carrier'],
];

async function main(): Promise<void> {
  const config = loadConfig();
  let app: App | undefined;
  let database: DatabaseHandle | undefined;
  let bus: EventBus | undefined;
  let closing = false;
  let demoFeed: { companyId: number; intervalMs: number } | undefined;

  async function shutdown(signal: string, exitCode = 0): Promise<void> {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: closing...`);
    try {
      await app?.close();
      await bus?.close();
      await database?.close();
      console.log('Closed cleanly.');
    } catch (error) {
      console.error('Error while closing:', error);
      exitCode = 1;
    }
    process.exit(exitCode);
  }
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    database = await createDatabase(config, {
      onLockCompromised: (error) => {
        console.error(
          `The lock on the data directory was lost (${error.message}); stopping to protect the data.`,
        );
        void shutdown('Lock lost', 1);
      },
    });
    const { applied } = await migrateToLatest(database.db);
    if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}.`);
    const { seeded } = await seedDemoData(database.db);
    if (seeded) console.log('Seeded the demo companies.');

    // Several server processes on one database share their realtime events through Redis.
    bus = config.redisUrl
      ? await createRedisEventBus({ url: config.redisUrl, channel: config.redisChannel })
      : createInProcessEventBus();
    // The demo feed posts to the demo company's board, on the demo data only (DEMO_FEED_SECONDS, 0: off).
    const demoCompanyId = config.demoFeedSeconds ? await findDemoCompanyId(database.db) : undefined;
    demoFeed =
      demoCompanyId === undefined || !config.demoFeedSeconds
        ? undefined
        : { companyId: demoCompanyId, intervalMs: config.demoFeedSeconds * 1000 };
    app = await buildApp({ config, db: database.db, dbKind: database.kind, bus, demoFeed });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Leave nothing half-open (the data-directory lock above all) before reporting the failure.
    await app?.close().catch(() => {});
    await bus?.close().catch(() => {});
    await database?.close().catch(() => {});
    throw error;
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = config.publicUrl ?? `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;
  const databaseText =
    database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const feedText = demoFeed
    ? `Demo feed: a load posted to the Demo Carrier board every ${config.demoFeedSeconds} s (DEMO_FEED_SECONDS=0 turns it off)`
    : null;
  const realtimeText = config.redisUrl
    ? `Redis pub/sub (REDIS_URL, channel ${config.redisChannel})`
    : 'in this process';
  console.log(
    [
      '',
      `Dispatch back office is running at ${url}`,
      `Database: ${databaseText}`,
      `Realtime events: ${realtimeText}`,
      ...(feedText ? [feedText] : []),
      `API docs: ${url}/backend/api/docs`,
      '',
      `Demo sign-ins (password ${DEMO_PASSWORD}):`,
      ...DEMO_SIGN_INS.map(([email, who]) => `  ${email.padEnd(24)} ${who}`),
      '',
      'Press Ctrl-C to stop.',
    ].join('\n'),
  );
}

main().catch(exitWithError);
