import { sql } from 'kysely';
import type { Db } from '../../db/types';

/** Asks the database the simplest question; throws when it does not answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
