import { sql } from 'kysely';
import type { Db, Row } from '../../db/types';

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

export type FileRow = Pick<Row<'chat_files'>, 'id' | 'name' | 'message_id'>;

/** Stores a message; answers its id and time. */
export async function insertMessage(
  db: Db,
  values: { company_id: number; chat_id: number; user_from: number; content: string },
): Promise<Pick<Row<'group_chat_messages'>, 'id' | 'created_at'>> {
  return db
    .insertInto('group_chat_messages')
    .values(values)
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
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

/** A colleague as a message's author. */
export async function findAuthor(db: Db, companyId: number, userId: number): Promise<MessageAuthor> {
  const row = await db
    .selectFrom('users')
    .select(['id as user_id', 'first_name', 'last_name', 'avatar', 'role'])
    .where('company_id', '=', companyId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ?? { user_id: userId, first_name: null, last_name: null, avatar: null, role: null };
}
