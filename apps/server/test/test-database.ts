import { randomBytes } from 'node:crypto';
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

/** A fresh, uniquely named and fully migrated database on the test server, for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ databaseUrl: url.toString(), dataDir: '' }, { poolSize: 5 });
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    throw error;
  }
  let dropped = false;
  return {
    db: handle.db,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await handle.close();
      await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
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
