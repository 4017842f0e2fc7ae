/**
 * Sign-in limits per address, and an Idempotency-Key bound to its request.
 *
 * Failed sign-ins are counted per address and e-mail (so that someone else's guesses do not lock a user
 * out) and per address over every e-mail (so that one address cannot try many accounts): the second count
 * reads `login_attempts_ip_time_idx`.
 *
 * `idempotency_keys.request_hash` is the digest of the body the key was first used with: the same key with
 * another body is refused instead of answering the first request's result (http/idempotency.ts). Keys
 * stored before it have none and replay as before.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX login_attempts_ip_time_idx ON login_attempts (ip, created_at)`.execute(db);
  await sql`ALTER TABLE idempotency_keys ADD COLUMN request_hash text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE idempotency_keys DROP COLUMN IF EXISTS request_hash`.execute(db);
  await sql`DROP INDEX IF EXISTS login_attempts_ip_time_idx`.execute(db);
}
