import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './database';
import { migrateToLatest } from './migrate';

// The embedded database: one PGlite in a temporary data directory, opened the way the server opens it.
let dataDir: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dispatch-pglite-'));
  handle = await createDatabase({ databaseUrl: undefined, dataDir }, { progress: null });
  await migrateToLatest(handle.db);
}, 120_000);

afterAll(async () => {
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded database (PGlite)', () => {
  it('opens as pglite and is migrated', async () => {
    expect(handle.kind).toBe('pglite');
    const { rows } = await sql<{ count: number }>`select count(*)::int as count from users`.execute(
      handle.db,
    );
    expect(rows[0]?.count).toBe(0);
  });

  it('keeps every row of 50 concurrent transactions, and none of those that roll back', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        handle.db.transaction().execute(async (trx) => {
          const company = await trx
            .insertInto('companies')
            .values({ name: `Concurrent ${index}`, company_hash: `concurrent-${index}` })
            .returning('id')
            .executeTakeFirstOrThrow();
          // Yield between statements so that the transactions would interleave if they could.
          await new Promise((resolve) => setTimeout(resolve, index % 3));
          await trx
            .insertInto('users')
            .values({
              email: `concurrent-${index}@example.test`,
              password_hash: 'x',
              company_id: company.id,
              role: 5,
            })
            .execute();
          if (index % 10 === 9) throw new Error(`rollback ${index}`);
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(5);

    const companies = await handle.db
      .selectFrom('companies')
      .select('name')
      .where('name', 'like', 'Concurrent %')
      .execute();
    const users = await handle.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('email', 'like', 'concurrent-%')
      .executeTakeFirstOrThrow();
    expect(companies).toHaveLength(45);
    expect(Number(users.count)).toBe(45);
    expect(companies.map((company) => company.name)).not.toContain('Concurrent 9');
  });

  it('refuses a second opening of the same data directory with a clear message', async () => {
    await expect(createDatabase({ databaseUrl: undefined, dataDir }, { progress: null })).rejects.toThrow(
      new RegExp(
        `The data directory ${escapeRegExp(dataDir)} is in use by another process \\(pid ${process.pid}\\)`,
      ),
    );
  });

  it('refuses another process, which exits with status 1 and the message', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'migrate-cli.ts')],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: 'x'.repeat(40) },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `The data directory ${dataDir} is in use by another process (pid ${process.pid})`,
    );
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
