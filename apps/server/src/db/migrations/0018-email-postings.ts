/**
 * Load postings that brokers send by e-mail (the load board's e-mail intake).
 *
 * `email_postings`: every posting e-mail a company receives, with what the reader made of it. `state` is
 * 'posted' when the posting went on the board (`load_id`, the board load; the mail stays with what it could
 * not read, if anything), 'needs_review' when it lacked what a posting needs (pick-up, delivery, pick-up
 * date, vehicle type) and waits for a dispatcher to complete it, 'dismissed' when a dispatcher set it
 * aside. `read_fields` holds the values read (places with their coordinates when the gazetteer knew them),
 * `unread_fields` the list of { field, text } that could not be read. The review list reads the company's
 * mails that need review newest first through `email_postings_review_idx`; a mail received twice (the same
 * Message-ID) is kept once (`email_postings_message_key`).
 */
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`CREATE TABLE email_postings (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    from_address text NOT NULL,
    from_name text,
    subject text NOT NULL DEFAULT '',
    text text NOT NULL DEFAULT '',
    message_id text,
    received_at timestamptz NOT NULL,
    state text NOT NULL CHECK (state IN ('posted', 'needs_review', 'dismissed')),
    load_id bigint REFERENCES loads (id) ON DELETE SET NULL,
    read_fields jsonb NOT NULL DEFAULT '{}',
    unread_fields jsonb NOT NULL DEFAULT '[]',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE UNIQUE INDEX email_postings_message_key ON email_postings (company_id, message_id)
    WHERE message_id IS NOT NULL`,
  sql`CREATE INDEX email_postings_review_idx ON email_postings (company_id, received_at DESC, id DESC)
    WHERE state = 'needs_review'`,
  sql`CREATE INDEX email_postings_load_idx ON email_postings (load_id) WHERE load_id IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS email_postings`.execute(db);
}
