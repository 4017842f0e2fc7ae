import { sql } from 'kysely';
import type { Db, NewRow, Row } from '../../db/types';

// The SMS chats and their messages: every query scoped to the company. A chat is listed, hydrated into
// its list item (people, unit, last message, unread counts) with a fixed number of queries whatever the
// page size, and its messages paged newest first.

export type ChatRow = Row<'sms_chats'>;
export type MessageRow = Row<'sms_messages'>;

export type ChatDetailsRow = ChatRow & {
  driver_first_name: string | null;
  driver_last_name: string | null;
  driver_phone: string | null;
  driver_avatar: string | null;
  owner_first_name: string | null;
  owner_last_name: string | null;
  owner_phone: string | null;
  owner_avatar: string | null;
  assigned_first_name: string | null;
  assigned_last_name: string | null;
  assigned_avatar: string | null;
  assigned_role: number | null;
  unit_id: string | null;
};

export type MessageUserRow = {
  id: number;
  first_name: string;
  last_name: string;
  avatar: string | null;
  role: number | null;
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The chats matching the search, newest activity first: their ids for a page, and how many in all. */
export async function listChatIds(
  db: Db,
  companyId: number,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<{ ids: number[]; count: number }> {
  let query = db
    .selectFrom('sms_chats as c')
    .leftJoin('drivers as d', 'd.id', 'c.driver_id')
    .leftJoin('owners as o', 'o.id', 'c.owner_id')
    .where('c.company_id', '=', companyId);
  const text = search?.trim();
  if (text) {
    const contains = `%${escapeLike(text.toLowerCase())}%`;
    const digits = text.replace(/\D/g, '');
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(coalesce(c.title, ''))`, 'like', contains),
        eb(sql`lower(coalesce(d.first_name || ' ' || d.last_name, ''))`, 'like', contains),
        eb(sql`lower(coalesce(o.first_name || ' ' || o.last_name, ''))`, 'like', contains),
        eb(sql`lower(coalesce(o.company_name, ''))`, 'like', contains),
        ...(digits.length >= 3 ? [eb('c.phone_number', 'like', `%${digits}%`)] : []),
        eb.exists(
          eb
            .selectFrom('vehicles as v')
            .select('v.id')
            .whereRef('v.company_id', '=', 'c.company_id')
            .where(sql`lower(v.unit_id)`, 'like', contains)
            .where((inner) =>
              inner.or([
                inner.and([
                  inner('c.driver_id', 'is not', null),
                  inner(inner.ref('v.active_driver_id'), '=', inner.ref('c.driver_id')),
                ]),
                inner.and([
                  inner('c.owner_id', 'is not', null),
                  inner(inner.ref('v.owner_id'), '=', inner.ref('c.owner_id')),
                ]),
              ]),
            ),
        ),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    query
      .select('c.id')
      .orderBy('c.activity_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => row.id), count: Number(total.count) };
}

/** The chats with their driver, owner, assigned colleague and unit, in the order of `ids`. */
export async function chatDetails(
  db: Db,
  companyId: number,
  ids: readonly number[],
): Promise<ChatDetailsRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('sms_chats as c')
    .leftJoin('drivers as d', 'd.id', 'c.driver_id')
    .leftJoin('users as du', 'du.id', 'd.user_id')
    .leftJoin('owners as o', 'o.id', 'c.owner_id')
    .leftJoin('users as ou', 'ou.id', 'o.user_id')
    .leftJoin('users as a', 'a.id', 'c.assigned_user_id')
    .selectAll('c')
    .select((eb) => [
      'd.first_name as driver_first_name',
      'd.last_name as driver_last_name',
      'd.phone_number as driver_phone',
      'du.avatar as driver_avatar',
      'o.first_name as owner_first_name',
      'o.last_name as owner_last_name',
      'o.phone_number as owner_phone',
      'ou.avatar as owner_avatar',
      'a.first_name as assigned_first_name',
      'a.last_name as assigned_last_name',
      'a.avatar as assigned_avatar',
      'a.role as assigned_role',
      eb
        .selectFrom('vehicles as v')
        .select('v.unit_id')
        .whereRef('v.company_id', '=', 'c.company_id')
        .where((inner) =>
          inner.or([
            inner(inner.ref('v.active_driver_id'), '=', inner.ref('c.driver_id')),
            inner(inner.ref('v.owner_id'), '=', inner.ref('c.owner_id')),
          ]),
        )
        .orderBy('v.id')
        .limit(1)
        .as('unit_id'),
    ])
    .where('c.company_id', '=', companyId)
    .where('c.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row as ChatDetailsRow]));
  return ids.map((id) => byId.get(id)).filter((row): row is ChatDetailsRow => row !== undefined);
}

export function findChat(db: Db, companyId: number, chatId: number): Promise<ChatRow | undefined> {
  return db
    .selectFrom('sms_chats')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', chatId)
    .executeTakeFirst();
}

export function lockChat(trx: Db, companyId: number, chatId: number): Promise<ChatRow | undefined> {
  return trx
    .selectFrom('sms_chats')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', chatId)
    .forUpdate()
    .executeTakeFirst();
}

export function findChatByToken(db: Db, token: string): Promise<ChatRow | undefined> {
  return db.selectFrom('sms_chats').selectAll().where('counterpart_token', '=', token).executeTakeFirst();
}

export async function updateChat(
  trx: Db,
  companyId: number,
  chatId: number,
  change: Partial<Pick<ChatRow, 'title' | 'assigned_user_id' | 'counterpart_token' | 'phone_number'>>,
): Promise<void> {
  if (Object.keys(change).length === 0) return;
  await trx
    .updateTable('sms_chats')
    .set(change)
    .where('company_id', '=', companyId)
    .where('id', '=', chatId)
    .execute();
}

/** Unread inbound messages of each chat for each user (pairs without any are left out). */
export async function unreadCounts(
  db: Db,
  chatIds: readonly number[],
  userIds: readonly number[],
): Promise<{ chat_id: number; user_id: number; unread: number }[]> {
  if (chatIds.length === 0 || userIds.length === 0) return [];
  const result = await sql<{ chat_id: number; user_id: number; unread: number | string }>`
    SELECT c.id AS chat_id, u.id AS user_id, count(m.id) AS unread
    FROM unnest(${sql.val([...chatIds])}::bigint[]) AS c (id)
    CROSS JOIN unnest(${sql.val([...userIds])}::bigint[]) AS u (id)
    LEFT JOIN sms_chat_reads r ON r.chat_id = c.id AND r.user_id = u.id
    JOIN sms_messages m ON m.chat_id = c.id AND m.direction = 'in' AND m.id > coalesce(r.last_read_message_id, 0)
    GROUP BY c.id, u.id`.execute(db);
  return result.rows.map((row) => ({ ...row, unread: Number(row.unread) }));
}

/** The messages of these ids with their authors. */
export function messagesByIds(db: Db, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return messageQuery(db, companyId).where('m.id', 'in', ids).execute();
}

function messageQuery(db: Db, companyId: number) {
  return db
    .selectFrom('sms_messages as m')
    .leftJoin('users as u', 'u.id', 'm.user_from')
    .selectAll('m')
    .select([
      'u.first_name as user_first_name',
      'u.last_name as user_last_name',
      'u.avatar as user_avatar',
      'u.role as user_role',
    ])
    .where('m.company_id', '=', companyId);
}

export type MessageWithUser = Awaited<ReturnType<typeof messagesByIds>>[number];

/** A page of a chat's messages, newest first, and how many it has. */
export async function messagesPage(db: Db, companyId: number, chatId: number, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    messageQuery(db, companyId)
      .where('m.chat_id', '=', chatId)
      .orderBy('m.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('sms_messages')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('company_id', '=', companyId)
      .where('chat_id', '=', chatId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

/** The files of these messages. */
export function filesOfMessages(db: Db, companyId: number, messageIds: readonly number[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sms_files')
    .select(['id', 'name', 'message_id'])
    .where('company_id', '=', companyId)
    .where('message_id', 'in', messageIds)
    .orderBy('id')
    .execute();
}

/** Stores messages; each chat's last message and activity move to its newest one. */
export async function insertMessages(
  trx: Db,
  rows: readonly NewRow<'sms_messages'>[],
): Promise<MessageRow[]> {
  if (rows.length === 0) return [];
  const inserted = await trx
    .insertInto('sms_messages')
    .values([...rows])
    .returningAll()
    .execute();
  const last = new Map<number, MessageRow>();
  for (const message of inserted) last.set(message.chat_id, message);
  const chats = [...last.values()];
  await sql`
    UPDATE sms_chats AS c SET last_message_id = x.message_id, activity_at = x.at
    FROM unnest(${sql.val(chats.map((m) => m.chat_id))}::bigint[], ${sql.val(chats.map((m) => m.id))}::bigint[],
      ${sql.val(chats.map((m) => m.created_at.toISOString()))}::timestamptz[]) AS x (chat_id, message_id, at)
    WHERE c.id = x.chat_id`.execute(trx);
  return inserted;
}

export async function setDelivery(
  db: Db,
  companyId: number,
  updates: readonly {
    id: number;
    status: MessageRow['delivery_status'];
    providerId: string | null;
    error: string | null;
  }[],
): Promise<void> {
  if (updates.length === 0) return;
  await sql`
    UPDATE sms_messages AS m SET delivery_status = x.status, provider_message_id = coalesce(x.provider_id, m.provider_message_id),
      error = x.error
    FROM unnest(${sql.val(updates.map((u) => u.id))}::bigint[], ${sql.val(updates.map((u) => u.status))}::text[],
      ${sql.val(updates.map((u) => u.providerId))}::text[], ${sql.val(updates.map((u) => u.error))}::text[])
      AS x (id, status, provider_id, error)
    WHERE m.id = x.id AND m.company_id = ${companyId}`.execute(db);
}

export function findByProviderId(trx: Db, companyId: number, providerId: string) {
  return trx
    .selectFrom('sms_messages')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('provider_message_id', '=', providerId)
    .forUpdate()
    .executeTakeFirst();
}

/** Marks the chat read up to its last message for the user. */
export async function markRead(
  trx: Db,
  companyId: number,
  chatId: number,
  userId: number,
  upTo: number,
): Promise<void> {
  await trx
    .insertInto('sms_chat_reads')
    .values({ chat_id: chatId, user_id: userId, company_id: companyId, last_read_message_id: upTo })
    .onConflict((oc) =>
      oc.columns(['chat_id', 'user_id']).doUpdateSet({
        last_read_message_id: sql`greatest(sms_chat_reads.last_read_message_id, excluded.last_read_message_id)`,
      }),
    )
    .execute();
}

/** The file when it belongs to a message of this chat. */
export function filesOfChat(db: Db, companyId: number, chatId: number, fileId: number) {
  return db
    .selectFrom('sms_files as f')
    .innerJoin('sms_messages as m', 'm.id', 'f.message_id')
    .select('f.id')
    .where('f.company_id', '=', companyId)
    .where('m.chat_id', '=', chatId)
    .where('f.id', '=', fileId)
    .executeTakeFirst();
}
