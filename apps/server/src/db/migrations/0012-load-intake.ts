/**
 * Where board loads come from: the per-company intake key, the postings' de-duplication and the brokers
 * that stop posting.
 *
 * - `companies.intake_key_hash` is the SHA-256 (hex) of the company's intake key: the key itself is shown
 *   once when it is generated and never stored. A posting finds its company by the hash of the key it
 *   sends, through a unique index; `intake_key_created_at` tells the settings page since when the key works.
 * - A posting of the same broker with the same reference within 24 hours updates the load already posted:
 *   migration 0011's `loads_posting_reference_idx` finds it by (company, broker, reference).
 * - `broker_companies.last_posted_at` is when the broker last posted a load; `no_posting_notified_at` when
 *   the dispatchers were last told that its postings stopped (cleared by its next posting), so that a broker
 *   with notify_no_posting is reported once per silence. The job reads the brokers to report through
 *   `broker_companies_no_posting_idx`, which holds the brokers with notify_no_posting only.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE companies ADD COLUMN intake_key_hash text, ADD COLUMN intake_key_created_at timestamptz`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX companies_intake_key_hash_key ON companies (intake_key_hash)
    WHERE intake_key_hash IS NOT NULL`.execute(db);
  await sql`ALTER TABLE broker_companies ADD COLUMN last_posted_at timestamptz,
    ADD COLUMN no_posting_notified_at timestamptz`.execute(db);
  await sql`CREATE INDEX broker_companies_no_posting_idx ON broker_companies (last_posted_at)
    WHERE notify_no_posting AND last_posted_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS broker_companies_no_posting_idx`.execute(db);
  await sql`ALTER TABLE broker_companies DROP COLUMN IF EXISTS no_posting_notified_at,
    DROP COLUMN IF EXISTS last_posted_at`.execute(db);
  await sql`DROP INDEX IF EXISTS companies_intake_key_hash_key`.execute(db);
  await sql`ALTER TABLE companies DROP COLUMN IF EXISTS intake_key_created_at,
    DROP COLUMN IF EXISTS intake_key_hash`.execute(db);
}
