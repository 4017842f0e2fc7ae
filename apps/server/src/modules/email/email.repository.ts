import { sql } from 'kysely';
import type { Db, NewRow, Row } from '../../db/types';

// The e-mail threads, their messages and attachments: every query scoped to the company. The bid and load
// a thread is about are read here only for who is concerned (their dispatcher) and that they exist.

export type ChatRow = Row<'email_chats'> & { unread_count: number };

/** Who may see which threads: everyone concerned (the thread's user, the dispatcher of its bid or load), or all. */
export type ChatVisibility = { all: true } | { all: false; userId: number; accounting: boolean };

function chatColumns(db: Db) {
  return db
    .selectFrom('email_chats as c')
    .selectAll('c')
    .select((eb) =>
      eb
        .selectFrom('email_messages as m')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('m.chat_id', '=', 'c.id')
        .where('m.read_at', 'is', null)
        .as('unread_count'),
    );
}

function visibleTo<QB extends ReturnType<typeof chatColumns>>(query: QB, visibility: ChatVisibility): QB {
  if (visibility.all) return query;
  const { userId, accounting } = visibility;
  return query.where((eb) =>
    eb.or([
      eb('c.user_id', '=', userId),
      eb.exists(
        eb
          .selectFrom('loads as l')
          .select('l.id')
          .whereRef('l.id', '=', 'c.load_id')
          .where('l.dispatcher_id', '=', userId),
      ),
      eb.exists(
        eb
          .selectFrom('bids as b')
          .select('b.id')
          .whereRef('b.id', '=', 'c.bid_id')
          .where('b.dispatcher_id', '=', userId),
      ),
      ...(accounting ? [eb('c.type', '=', 3)] : []),
    ]),
  ) as QB;
}

export async function findChat(
  db: Db,
  companyId: number,
  chatId: number,
  visibility: ChatVisibility,
): Promise<ChatRow | undefined> {
  const row = await visibleTo(chatColumns(db), visibility)
    .where('c.company_id', '=', companyId)
    .where('c.id', '=', chatId)
    .executeTakeFirst();
  return row as ChatRow | undefined;
}

export async function lockChat(
  db: Db,
  companyId: number,
  chatId: number,
): Promise<Row<'email_chats'> | undefined> {
  return db
    .selectFrom('email_chats')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', chatId)
    .forUpdate()
    .executeTakeFirst();
}

export async function searchChats(
  db: Db,
  companyId: number,
  visibility: ChatVisibility,
  subject: string,
  offset: number,
  limit: number,
): Promise<{ count: number; rows: ChatRow[] }> {
  let query = visibleTo(chatColumns(db), visibility).where('c.company_id', '=', companyId);
  if (subject) {
    // The text in the subject, the broker's address, or a message's text or sender.
    const pattern = `%${subject.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('c.subject', 'ilike', pattern),
        eb('c.broker_email', 'ilike', pattern),
        eb.exists(
          eb
            .selectFrom('email_messages as t')
            .select('t.id')
            .whereRef('t.chat_id', '=', 'c.id')
            .where('t.company_id', '=', companyId)
            .where((inner) =>
              inner.or([inner('t.plain', 'ilike', pattern), inner('t.from_address', 'ilike', pattern)]),
            ),
        ),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    query
      .orderBy(sql`c.last_message_at DESC NULLS LAST`)
      .orderBy('c.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    query
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { count: total.count, rows: rows as ChatRow[] };
}

/** The thread of a bid or a load with this broker, newest first, if there is one. */
export async function findChatAbout(
  db: Db,
  companyId: number,
  about: { type: 1 | 2 | 3; bidId: number | null; loadId: number | null; brokerEmail: string },
): Promise<Row<'email_chats'> | undefined> {
  let query = db
    .selectFrom('email_chats')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('type', '=', about.type)
    .where('broker_email', '=', about.brokerEmail);
  query = about.bidId === null ? query.where('bid_id', 'is', null) : query.where('bid_id', '=', about.bidId);
  query =
    about.loadId === null ? query.where('load_id', 'is', null) : query.where('load_id', '=', about.loadId);
  return query.orderBy('id', 'desc').executeTakeFirst();
}

export async function insertChat(db: Db, chat: NewRow<'email_chats'>): Promise<Row<'email_chats'>> {
  return db.insertInto('email_chats').values(chat).returningAll().executeTakeFirstOrThrow();
}

export async function touchChat(
  db: Db,
  companyId: number,
  chatId: number,
  at: Date,
  brokerEmail: string | null,
): Promise<void> {
  await db
    .updateTable('email_chats')
    .set((eb) => ({
      last_message_at: at,
      broker_email:
        brokerEmail === null ? eb.ref('broker_email') : eb.fn.coalesce('broker_email', eb.val(brokerEmail)),
    }))
    .where('company_id', '=', companyId)
    .where('id', '=', chatId)
    .execute();
}

export type MessageRow = Row<'email_messages'> & { first_name: string | null; last_name: string | null };

export async function listMessages(
  db: Db,
  companyId: number,
  chatId: number,
  offset: number,
  limit: number,
): Promise<{ count: number; rows: MessageRow[] }> {
  const base = db
    .selectFrom('email_messages as m')
    .where('m.company_id', '=', companyId)
    .where('m.chat_id', '=', chatId);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .selectAll('m')
      .select(['u.first_name', 'u.last_name'])
      .orderBy('m.id', 'asc')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { count: total.count, rows };
}

export async function findMessage(db: Db, companyId: number, id: number): Promise<MessageRow | undefined> {
  return db
    .selectFrom('email_messages as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .selectAll('m')
    .select(['u.first_name', 'u.last_name'])
    .where('m.company_id', '=', companyId)
    .where('m.id', '=', id)
    .executeTakeFirst();
}

/** The newest message of a thread: a reply answers it unless told otherwise. */
export async function lastMessage(
  db: Db,
  companyId: number,
  chatId: number,
): Promise<Row<'email_messages'> | undefined> {
  return db
    .selectFrom('email_messages')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('chat_id', '=', chatId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertMessage(db: Db, message: NewRow<'email_messages'>): Promise<number> {
  const row = await db.insertInto('email_messages').values(message).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Whether the company already has a message with this Message-ID (the same mail received twice). */
export async function hasMessageId(db: Db, companyId: number, messageId: string): Promise<boolean> {
  const row = await db
    .selectFrom('email_messages')
    .select('id')
    .where('company_id', '=', companyId)
    .where('message_id', '=', messageId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The thread of the first of these Message-IDs the company knows, in the order given. */
export async function findChatIdByMessageIds(
  db: Db,
  companyId: number,
  messageIds: readonly string[],
): Promise<number | null> {
  if (messageIds.length === 0) return null;
  const rows = await db
    .selectFrom('email_messages')
    .select(['chat_id', 'message_id'])
    .where('company_id', '=', companyId)
    .where('message_id', 'in', messageIds)
    .execute();
  for (const id of messageIds) {
    const found = rows.find((row) => row.message_id === id);
    if (found) return found.chat_id;
  }
  return null;
}

export async function markRead(db: Db, companyId: number, chatId: number, at: Date): Promise<void> {
  await db
    .updateTable('email_messages')
    .set({ read_at: at })
    .where('company_id', '=', companyId)
    .where('chat_id', '=', chatId)
    .where('read_at', 'is', null)
    .execute();
}

/** The users concerned by a thread: its user and the dispatcher of its bid and of its load. */
export async function concernedUserIds(
  db: Db,
  companyId: number,
  chat: Row<'email_chats'>,
): Promise<number[]> {
  const ids = new Set<number>();
  if (chat.user_id !== null) ids.add(chat.user_id);
  if (chat.load_id !== null) {
    const load = await db
      .selectFrom('loads')
      .select('dispatcher_id')
      .where('company_id', '=', companyId)
      .where('id', '=', chat.load_id)
      .executeTakeFirst();
    if (load?.dispatcher_id) ids.add(load.dispatcher_id);
  }
  if (chat.bid_id !== null) {
    const bid = await db
      .selectFrom('bids')
      .select('dispatcher_id')
      .where('company_id', '=', companyId)
      .where('id', '=', chat.bid_id)
      .executeTakeFirst();
    if (bid?.dispatcher_id) ids.add(bid.dispatcher_id);
  }
  return [...ids];
}

/** The load of a bid of the company (a bid thread is about its load too), or undefined for no such bid. */
export async function findBid(db: Db, companyId: number, bidId: number) {
  return db
    .selectFrom('bids')
    .select(['id', 'load_id', 'dispatcher_id', 'email_to'])
    .where('company_id', '=', companyId)
    .where('id', '=', bidId)
    .executeTakeFirst();
}

export async function findLoad(db: Db, companyId: number, loadId: number) {
  return db
    .selectFrom('loads')
    .select(['id', 'dispatcher_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', loadId)
    .executeTakeFirst();
}
