// `npm run db:migrate`: brings the configured database (DATABASE_URL, or the embedded one in DATA_DIR)
// to the latest migration.
import { loadConfig } from '../config';
import { exitWithError } from './cli-support';
import { createDatabase } from './database';
import { migrateToLatest } from './migrate';

async function run(): Promise<void> {
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    const { applied } = await migrateToLatest(database.db);
    console.log(
      applied.length > 0 ? `Applied migrations: ${applied.join(', ')}.` : 'The database is up to date.',
    );
  } finally {
    await database.close();
  }
}

run().catch(exitWithError);
