/**
 * A group chat's unread notice (notification types 1 and 7) is no longer a row per member rewritten at
 * every message: it is read from the chat's newest message and the member's marks
 * (modules/chats/chat-notices.repository.ts). A member has the notice while the chat's newest message is
 * past both the last message they read (`last_read_message_id`) and the last one whose notice they
 * dismissed (`notice_read_message_id`, added here). A message to a chat of 50 members so writes nothing for
 * the other 49.
 *
 * The stored notices of group and notes chats go; a member who had none unread of a chat has its notice
 * dismissed up to the chat's newest message, so nobody sees again a notice they had read. A notes chat's
 * notice had the load chat's id in its key ('7:<load chat id>'), a group chat's its own ('1:<chat id>').
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE group_chat_members ADD COLUMN notice_read_message_id bigint NOT NULL DEFAULT 0`.execute(
    db,
  );
  await sql`LOCK TABLE notifications IN SHARE ROW EXCLUSIVE MODE`.execute(db);
  await sql`UPDATE group_chat_members m SET notice_read_message_id = c.last_message_id
    FROM group_chats c
    LEFT JOIN group_chats l ON c.kind = 'notes' AND l.load_id = c.load_id AND l.kind = 'load'
    WHERE c.id = m.chat_id AND c.last_message_id IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM notifications n
      WHERE n.user_id = m.user_id AND n.read_at IS NULL AND n.replacement_key =
        CASE WHEN c.kind = 'notes' THEN '7:' || l.id ELSE '1:' || c.id END)`.execute(db);
  await sql`DELETE FROM notifications WHERE type_id IN (1, 7)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The notices dismissed stay dismissed; those unread return as the next message is sent.
  await sql`ALTER TABLE group_chat_members DROP COLUMN IF EXISTS notice_read_message_id`.execute(db);
}
