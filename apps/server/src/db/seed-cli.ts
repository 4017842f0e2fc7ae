// `npm run db:seed`: migrates, then seeds the demo companies when the database is empty.
import { loadConfig } from '../config';
import { exitWithError } from './cli-support';
import { createDatabase } from './database';
import { migrateToLatest } from './migrate';
import { seedDemoData } from './seed/demo';

async function run(): Promise<void> {
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    await migrateToLatest(database.db);
    const { seeded } = await seedDemoData(database.db);
    console.log(seeded ? 'Demo data seeded.' : 'The database already has data; nothing was seeded.');
  } finally {
    await database.close();
  }
}

run().catch(exitWithError);
