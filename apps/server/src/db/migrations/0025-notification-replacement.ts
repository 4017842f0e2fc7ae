/**
 * At most one unread notification per user and subject (`replacement_key`, '1:<chat id>'...). A new one
 * used to delete the unread one it replaces and insert itself; two members writing to one chat at the
 * same moment each deleted what their snapshot saw and both inserted, leaving a third member two unread
 * notifications of the chat. The index that found the row to replace becomes unique, so the write is one
 * INSERT ... ON CONFLICT DO UPDATE that the database serialises per user and subject.
 *
 * The doubles already made are removed first, keeping each user's newest of a subject (latest
 * `created_at`, then highest id), with the table locked against writers of a server not yet migrated.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`LOCK TABLE notifications IN SHARE ROW EXCLUSIVE MODE`.execute(db);
  await sql`DELETE FROM notifications older USING notifications newer
    WHERE older.read_at IS NULL AND older.replacement_key IS NOT NULL
      AND newer.read_at IS NULL AND newer.user_id = older.user_id
      AND newer.replacement_key = older.replacement_key
      AND (newer.created_at, newer.id) > (older.created_at, older.id)`.execute(db);
  await sql`DROP INDEX IF EXISTS notifications_replacement_idx`.execute(db);
  await sql`CREATE UNIQUE INDEX notifications_replacement_key ON notifications (user_id, replacement_key)
    WHERE read_at IS NULL AND replacement_key IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS notifications_replacement_key`.execute(db);
  await sql`CREATE INDEX notifications_replacement_idx ON notifications (user_id, replacement_key)
    WHERE read_at IS NULL AND replacement_key IS NOT NULL`.execute(db);
}
