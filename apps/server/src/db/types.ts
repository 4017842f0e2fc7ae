import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** The database or a transaction on it: repositories accept either. */
export type Db = Kysely<Database>;
