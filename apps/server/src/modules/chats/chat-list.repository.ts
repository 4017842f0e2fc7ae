import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db, Row } from '../../db/types';

// The chat list (GET users/current/chats): the chats a user belongs to (every chat of the company for a
// supervisor), most recently active first, searched by load number, title, team, driver or member name.
// A fixed number of queries whatever the page size: the page, its count, the unread counts.

export type ListScope = {
  companyId: number;
  userId: number;
  /** Admins and managers list every chat of the company. */
  everyChat: boolean;
  search: string | null;
};

export type ListedChat = Pick<
  Row<'group_chats'>,
  'id' | 'kind' | 'title' | 'load_id' | 'team_id' | 'created_by' | 'last_message_id' | 'activity_at'
> & {
  load_accounting_number: number | null;
  dispatcher_id: number | null;
  driver_id: number | null;
  driver_first_name: string | null;
  driver_last_name: string | null;
  team_name: string | null;
};

type From = ExpressionBuilder<
  Database & { c: Database['group_chats']; me: Database['group_chat_members'] },
  'c' | 'me'
>;

/** `%text%` for ILIKE, with its wildcards escaped. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function filtered(db: Db, scope: ListScope) {
  let query = db
    .selectFrom('group_chats as c')
    .leftJoin('group_chat_members as me', (join) =>
      join.onRef('me.chat_id', '=', 'c.id').on('me.user_id', '=', scope.userId),
    )
    .leftJoin('loads as l', (join) =>
      join.onRef('l.id', '=', 'c.load_id').on('l.company_id', '=', scope.companyId),
    )
    .leftJoin('drivers as d', (join) =>
      join.onRef('d.id', '=', 'l.driver_id').on('d.company_id', '=', scope.companyId),
    )
    .leftJoin('working_groups as t', (join) =>
      join.onRef('t.id', '=', 'c.team_id').on('t.company_id', '=', scope.companyId),
    )
    .where('c.company_id', '=', scope.companyId)
    .where('c.kind', '<>', 'notes');
  if (!scope.everyChat) query = query.where('me.user_id', 'is not', null);
  if (scope.search) {
    const pattern = likePattern(scope.search);
    const number = /^#?0*(\d{1,9})$/.exec(scope.search)?.[1];
    query = query.where((eb) =>
      eb.or([
        ...(number === undefined
          ? []
          : [eb('l.load_accounting_number', '=', Number(number)), eb('l.id', '=', Number(number))]),
        eb('c.title', 'ilike', pattern),
        eb('t.group_name', 'ilike', pattern),
        eb(sql<string>`concat_ws(' ', d.first_name, d.last_name)`, 'ilike', pattern),
        eb.exists(
          eb
            .selectFrom('group_chat_members as gm')
            .innerJoin('users as u', 'u.id', 'gm.user_id')
            .select('gm.user_id')
            .whereRef('gm.chat_id', '=', 'c.id')
            .where(sql<string>`concat_ws(' ', u.first_name, u.last_name)`, 'ilike', pattern),
        ),
      ]),
    );
  }
  return query;
}

export async function countChats(db: Db, scope: ListScope): Promise<number> {
  const row = await filtered(db, scope)
    .select((eb: From) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findChatsPage(
  db: Db,
  scope: ListScope,
  page: { limit: number; offset: number },
): Promise<ListedChat[]> {
  return filtered(db, scope)
    .select([
      'c.id',
      'c.kind',
      'c.title',
      'c.load_id',
      'c.team_id',
      'c.created_by',
      'c.last_message_id',
      'c.activity_at',
      'l.load_accounting_number',
      'l.dispatcher_id',
      'l.driver_id',
      'd.first_name as driver_first_name',
      'd.last_name as driver_last_name',
      't.group_name as team_name',
    ])
    .orderBy('c.activity_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type UnreadCount = { chat_id: number; kind: string; load_id: number | null; unread: number };

/**
 * The user's unread messages in these chats and in the notes of these loads (chats they are no member of
 * are absent: nothing unread).
 */
export async function findUnreadCounts(
  db: Db,
  companyId: number,
  userId: number,
  chatIds: readonly number[],
  loadIds: readonly number[],
): Promise<UnreadCount[]> {
  if (chatIds.length === 0) return [];
  const { rows } = await sql<{ chat_id: string; kind: string; load_id: string | null; unread: string }>`
    SELECT c.id AS chat_id, c.kind, c.load_id,
      (SELECT count(*) FROM group_chat_messages g
        WHERE g.chat_id = c.id AND g.id > m.last_read_message_id AND g.user_from IS DISTINCT FROM m.user_id
      ) AS unread
    FROM group_chat_members m JOIN group_chats c ON c.id = m.chat_id
    WHERE m.user_id = ${userId} AND m.company_id = ${companyId} AND c.company_id = ${companyId}
      AND (c.id = ANY(${sql.val([...chatIds])}::bigint[])
        OR (c.kind = 'notes' AND c.load_id = ANY(${sql.val([...loadIds])}::bigint[])))`.execute(db);
  return rows.map((row) => ({
    chat_id: Number(row.chat_id),
    kind: row.kind,
    load_id: row.load_id === null ? null : Number(row.load_id),
    unread: Number(row.unread),
  }));
}

export type ChatPersonRow = Pick<Row<'users'>, 'id' | 'first_name' | 'last_name' | 'avatar' | 'role'>;

/** Colleagues of the company by id (the chats' responsible people). */
export async function findUsers(db: Db, companyId: number, ids: readonly number[]): Promise<ChatPersonRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'avatar', 'role'])
    .where('company_id', '=', companyId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

export type LoadPersonRow = {
  id: number;
  first_name: string;
  last_name: string;
  phone_number: string | null;
};

/** A driver of the company. */
export async function findDriver(db: Db, companyId: number, id: number): Promise<LoadPersonRow | undefined> {
  return db
    .selectFrom('drivers')
    .select(['id', 'first_name', 'last_name', 'phone_number'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The owner of a vehicle of the company. */
export async function findVehicleOwner(
  db: Db,
  companyId: number,
  vehicleId: number,
): Promise<LoadPersonRow | undefined> {
  return db
    .selectFrom('vehicles as v')
    .innerJoin('owners as o', 'o.id', 'v.owner_id')
    .select(['o.id', 'o.first_name', 'o.last_name', 'o.phone_number'])
    .where('v.company_id', '=', companyId)
    .where('o.company_id', '=', companyId)
    .where('v.id', '=', vehicleId)
    .executeTakeFirst();
}
