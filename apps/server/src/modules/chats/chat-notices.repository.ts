import { sql } from 'kysely';
import type { Lang } from '@app/domain/common/lookups';
import type { Db } from '../../db/types';
import type { ChatKind } from './chats.repository';

// A member's unread notices of group chats, read from the chats themselves (migration 0029): a member has
// a chat's notice while the chat's newest message is past both their read mark and the mark of the last
// notice they dismissed. A notes chat's newest message also moves its load chat's last_message_id, so the
// load chat's own newest message is read (one step back along its index) rather than that column, which
// only rules the others out cheaply.

/** What a notice of a chat is made of (chat-notices.ts makes the notification). */
export type ChatNoticeRow = {
  chat_id: number;
  kind: ChatKind;
  title: string;
  load_id: number | null;
  /** A notes chat's load chat: the chat the notice opens. */
  load_chat_id: number | null;
  message_id: number;
  content: string;
  created_at: Date;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
  /** The names of the newest message's files, in the order sent. */
  file_names: string[];
  load_status: number | null;
  load_accounting_status: number | null;
  load_accounting_number: number | null;
  /** The member's language, which the notice is written in. */
  lang: Lang;
};

type Member = { companyId: number; userId: number };

/**
 * How many unread chat notices the member has, and the newest `limit` of them, newest first: the member's
 * chats whose newest message they have neither read nor dismissed the notice of (a load's chat or notes
 * while the load is there).
 */
export async function findUnreadNotices(
  db: Db,
  member: Member,
  limit: number,
): Promise<{ count: number; rows: ChatNoticeRow[] }> {
  const { companyId, userId } = member;
  // The newest `limit` are chosen first, the window counting the rows before LIMIT keeps them (one query for
  // the badge and the page); what a notice shows is read for those only.
  const { rows } = await sql<ChatNoticeRow & { total: number }>`WITH unread AS (
      SELECT c.id AS chat_id, newest.id AS message_id, newest.created_at, l.id AS load_id,
        lc.id AS load_chat_id, count(*) OVER () AS total
      FROM group_chat_members m
      JOIN group_chats c ON c.id = m.chat_id AND c.company_id = ${companyId}
      CROSS JOIN LATERAL (
        SELECT g.id, g.created_at FROM group_chat_messages g
        WHERE g.chat_id = c.id AND g.company_id = ${companyId} ORDER BY g.id DESC LIMIT 1
      ) newest
      LEFT JOIN loads l ON l.id = c.load_id AND l.company_id = ${companyId}
      LEFT JOIN group_chats lc ON c.kind = 'notes' AND lc.load_id = c.load_id AND lc.kind = 'load'
        AND lc.company_id = ${companyId}
      WHERE m.user_id = ${userId} AND m.company_id = ${companyId}
        AND c.last_message_id > greatest(m.last_read_message_id, m.notice_read_message_id)
        AND newest.id > greatest(m.last_read_message_id, m.notice_read_message_id)
        AND (c.load_id IS NULL OR l.id IS NOT NULL) AND (c.kind <> 'notes' OR lc.id IS NOT NULL)
      ORDER BY newest.created_at DESC, newest.id DESC
      LIMIT ${limit}
    )
    SELECT u.chat_id, c.kind, c.title, c.load_id, u.load_chat_id, u.message_id, g.content, u.created_at,
      a.first_name, a.last_name, a.avatar,
      ARRAY(SELECT f.name FROM chat_files f WHERE f.message_id = u.message_id AND f.company_id = ${companyId}
        ORDER BY f.id) AS file_names,
      l.status AS load_status, l.accounting_status AS load_accounting_status,
      l.load_accounting_number, me.lang, u.total
    FROM unread u
    JOIN group_chats c ON c.id = u.chat_id
    JOIN group_chat_messages g ON g.id = u.message_id
    LEFT JOIN users a ON a.id = g.user_from AND a.company_id = ${companyId}
    LEFT JOIN loads l ON l.id = u.load_id
    JOIN users me ON me.id = ${userId} AND me.company_id = ${companyId}
    ORDER BY u.created_at DESC, u.message_id DESC`.execute(db);
  return { count: rows[0]?.total ?? 0, rows };
}

/**
 * Dismisses the member's notice of the chat up to its newest message: 'read' when they had it unread,
 * 'already' when they are a member without one, 'missing' when they are not a member of such a chat.
 */
export async function dismissNotice(
  db: Db,
  member: Member,
  chatId: number,
): Promise<'read' | 'already' | 'missing'> {
  const { companyId, userId } = member;
  const { rows } = await sql<{ dismissed: boolean }>`WITH target AS (
      SELECT m.chat_id, greatest(m.last_read_message_id, m.notice_read_message_id) AS seen,
        (SELECT g.id FROM group_chat_messages g WHERE g.chat_id = m.chat_id AND g.company_id = ${companyId}
          ORDER BY g.id DESC LIMIT 1) AS newest_id
      FROM group_chat_members m
      WHERE m.chat_id = ${chatId} AND m.user_id = ${userId} AND m.company_id = ${companyId}
    ), dismissed AS (
      UPDATE group_chat_members m SET notice_read_message_id = target.newest_id
      FROM target WHERE m.chat_id = target.chat_id AND m.user_id = ${userId} AND target.newest_id > target.seen
      RETURNING 1
    )
    SELECT EXISTS (SELECT 1 FROM dismissed) AS dismissed FROM target`.execute(db);
  if (rows.length === 0) return 'missing';
  return rows[0]!.dismissed ? 'read' : 'already';
}
