import { Migrator, type Kysely } from 'kysely';
import { migrations } from './migrations/index';
import type { Database } from './schema';

/**
 * Brings the database to the latest migration. Safe when several server processes start at once: the
 * migrator takes a database lock, so each migration runs exactly once.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<{ applied: string[] }> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const reason = error instanceof Error ? error.message : 'unknown error';
    const name = failed ? ` ${failed.migrationName}` : '';
    throw new Error(`Migration${name} failed: ${reason}`);
  }
  return {
    applied: results.filter((result) => result.status === 'Success').map((result) => result.migrationName),
  };
}
