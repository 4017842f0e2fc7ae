/**
 * E-mail threads with brokers (modules/email).
 *
 * `email_chats`: a thread about a bid (type 1), a load (2) or accounting (3); `user_id` is the staff member
 * it belongs to (who started it, the dispatcher of the bid), `broker_email` who it is with.
 *
 * `email_messages`: each e-mail in or out. `message_id` is the Message-ID header (ours on what we send,
 * the sender's on what comes in); an incoming mail finds its thread by its In-Reply-To and References
 * among them, so the pair (company, message_id) is unique: the same mail received twice (SMTP and IMAP)
 * is kept once. `read_at` marks an incoming message read (outgoing ones are born read). `delivery` says
 * what became of it: received, sent, kept (no SMTP server to send through), failed.
 *
 * `email_attachments`: the files of a message, kept in the file storage (`storage_key`).
 *
 * `email_mailboxes`: a user's own mailbox (SMTP and IMAP settings, or a Google or Zoho sign-in). `secret`
 * holds the password or the tokens sealed with the secret box (integrations/secret-box.ts) and is never
 * answered nor logged. `imap_last_uid` is where IMAP polling resumes.
 *
 * `email_inbound_addresses`: extra local parts of the built-in receiver's domain that reach a company
 * (its company hash always does). `email_oauth_clients`: a company's own Google or Zoho client keys, the
 * secret sealed, which the mailbox sign-in needs.
 */
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`CREATE TABLE email_chats (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    type smallint NOT NULL CHECK (type IN (1, 2, 3)),
    bid_id bigint REFERENCES bids (id) ON DELETE SET NULL,
    load_id bigint REFERENCES loads (id) ON DELETE SET NULL,
    user_id bigint REFERENCES users (id) ON DELETE SET NULL,
    subject text NOT NULL,
    broker_email text,
    last_message_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  // find-email-chats pages the company's threads newest first.
  sql`CREATE INDEX email_chats_company_idx ON email_chats (company_id, last_message_at DESC NULLS LAST, id DESC)`,
  sql`CREATE INDEX email_chats_bid_idx ON email_chats (bid_id) WHERE bid_id IS NOT NULL`,
  sql`CREATE INDEX email_chats_load_idx ON email_chats (load_id) WHERE load_id IS NOT NULL`,

  sql`CREATE TABLE email_messages (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    chat_id bigint NOT NULL REFERENCES email_chats (id) ON DELETE CASCADE,
    direction text NOT NULL CHECK (direction IN ('in', 'out')),
    delivery text NOT NULL CHECK (delivery IN ('received', 'sent', 'kept', 'failed')),
    delivery_error text,
    message_id text,
    in_reply_to text,
    references_header text,
    from_address text NOT NULL,
    to_addresses jsonb NOT NULL DEFAULT '[]',
    cc_addresses jsonb NOT NULL DEFAULT '[]',
    subject text NOT NULL DEFAULT '',
    html text NOT NULL DEFAULT '',
    plain text NOT NULL DEFAULT '',
    user_id bigint REFERENCES users (id) ON DELETE SET NULL,
    read_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX email_messages_chat_idx ON email_messages (chat_id, id)`,
  sql`CREATE UNIQUE INDEX email_messages_message_id_key ON email_messages (company_id, message_id)
    WHERE message_id IS NOT NULL`,
  sql`CREATE INDEX email_messages_unread_idx ON email_messages (chat_id) WHERE read_at IS NULL`,

  sql`CREATE TABLE email_attachments (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    message_id bigint NOT NULL REFERENCES email_messages (id) ON DELETE CASCADE,
    name text NOT NULL,
    content_type text NOT NULL,
    size integer NOT NULL CHECK (size >= 0),
    storage_key text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX email_attachments_message_idx ON email_attachments (message_id)`,

  sql`CREATE TABLE email_mailboxes (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    user_id bigint NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    provider text NOT NULL CHECK (provider IN ('smtp_imap', 'google', 'zoho')),
    address text NOT NULL,
    smtp_host text,
    smtp_port integer CHECK (smtp_port BETWEEN 1 AND 65535),
    smtp_secure boolean NOT NULL DEFAULT false,
    imap_host text,
    imap_port integer CHECK (imap_port BETWEEN 1 AND 65535),
    imap_secure boolean NOT NULL DEFAULT true,
    username text,
    secret text NOT NULL,
    status text NOT NULL DEFAULT 'connected' CHECK (status IN ('connected', 'invalid')),
    imap_last_uid bigint,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX email_mailboxes_company_idx ON email_mailboxes (company_id)`,

  sql`CREATE TABLE email_inbound_addresses (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    local_part text NOT NULL UNIQUE CHECK (local_part = lower(local_part) AND local_part !~ '[+@\\s]'),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,

  sql`CREATE TABLE email_oauth_clients (
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    provider text NOT NULL CHECK (provider IN ('google', 'zoho')),
    client_id text NOT NULL,
    client_secret text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, provider)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'email_oauth_clients',
    'email_inbound_addresses',
    'email_mailboxes',
    'email_attachments',
    'email_messages',
    'email_chats',
  ])
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
}
