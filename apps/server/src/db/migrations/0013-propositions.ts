/**
 * Propositions: a dispatcher's bid to the broker of a load board load (a `bids` row of kind 'dispatcher'),
 * sent as an e-mail built from the company's template.
 *
 * `bids.sent_at` is when the e-mail went out (or was kept), `bids.delivery` what became of it: 'sent' handed
 * to the company's SMTP server, 'kept' stored as sent without delivery (the company has no SMTP), 'failed'
 * the SMTP server refused it. `bids.via_phone` marks a won or lost answer the broker gave by phone.
 *
 * One won proposition per load: the unique index is the last guard of the one-winner booking (the booking
 * locks the load row first, so two bookings never reach it together in practice).
 *
 * `companies.proposition_template` is the e-mail template (NULL: the product's default, which then follows
 * the product's improvements); the SMTP settings send the propositions. `smtp_password` is a secret: it is
 * never answered by any route nor logged.
 */
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`ALTER TABLE bids
    ADD COLUMN sent_at timestamptz,
    ADD COLUMN delivery text CHECK (delivery IN ('sent', 'kept', 'failed')),
    ADD COLUMN via_phone boolean NOT NULL DEFAULT false`,
  sql`CREATE UNIQUE INDEX bids_load_won_proposition_key ON bids (load_id) WHERE kind = 'dispatcher' AND status = 2`,
  // The propositions lists (active, completed, history) page newest first within the company.
  sql`CREATE INDEX bids_propositions_idx ON bids (company_id, status, id DESC) WHERE kind = 'dispatcher'`,
  // A vehicle goes back to Available when its last active proposition is lost.
  sql`CREATE INDEX bids_vehicle_active_idx ON bids (vehicle_id) WHERE status = 1`,
  sql`ALTER TABLE companies
    ADD COLUMN proposition_template text,
    ADD COLUMN smtp_host text,
    ADD COLUMN smtp_port integer CHECK (smtp_port BETWEEN 1 AND 65535),
    ADD COLUMN smtp_secure boolean NOT NULL DEFAULT false,
    ADD COLUMN smtp_user text,
    ADD COLUMN smtp_password text,
    ADD COLUMN smtp_from text`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE companies DROP COLUMN IF EXISTS smtp_from, DROP COLUMN IF EXISTS smtp_password,
    DROP COLUMN IF EXISTS smtp_user, DROP COLUMN IF EXISTS smtp_secure, DROP COLUMN IF EXISTS smtp_port,
    DROP COLUMN IF EXISTS smtp_host, DROP COLUMN IF EXISTS proposition_template`.execute(db);
  await sql`DROP INDEX IF EXISTS bids_vehicle_active_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS bids_propositions_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS bids_load_won_proposition_key`.execute(db);
  await sql`ALTER TABLE bids DROP COLUMN IF EXISTS via_phone, DROP COLUMN IF EXISTS delivery,
    DROP COLUMN IF EXISTS sent_at`.execute(db);
}
