/**
 * Group and notes chats.
 *
 * `group_chats`: one chat of a company. Kind 'load' is a load's group chat and 'notes' its notes chat (at
 * most one of each per load, made when first opened, listed or written to); 'team' a chat an admin or a
 * manager made for a team; 'group' any other. `activity_at` is the time of the last message (the creation
 * time before one): the lists sort by it. `last_message_id` names that message for the list's preview.
 *
 * `group_chat_members`: who belongs to a chat, and the last message they read (0: none), from which their
 * unread count is counted. `chat_files`: files uploaded to be sent with a message; `message_id` stays null
 * until the message is sent, and only the uploader may send them.
 */
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`CREATE TABLE group_chats (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('load', 'notes', 'team', 'group')),
    load_id bigint REFERENCES loads (id) ON DELETE CASCADE,
    team_id bigint REFERENCES working_groups (id) ON DELETE SET NULL,
    title text NOT NULL DEFAULT '',
    created_by bigint REFERENCES users (id) ON DELETE SET NULL,
    last_message_id bigint,
    activity_at timestamptz NOT NULL DEFAULT now(),
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((kind IN ('load', 'notes')) = (load_id IS NOT NULL))
  )`,
  sql`CREATE UNIQUE INDEX group_chats_load_kind_key ON group_chats (load_id, kind) WHERE load_id IS NOT NULL`,
  sql`CREATE INDEX group_chats_company_activity_idx ON group_chats (company_id, activity_at DESC, id DESC)
    WHERE kind <> 'notes'`,

  sql`CREATE TABLE group_chat_members (
    chat_id bigint NOT NULL REFERENCES group_chats (id) ON DELETE CASCADE,
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    last_read_message_id bigint NOT NULL DEFAULT 0,
    joined_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (chat_id, user_id)
  )`,
  sql`CREATE INDEX group_chat_members_user_idx ON group_chat_members (user_id, chat_id)`,

  sql`CREATE TABLE group_chat_messages (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    chat_id bigint NOT NULL REFERENCES group_chats (id) ON DELETE CASCADE,
    user_from bigint REFERENCES users (id) ON DELETE SET NULL,
    content text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX group_chat_messages_chat_idx ON group_chat_messages (chat_id, id DESC)`,

  sql`CREATE TABLE chat_files (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    uploaded_by bigint REFERENCES users (id) ON DELETE SET NULL,
    name text NOT NULL,
    storage_path text NOT NULL,
    size_bytes bigint NOT NULL,
    mime text,
    message_id bigint REFERENCES group_chat_messages (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX chat_files_message_idx ON chat_files (message_id) WHERE message_id IS NOT NULL`,
  sql`CREATE INDEX chat_files_unsent_idx ON chat_files (uploaded_by, id) WHERE message_id IS NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS chat_files`.execute(db);
  await sql`DROP TABLE IF EXISTS group_chat_messages`.execute(db);
  await sql`DROP TABLE IF EXISTS group_chat_members`.execute(db);
  await sql`DROP TABLE IF EXISTS group_chats`.execute(db);
}
