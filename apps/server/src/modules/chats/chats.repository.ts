import { sql } from 'kysely';
import { prepared } from '../../db/prepared';
import type { Db, Row } from '../../db/types';

// Group chats and their members: every query scoped to the company. A load's chat and its notes are made
// here when first needed (ensureLoadChats), with the load's dispatcher and its team's lead as members.

export type ChatRow = Row<'group_chats'>;
export type ChatKind = ChatRow['kind'];

/**
 * The chat the API names by its id (a load chat, a team chat or another group, never a notes chat) with
 * the user's membership of it, in one query: what every open of a chat reads first.
 */
export async function findChatWithMember(
  db: Db,
  companyId: number,
  id: number,
  userId: number,
): Promise<{ chat: ChatRow; member: ChatMember | null } | undefined> {
  const query = db
    .selectFrom('group_chats as c')
    .leftJoin('group_chat_members as m', (join) =>
      join.onRef('m.chat_id', '=', 'c.id').on('m.user_id', '=', userId).on('m.company_id', '=', companyId),
    )
    .selectAll('c')
    .select(['m.user_id as member_user_id', 'm.last_read_message_id as member_last_read_message_id'])
    .where('c.company_id', '=', companyId)
    .where('c.id', '=', id)
    .where('c.kind', '<>', 'notes')
    .compile();
  const [row] = (await db.executeQuery(prepared(query))).rows;
  return row && chatWithMember(row);
}

/** The columns of the caller's membership read beside a chat's (a left join of group_chat_members). */
export type MemberColumns = { member_user_id: number | null; member_last_read_message_id: number | null };

/** A chat's row read with the membership columns beside it: the chat, and the membership or null. */
export function chatWithMember<Chat extends object>(
  row: Chat & MemberColumns,
): { chat: Chat; member: ChatMember | null } {
  const { member_user_id: userId, member_last_read_message_id: lastRead, ...chat } = row;
  const member =
    userId === null || lastRead === null ? null : { user_id: userId, last_read_message_id: lastRead };
  return { chat: chat as Chat, member };
}

/** A chat of any kind, notes included (a file's chat). */
export async function findAnyChat(db: Db, companyId: number, id: number): Promise<ChatRow | undefined> {
  return db
    .selectFrom('group_chats')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The chat of a load of this kind ('load' or 'notes'). */
export async function findLoadChat(
  db: Db,
  companyId: number,
  loadId: number,
  kind: 'load' | 'notes',
): Promise<ChatRow | undefined> {
  return db
    .selectFrom('group_chats')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('load_id', '=', loadId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** The group chats (kind 'load') of these loads of the company that have one. */
export async function findLoadChatIds(
  db: Db,
  companyId: number,
  loadIds: readonly number[],
): Promise<{ id: number; load_id: number }[]> {
  if (loadIds.length === 0) return [];
  const rows = await db
    .selectFrom('group_chats')
    .select(['id', 'load_id'])
    .where('company_id', '=', companyId)
    .where('kind', '=', 'load')
    .where('load_id', 'in', [...loadIds])
    .execute();
  return rows.flatMap((row) => (row.load_id === null ? [] : [{ id: row.id, load_id: row.load_id }]));
}

export type ChatLoad = Pick<
  Row<'loads'>,
  | 'id'
  | 'load_accounting_number'
  | 'status'
  | 'accounting_status'
  | 'dispatcher_id'
  | 'driver_id'
  | 'vehicle_id'
  | 'working_group_id'
> & { team_lead_id: number | null };

/** The load of a load chat, with its team's lead. */
export async function findLoad(db: Db, companyId: number, loadId: number): Promise<ChatLoad | undefined> {
  return db
    .selectFrom('loads as l')
    .leftJoin('working_groups as g', (join) =>
      join.onRef('g.id', '=', 'l.working_group_id').on('g.company_id', '=', companyId),
    )
    .select([
      'l.id',
      'l.load_accounting_number',
      'l.status',
      'l.accounting_status',
      'l.dispatcher_id',
      'l.driver_id',
      'l.vehicle_id',
      'l.working_group_id',
      'g.group_lead_id as team_lead_id',
    ])
    .where('l.company_id', '=', companyId)
    .where('l.id', '=', loadId)
    .executeTakeFirst();
}

/**
 * Makes the group and notes chats of these loads of the company that have none, and adds each load's
 * dispatcher and team lead to both (members already there stay as they are). One statement each.
 */
export async function ensureLoadChats(db: Db, companyId: number, loadIds: readonly number[]): Promise<void> {
  if (loadIds.length === 0) return;
  const ids = sql`${sql.val([...loadIds])}::bigint[]`;
  await sql`INSERT INTO group_chats (company_id, kind, load_id)
    SELECT l.company_id, k.kind, l.id FROM loads l CROSS JOIN (VALUES ('load'), ('notes')) AS k (kind)
    WHERE l.company_id = ${companyId} AND l.id = ANY(${ids})
    ON CONFLICT (load_id, kind) WHERE load_id IS NOT NULL DO NOTHING`.execute(db);
  await sql`INSERT INTO group_chat_members (chat_id, user_id, company_id)
    SELECT c.id, p.user_id, c.company_id FROM group_chats c
    JOIN loads l ON l.id = c.load_id AND l.company_id = c.company_id
    LEFT JOIN working_groups g ON g.id = l.working_group_id AND g.company_id = l.company_id
    CROSS JOIN LATERAL (VALUES (l.dispatcher_id), (g.group_lead_id)) AS p (user_id)
    JOIN users u ON u.id = p.user_id AND u.company_id = c.company_id
    WHERE c.company_id = ${companyId} AND c.load_id = ANY(${ids})
    ON CONFLICT (chat_id, user_id) DO NOTHING`.execute(db);
}

/** The active and checkout loads (list classes 1 and 2) the user dispatches or whose team they lead. */
export async function findOwnOpenLoadIds(db: Db, companyId: number, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('loads as l')
    .select('l.id')
    .where('l.company_id', '=', companyId)
    .where('l.list_class', 'in', [1, 2])
    .where((eb) =>
      eb.or([
        eb('l.dispatcher_id', '=', userId),
        eb(
          'l.working_group_id',
          'in',
          eb
            .selectFrom('working_groups')
            .select('id')
            .where('company_id', '=', companyId)
            .where('group_lead_id', '=', userId),
        ),
      ]),
    )
    .execute();
  return rows.map((row) => row.id);
}

export type ChatMember = Pick<Row<'group_chat_members'>, 'user_id' | 'last_read_message_id'>;

/** The caller's membership of a chat, or undefined. */
export async function findMember(
  db: Db,
  companyId: number,
  chatId: number,
  userId: number,
): Promise<ChatMember | undefined> {
  return db
    .selectFrom('group_chat_members')
    .select(['user_id', 'last_read_message_id'])
    .where('company_id', '=', companyId)
    .where('chat_id', '=', chatId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Adds users to a chat (those already in it stay as they are). */
export async function addMembers(
  db: Db,
  companyId: number,
  chatId: number,
  userIds: readonly number[],
  lastReadMessageId = 0,
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('group_chat_members')
    .values(
      [...new Set(userIds)].map((userId) => ({
        chat_id: chatId,
        user_id: userId,
        company_id: companyId,
        last_read_message_id: lastReadMessageId,
      })),
    )
    .onConflict((conflict) => conflict.columns(['chat_id', 'user_id']).doNothing())
    .execute();
}

/** Moves the member's read mark forward to `messageId` (never back); false when they are no member. */
export async function markRead(
  db: Db,
  companyId: number,
  chatId: number,
  userId: number,
  messageId: number,
): Promise<boolean> {
  const result = await db
    .updateTable('group_chat_members')
    .set({ last_read_message_id: sql<number>`greatest(last_read_message_id, ${messageId})` })
    .where('company_id', '=', companyId)
    .where('chat_id', '=', chatId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Makes a team's chat; answers its row. */
export async function insertChat(
  db: Db,
  values: { company_id: number; kind: ChatKind; team_id: number | null; title: string; created_by: number },
): Promise<ChatRow> {
  return db.insertInto('group_chats').values(values).returningAll().executeTakeFirstOrThrow();
}

export type Team = { id: number; group_lead_id: number | null; member_ids: number[] };

/** A team (working group) of the company with its lead and members. */
export async function findTeam(db: Db, companyId: number, teamId: number): Promise<Team | undefined> {
  const team = await db
    .selectFrom('working_groups')
    .select(['id', 'group_lead_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', teamId)
    .executeTakeFirst();
  if (!team) return undefined;
  const members = await db
    .selectFrom('working_group_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.user_id')
    .where('m.working_group_id', '=', teamId)
    .where('u.company_id', '=', companyId)
    .execute();
  return { ...team, member_ids: members.map((row) => row.user_id) };
}
