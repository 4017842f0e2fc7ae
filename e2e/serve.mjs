// The server under end-to-end test: a fresh PostgreSQL database on TEST_DATABASE_URL's server, the web app
// built when stale, and the server on E2E_PORT (default 8181) seeding the demo carrier on its first start.
// When stopped (SIGTERM, SIGINT) or when the server ends, the database and the data directory are removed.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from '../scripts/build-web.mjs';
import { forwardSignals, killAfter, spawnChild, waitForExit } from '../scripts/child-process.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// pg is a dependency of the server; resolve it from there.
const pg = createRequire(path.join(root, 'apps', 'server', 'package.json'))('pg');

const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const port = process.env.E2E_PORT || '8181';
const databaseName = `e2e_${Date.now()}_${process.pid}`;
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${databaseName}`;

async function onAdminDatabase(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let databaseCreated = false;
const databaseCreation = onAdminDatabase(`CREATE DATABASE "${databaseName}"`).then(() => {
  databaseCreated = true;
});
let dataDir = null;
let server = null;
let cleaningUp = null;

/** Stops the server, drops the database and removes the data directory; runs once. */
function cleanUp() {
  cleaningUp ??= (async () => {
    if (server) {
      killAfter(server, 10_000);
      await waitForExit(server);
    }
    await databaseCreation.catch(() => {});
    if (databaseCreated) {
      try {
        // FORCE ends any connection a killed server left behind.
        await onAdminDatabase(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      } catch (error) {
        console.error(`Could not drop the test database ${databaseName}: ${error.message}`);
      }
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaningUp;
}

// The server joins this list once started; a stop signal is handed to it, then everything is removed.
const children = [];
const signals = forwardSignals(children, () => {
  void cleanUp().then(() => process.exit(0));
});

try {
  await databaseCreation;
  console.log(`Test database ${databaseName} created.`);
  await buildWebIfStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await cleanUp();
  process.exit(1);
}

if (!signals.receivedSignal()) {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  server = spawnChild(process.execPath, ['--import', 'tsx', path.join('apps', 'server', 'src', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl.toString(),
      DATA_DIR: dataDir,
      PORT: port,
      HOST: '127.0.0.1',
      WEB_DIST: path.join(root, 'apps', 'web', 'dist'),
      // The specs post their own loads and expect the board to hold only those and the seeded ones.
      DEMO_FEED_SECONDS: '0',
      // Brokers' replies reach the built-in SMTP receiver over loopback (email-threads spec): a port of its
      // own per server, E2E_PORT + 1000 unless E2E_MAIL_PORT says otherwise.
      MAIL_RECEIVER_PORT: process.env.E2E_MAIL_PORT || String(Number(port) + 1000),
    },
  });
  children.push(server);
  const code = await waitForExit(server);
  if (!signals.receivedSignal()) {
    console.error(`The server exited with code ${code}.`);
    await cleanUp();
    process.exit(code === 0 ? 1 : code);
  }
}
