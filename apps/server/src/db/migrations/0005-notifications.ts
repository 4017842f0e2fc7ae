/**
 * Notifications: what the right-hand panel lists for one user until they read it.
 *
 * One row per recipient, so reading is per user and a list is one index range of that user's unread rows.
 * Only the stored types live here (1 to 11); types from 100 up (load status) are transient and never
 * stored — see modules/notifications/notifications.service.ts.
 *
 * - `details` holds the nested object of the type (sms_chat, group_chat, load_info, email_chat_info,
 *   bid_info, tracking_info, load_status) and, for a rate notice, the prices before and after in cents.
 * - `actor` is a snapshot of who caused it (first_name, last_name, avatar, responsible_dispatcher): the
 *   notification says who did it then, even if that person is renamed or leaves later.
 * - `load_id` is read through a join, so the link of a notification follows the load to its current list.
 * - `replacement_key` ('8:<load id>', '1:<chat id>'...) is the domain's replacementKey: a new notification
 *   of the same kind for the same chat or load deletes the older unread one of that user.
 */
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`CREATE TABLE notifications (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    type_id smallint NOT NULL CHECK (type_id BETWEEN 1 AND 11),
    label text NOT NULL,
    content text NOT NULL,
    load_id bigint REFERENCES loads (id) ON DELETE SET NULL,
    replacement_key text,
    details jsonb NOT NULL DEFAULT '{}',
    actor jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    read_at timestamptz
  )`,
  // GET notifications and notifications/urgent: a user's unread ones, newest first.
  sql`CREATE INDEX notifications_unread_idx ON notifications (user_id, id DESC) WHERE read_at IS NULL`,
  // A new notification replaces the user's unread one for the same chat or load.
  sql`CREATE INDEX notifications_replacement_idx ON notifications (user_id, replacement_key)
    WHERE read_at IS NULL AND replacement_key IS NOT NULL`,
  // Deleting a load sets load_id to null without reading the whole table.
  sql`CREATE INDEX notifications_load_idx ON notifications (load_id) WHERE load_id IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS notifications`.execute(db);
}
