/**
 * SMS with drivers and owners.
 *
 * `sms_provider_settings`: the company's provider, 'local' (messages are kept; the phone page plays the
 * other side) or 'twilio' (account SID, sender number, and the auth token sealed by the secret box: it is
 * never answered by a route nor logged). No row: local.
 *
 * `sms_chats`: one conversation of the company with a driver, an owner, or a phone number nobody in the
 * company has (both ids null). At most one chat per driver, per owner, and per unknown number. The
 * number is E.164 and is the one messages go to. `assigned_user_id` is the colleague it is given to;
 * `counterpart_token` the phone page's link (local provider), made when first asked for. `activity_at` is
 * the last message's time (the creation time before one): the list sorts by it.
 *
 * `sms_messages`: 'out' from a colleague (user_from) or a bulk sending, 'in' from the phone. The provider's
 * id finds the message of a status callback. `sms_chat_reads`: the last message each colleague read in a
 * chat (0: none); their unread count is the inbound messages after it. `sms_files`: pictures uploaded to
 * be sent; `message_id` stays null until sent, and only the uploader may send them.
 *
 * `sms_bulk_sendings`: one text to many; how many recipients, sent and failed so far, and which failed.
 */
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`CREATE TABLE sms_provider_settings (
    company_id bigint PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
    provider text NOT NULL DEFAULT 'local' CHECK (provider IN ('local', 'twilio')),
    account_sid text,
    auth_token_sealed text,
    sender_number text,
    updated_by bigint REFERENCES users (id) ON DELETE SET NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,

  sql`CREATE TABLE sms_chats (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    driver_id bigint REFERENCES drivers (id) ON DELETE SET NULL,
    owner_id bigint REFERENCES owners (id) ON DELETE SET NULL,
    phone_number text NOT NULL,
    title text,
    assigned_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
    counterpart_token text UNIQUE,
    last_message_id bigint,
    activity_at timestamptz NOT NULL DEFAULT now(),
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (driver_id IS NULL OR owner_id IS NULL)
  )`,
  sql`CREATE UNIQUE INDEX sms_chats_driver_key ON sms_chats (company_id, driver_id) WHERE driver_id IS NOT NULL`,
  sql`CREATE UNIQUE INDEX sms_chats_owner_key ON sms_chats (company_id, owner_id) WHERE owner_id IS NOT NULL`,
  sql`CREATE UNIQUE INDEX sms_chats_phone_key ON sms_chats (company_id, phone_number)
    WHERE driver_id IS NULL AND owner_id IS NULL`,
  sql`CREATE INDEX sms_chats_company_phone_idx ON sms_chats (company_id, phone_number)`,
  sql`CREATE INDEX sms_chats_company_activity_idx ON sms_chats (company_id, activity_at DESC, id DESC)`,

  sql`CREATE TABLE sms_bulk_sendings (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    created_by bigint REFERENCES users (id) ON DELETE SET NULL,
    content text NOT NULL,
    state text NOT NULL DEFAULT 'sending' CHECK (state IN ('sending', 'done')),
    requested integer NOT NULL DEFAULT 0,
    sent integer NOT NULL DEFAULT 0,
    failed integer NOT NULL DEFAULT 0,
    failures jsonb NOT NULL DEFAULT '[]'::jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz
  )`,
  sql`CREATE INDEX sms_bulk_sendings_company_idx ON sms_bulk_sendings (company_id, id DESC)`,

  sql`CREATE TABLE sms_messages (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    chat_id bigint NOT NULL REFERENCES sms_chats (id) ON DELETE CASCADE,
    direction text NOT NULL CHECK (direction IN ('in', 'out')),
    user_from bigint REFERENCES users (id) ON DELETE SET NULL,
    content text NOT NULL DEFAULT '',
    provider_message_id text,
    delivery_status text NOT NULL
      CHECK (delivery_status IN ('queued', 'sent', 'delivered', 'undelivered', 'failed', 'received')),
    error text,
    bulk_id bigint REFERENCES sms_bulk_sendings (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX sms_messages_chat_idx ON sms_messages (chat_id, id DESC)`,
  sql`CREATE INDEX sms_messages_chat_inbound_idx ON sms_messages (chat_id, id) WHERE direction = 'in'`,
  sql`CREATE UNIQUE INDEX sms_messages_provider_key ON sms_messages (company_id, provider_message_id)
    WHERE provider_message_id IS NOT NULL`,

  sql`CREATE TABLE sms_chat_reads (
    chat_id bigint NOT NULL REFERENCES sms_chats (id) ON DELETE CASCADE,
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    last_read_message_id bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (chat_id, user_id)
  )`,

  sql`CREATE TABLE sms_files (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    uploaded_by bigint REFERENCES users (id) ON DELETE SET NULL,
    name text NOT NULL,
    storage_path text NOT NULL,
    size_bytes bigint NOT NULL,
    mime text,
    message_id bigint REFERENCES sms_messages (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX sms_files_message_idx ON sms_files (message_id) WHERE message_id IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sms_files',
    'sms_chat_reads',
    'sms_messages',
    'sms_bulk_sendings',
    'sms_chats',
    'sms_provider_settings',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
