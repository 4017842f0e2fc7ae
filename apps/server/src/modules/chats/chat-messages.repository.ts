import { sql } from 'kysely';
import type { Lang, RoleId } from '@app/domain/common/lookups';
import { prepared } from '../../db/prepared';
import type { Db, Row } from '../../db/types';
import {
  chatWithMember,
  type ChatLoad,
  type ChatMember,
  type ChatRow,
  type MemberColumns,
} from './chats.repository';

// Messages of group and notes chats and the files sent with them; every query scoped to the company.

export type MessageAuthor = {
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
  role: number | null;
};

export type MessageRow = Pick<Row<'group_chat_messages'>, 'id' | 'chat_id' | 'content' | 'created_at'> &
  MessageAuthor;

/** A chat member as a message's statement reads them: whom its notice goes to, in which language. */
export type ChatRecipient = { id: number; lang: Lang; role: RoleId | null; is_superuser: boolean };

export type FileRow = Pick<Row<'chat_files'>, 'id' | 'name' | 'message_id'>;

export type StoredMessage = Pick<Row<'group_chat_messages'>, 'id' | 'created_at'> & {
  /** The chat's members who still work for the company, the sender included, by id. */
  members: ChatRecipient[];
  author: MessageAuthor;
};

/** A chat as its message's statement read it before storing the message. */
export type ChatBeforeMessage = { chat: ChatRow; member: ChatMember | null; load: ChatLoad | null };

/**
 * Stores a message in one statement, and reads what sending it needs: the chat (a notes chat with `notes`,
 * another kind without) with the sender's membership and its load as they were before, the message, the
 * sender's read mark moved to it (the sender joins the chat when not a member yet), the last message and
 * activity of `activeChatIds` (the chat; for a note, the notes chat and the load's chat) moved to it, the
 * chat's members who still work for the company (the sender included, with the language and role their
 * notice needs) and the sender as its author.
 * Undefined, with nothing stored, when the company has no such chat. Whether the sender may write to it
 * is the caller's to decide from what is answered (chat-access.ts), refusing in the same transaction.
 * Prepared: it runs for every message.
 */
export async function storeMessage(
  db: Db,
  values: { company_id: number; chat_id: number; user_from: number; content: string; notes: boolean },
  activeChatIds: readonly number[],
): Promise<(StoredMessage & ChatBeforeMessage) | undefined> {
  const { company_id: companyId, chat_id: chatId, user_from: userId } = values;
  // A statement's parts share one snapshot: the chat and membership read are as they were before it, and
  // the read mark written here is not seen by the members read below, so the sender is added to them as
  // the upsert makes them a member.
  const statement = sql<
    ChatRow &
      MemberColumns & {
        load: ChatLoad | null;
        message_id: number;
        message_created_at: Date;
        members: ChatRecipient[];
        user_id: number | null;
        first_name: string | null;
        last_name: string | null;
        avatar: string | null;
        role: number | null;
      }
  >`WITH chat AS (
      SELECT c.*, m.user_id AS member_user_id, m.last_read_message_id AS member_last_read_message_id
      FROM group_chats c
      LEFT JOIN group_chat_members m ON m.chat_id = c.id AND m.user_id = ${userId} AND m.company_id = ${companyId}
      WHERE c.company_id = ${companyId} AND c.id = ${chatId} AND (c.kind = 'notes') = ${values.notes}
    ), message AS (
      INSERT INTO group_chat_messages (company_id, chat_id, user_from, content)
      SELECT ${companyId}, chat.id, ${userId}, ${values.content} FROM chat
      RETURNING id, created_at
    ), read_mark AS (
      INSERT INTO group_chat_members (chat_id, user_id, company_id, last_read_message_id)
      SELECT ${chatId}::bigint, ${userId}::bigint, ${companyId}::bigint, message.id FROM message
      ON CONFLICT (chat_id, user_id) DO UPDATE
        SET last_read_message_id = greatest(group_chat_members.last_read_message_id, excluded.last_read_message_id)
    ), activity AS (
      UPDATE group_chats c SET last_message_id = greatest(c.last_message_id, message.id),
        activity_at = greatest(c.activity_at, message.created_at)
      FROM message WHERE c.company_id = ${companyId} AND c.id = ANY(${[...activeChatIds]}::bigint[])
    )
    SELECT chat.*,
      (SELECT json_build_object('id', l.id, 'load_accounting_number', l.load_accounting_number,
          'status', l.status, 'accounting_status', l.accounting_status, 'dispatcher_id', l.dispatcher_id,
          'driver_id', l.driver_id, 'vehicle_id', l.vehicle_id, 'working_group_id', l.working_group_id,
          'team_lead_id', g.group_lead_id)
        FROM loads l LEFT JOIN working_groups g ON g.id = l.working_group_id AND g.company_id = ${companyId}
        WHERE l.id = chat.load_id AND l.company_id = ${companyId}) AS load,
      message.id AS message_id, message.created_at AS message_created_at,
      (SELECT coalesce(json_agg(json_build_object('id', r.id, 'lang', r.lang, 'role', r.role,
          'is_superuser', r.is_superuser) ORDER BY r.id), '[]') FROM (
        SELECT u.id, u.lang, u.role, u.is_superuser FROM group_chat_members m JOIN users u ON u.id = m.user_id
        WHERE m.company_id = ${companyId} AND m.chat_id = ${chatId} AND u.company_id = ${companyId}
          AND u.status <> 'Fired'
        UNION
        SELECT s.id, s.lang, s.role, s.is_superuser FROM users s
        WHERE s.id = ${userId} AND s.company_id = ${companyId} AND s.status <> 'Fired'
      ) r) AS members,
      a.id AS user_id, a.first_name, a.last_name, a.avatar, a.role
    FROM chat JOIN message ON true
    LEFT JOIN users a ON a.id = ${userId} AND a.company_id = ${companyId}`.compile(db);
  const [row] = (await db.executeQuery(prepared(statement))).rows;
  if (!row) return undefined;
  const {
    load,
    message_id: id,
    message_created_at: createdAt,
    members,
    user_id: authorId,
    first_name,
    last_name,
    avatar,
    role,
    ...chatColumns
  } = row;
  return {
    ...chatWithMember(chatColumns),
    load,
    id,
    created_at: createdAt,
    members,
    author: { user_id: authorId ?? userId, first_name, last_name, avatar, role },
  };
}

/** How many messages the chat has. */
export async function countMessages(db: Db, companyId: number, chatId: number): Promise<number> {
  const row = await db
    .selectFrom('group_chat_messages')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('company_id', '=', companyId)
    .where('chat_id', '=', chatId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Messages of the chat after `afterId` not written by `userId`: the member's unread count. */
export async function countUnread(
  db: Db,
  companyId: number,
  chatId: number,
  userId: number,
  afterId: number,
): Promise<number> {
  const row = await db
    .selectFrom('group_chat_messages')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('company_id', '=', companyId)
    .where('chat_id', '=', chatId)
    .where('id', '>', afterId)
    .where(sql<boolean>`user_from IS DISTINCT FROM ${userId}`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The chat's newest message id, or 0 without one. */
export async function latestMessageId(db: Db, companyId: number, chatId: number): Promise<number> {
  const row = await db
    .selectFrom('group_chat_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('company_id', '=', companyId)
    .where('chat_id', '=', chatId)
    .executeTakeFirst();
  return row?.id === null || row?.id === undefined ? 0 : Number(row.id);
}

function messagesWithAuthors(db: Db, companyId: number) {
  return db
    .selectFrom('group_chat_messages as m')
    .leftJoin('users as u', 'u.id', 'm.user_from')
    .select([
      'm.id',
      'm.chat_id',
      'm.content',
      'm.created_at',
      'm.user_from as user_id',
      'u.first_name',
      'u.last_name',
      'u.avatar',
      'u.role',
    ])
    .where('m.company_id', '=', companyId);
}

/** A page of the chat's messages counted from the newest: newest first. */
export async function findMessagesPage(
  db: Db,
  companyId: number,
  chatId: number,
  page: { limit: number; offset: number },
): Promise<MessageRow[]> {
  return messagesWithAuthors(db, companyId)
    .where('m.chat_id', '=', chatId)
    .orderBy('m.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** These messages with their authors (the list's last messages, a message just sent). */
export async function findMessagesByIds(
  db: Db,
  companyId: number,
  ids: readonly number[],
): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return messagesWithAuthors(db, companyId)
    .where('m.id', 'in', [...ids])
    .execute();
}

/** The files of these messages, in the order they were uploaded. */
export async function findFilesOfMessages(
  db: Db,
  companyId: number,
  messageIds: readonly number[],
): Promise<FileRow[]> {
  if (messageIds.length === 0) return [];
  return db
    .selectFrom('chat_files')
    .select(['id', 'name', 'message_id'])
    .where('company_id', '=', companyId)
    .where('message_id', 'in', [...messageIds])
    .orderBy('id')
    .execute();
}

/** Stores an uploaded file, not sent yet. */
export async function insertFile(
  db: Db,
  values: {
    company_id: number;
    uploaded_by: number;
    name: string;
    storage_path: string;
    size_bytes: number;
    mime: string | null;
  },
): Promise<FileRow> {
  return db
    .insertInto('chat_files')
    .values(values)
    .returning(['id', 'name', 'message_id'])
    .executeTakeFirstOrThrow();
}

/**
 * Attaches the user's unsent files to a message; answers how many it attached (fewer than asked when some
 * are not theirs, of another company, or already sent).
 */
export async function attachFiles(
  db: Db,
  companyId: number,
  userId: number,
  fileIds: readonly number[],
  messageId: number,
): Promise<number> {
  if (fileIds.length === 0) return 0;
  const result = await db
    .updateTable('chat_files')
    .set({ message_id: messageId })
    .where('company_id', '=', companyId)
    .where('uploaded_by', '=', userId)
    .where('message_id', 'is', null)
    .where('id', 'in', [...fileIds])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type StoredFile = Pick<
  Row<'chat_files'>,
  'id' | 'name' | 'storage_path' | 'mime' | 'uploaded_by' | 'message_id'
> & { chat_id: number | null };

/** A file of the company and the chat of its message (null while unsent). */
export async function findFile(db: Db, companyId: number, id: number): Promise<StoredFile | undefined> {
  return db
    .selectFrom('chat_files as f')
    .leftJoin('group_chat_messages as m', 'm.id', 'f.message_id')
    .select(['f.id', 'f.name', 'f.storage_path', 'f.mime', 'f.uploaded_by', 'f.message_id', 'm.chat_id'])
    .where('f.company_id', '=', companyId)
    .where('f.id', '=', id)
    .executeTakeFirst();
}
