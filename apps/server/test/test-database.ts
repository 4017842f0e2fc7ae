import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import type { Db } from '../src/db/types';

export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type TestDatabase = {
  db: Db;
  /** Connection string of the new database. */
  url: string;
  /** Closes the connections and drops the database. */
  drop(): Promise<void>;
};

const urls = new WeakMap<Db, string>();

/** The connection string of a test database made here (the app listens to its notices on it). */
export function databaseUrlOf(db: Db): string | undefined {
  return urls.get(db);
}

const TEMPLATE_PREFIX = 'test_template_';
// Any fixed number: the session lock that lets one test worker build the template while the others wait.
const TEMPLATE_LOCK_KEY = 726_110_413;

/**
 * A fresh, uniquely named and fully migrated database on the test server, for one test file. It is copied
 * from a migrated template database (CREATE DATABASE ... TEMPLATE), which is built once per set of
 * migrations: migrating a database takes several times longer than copying one, and every test file
 * needs its own.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = await migratedTemplate();
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  const handle = await createDatabase({ databaseUrl: databaseUrl(name), dataDir: '' }, { poolSize: 5 });
  let dropped = false;
  urls.set(handle.db, databaseUrl(name));
  return {
    db: handle.db,
    url: databaseUrl(name),
    async drop() {
      if (dropped) return;
      dropped = true;
      await handle.close();
      await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The migrations' sources, hashed: a changed or added migration gets a template of its own. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const dir of ['../src/db/migrations/', '../src/db/']) {
    const folder = fileURLToPath(new URL(dir, import.meta.url));
    const files = readdirSync(folder).filter((file) => dir.endsWith('migrations/') || file === 'migrate.ts');
    for (const file of files.sort()) {
      hash.update(file);
      hash.update(readFileSync(path.join(folder, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

let templateName: Promise<string> | undefined;

/** The name of the migrated template of today's migrations, built by the first worker that needs it. */
function migratedTemplate(): Promise<string> {
  templateName ??= withAdminClient(async (client) => {
    const name = `${TEMPLATE_PREFIX}${migrationsFingerprint()}`;
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (existing.rowCount === 0) {
        // Built under another name and renamed when complete: a half-built template is never copied.
        const building = `${name}_${randomBytes(3).toString('hex')}`;
        await client.query(`CREATE DATABASE "${building}"`);
        const handle = await createDatabase(
          { databaseUrl: databaseUrl(building), dataDir: '' },
          { poolSize: 1 },
        );
        try {
          await migrateToLatest(handle.db);
        } finally {
          await handle.close();
        }
        await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
        await dropOtherTemplates(client, name);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
    return name;
  });
  return templateName;
}

/** Templates of earlier migrations (and any left half-built) are dropped when a new one is made. */
async function dropOtherTemplates(client: pg.Client, keep: string): Promise<void> {
  const others = await client.query<{ datname: string }>(
    'SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2',
    [`${TEMPLATE_PREFIX}%`, keep],
  );
  for (const { datname } of others.rows) {
    // A template another checkout's tests are copying right now stays; it is dropped next time.
    await client.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
  }
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
