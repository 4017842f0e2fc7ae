/**
 * Sign-in limits per address, ended sign-ins, and an Idempotency-Key bound to its request.
 *
 * Failed sign-ins are counted per address and e-mail (so that someone else's guesses do not lock a user
 * out) and per address over every e-mail (so that one address cannot try many accounts): the second count
 * reads `login_attempts_ip_time_idx`.
 *
 * Every request asks whether the sign-in of its access token has ended (a revoked refresh-token family):
 * a family keeps a row for each refresh (thousands over its 30 days), so the question reads
 * `refresh_tokens_revoked_family_idx`, which holds the revoked rows only.
 *
 * `idempotency_keys.request_hash` is the digest of the body the key was first used with: the same key with
 * another body is refused instead of answering the first request's result (http/idempotency.ts). Keys
 * stored before it have none and replay as before.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX login_attempts_ip_time_idx ON login_attempts (ip, created_at)`.execute(db);
  await sql`CREATE INDEX refresh_tokens_revoked_family_idx ON refresh_tokens (family_id)
    WHERE revoked_at IS NOT NULL`.execute(db);
  await sql`ALTER TABLE idempotency_keys ADD COLUMN request_hash text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE idempotency_keys DROP COLUMN IF EXISTS request_hash`.execute(db);
  await sql`DROP INDEX IF EXISTS refresh_tokens_revoked_family_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS login_attempts_ip_time_idx`.execute(db);
}
