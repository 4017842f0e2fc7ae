import { sql } from 'kysely';
import type { Lang } from '@app/domain/common/lookups';
import type { RoleColumn } from '../../db/schema';
import { prepared } from '../../db/prepared';
import type { Db, Row } from '../../db/types';

export type Recipient = { id: number; lang: 'en' | 'ru' };

/** Who of the users named may be told: all (null), or those of `roles` and, with `superusers`, any superuser. */
export type RecipientRoles = { roles: readonly number[]; superusers: boolean } | null;

/** The users of the company among `ids` who may still be told something (not fired; `allowed`), by id. */
export async function findRecipients(
  db: Db,
  companyId: number,
  ids: readonly number[],
  allowed: RecipientRoles,
): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<Recipient>`${recipientsQuery(companyId, ids, allowed)} ORDER BY id`.execute(db);
  return rows;
}

function recipientsQuery(companyId: number, ids: readonly number[], allowed: RecipientRoles) {
  const roleFilter = allowed
    ? sql`AND (role = ANY(${sql.val([...allowed.roles])}::int[]) OR (${allowed.superusers} AND is_superuser))`
    : sql``;
  return sql`SELECT id, lang FROM users
    WHERE company_id = ${companyId} AND id = ANY(${sql.val([...ids])}::bigint[]) AND status <> 'Fired' ${roleFilter}`;
}

/** The company's users, not fired, who hold one of `roles` (its trackers, its managers...), by id. */
export async function findCompanyUsersWithRoles(
  db: Db,
  companyId: number,
  roles: readonly RoleColumn[],
): Promise<{ id: number; role: number | null }[]> {
  if (roles.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('company_id', '=', companyId)
    .where('role', 'in', roles)
    .where('status', '!=', 'Fired')
    .orderBy('id')
    .execute();
}

export type LoadTeamScope = {
  dispatcherId: number | null;
  workingGroupId: number | null;
  subgroupId: number | null;
  /** The members too (the subgroup's, or the working group's when the load has no subgroup), not only leads. */
  withMembers: boolean;
};

/**
 * The people of a load's team, in one query: its dispatcher, the lead of its working group, the lead of
 * its subgroup and, with `withMembers`, the subgroup's members (the working group's when there is no
 * subgroup). Teams of another company are never matched.
 */
export async function findLoadTeam(db: Db, companyId: number, scope: LoadTeamScope): Promise<number[]> {
  const { dispatcherId, workingGroupId, subgroupId, withMembers } = scope;
  const parts = [sql`SELECT ${dispatcherId}::bigint AS user_id`];
  if (workingGroupId !== null) {
    parts.push(sql`SELECT group_lead_id FROM working_groups WHERE id = ${workingGroupId}
      AND company_id = ${companyId}`);
  }
  if (subgroupId !== null) {
    parts.push(sql`SELECT s.subgroup_lead_id FROM subgroups s
      JOIN working_groups g ON g.id = s.working_group_id
      WHERE s.id = ${subgroupId} AND g.company_id = ${companyId}`);
  }
  if (withMembers && subgroupId !== null) {
    parts.push(sql`SELECT m.user_id FROM subgroup_members m
      JOIN subgroups s ON s.id = m.subgroup_id
      JOIN working_groups g ON g.id = s.working_group_id
      WHERE m.subgroup_id = ${subgroupId} AND g.company_id = ${companyId}`);
  } else if (withMembers && workingGroupId !== null) {
    parts.push(sql`SELECT m.user_id FROM working_group_members m
      JOIN working_groups g ON g.id = m.working_group_id
      WHERE m.working_group_id = ${workingGroupId} AND g.company_id = ${companyId}`);
  }
  const { rows } = await sql<{ user_id: string | number | null }>`${sql.join(parts, sql` UNION `)}`.execute(
    db,
  );
  return rows.flatMap((row) => (row.user_id === null ? [] : [Number(row.user_id)]));
}

export type NoticeLoad = {
  id: number;
  status: number;
  accounting_status: number | null;
  load_accounting_number: number | null;
};

export async function findLoad(db: Db, companyId: number, loadId: number): Promise<NoticeLoad | undefined> {
  return db
    .selectFrom('loads')
    .select(['id', 'status', 'accounting_status', 'load_accounting_number'])
    .where('company_id', '=', companyId)
    .where('id', '=', loadId)
    .executeTakeFirst();
}

export async function findUserName(
  db: Db,
  companyId: number,
  userId: number,
): Promise<{ first_name: string; last_name: string; avatar: string | null } | undefined> {
  return db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'avatar'])
    .where('company_id', '=', companyId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** What every notification of one change shares; `texts` are the label and content in each language. */
export type NotificationBatch = {
  companyId: number;
  userIds: readonly number[];
  allowed: RecipientRoles;
  replacementKey: string | null;
  texts: Record<Lang, { label: string; content: string }>;
  /** `details` and `actor` as JSON text. */
  row: { type_id: number; load_id: number | null; details: string; actor: string | null; created_at: Date };
};

/**
 * One notification for each user named who may still be told (findRecipients: of the company, not fired;
 * with `allowed`, only those roles), in the user's language, in one statement. A recipient's unread one of
 * the same `replacementKey` is replaced in place: it takes the new texts, details, actor and time and keeps
 * its id, so that no indexed column changes and PostgreSQL updates it beside the old version without a new
 * entry in any index (a HOT update: a group chat's message replaces 49 members' notices, and new ids made
 * that write about twice as costly). Lists order by time, so the replaced one comes first as a fresh one
 * would; the web puts a notice of a known id or subject at the front too. The unique index of
 * unread keys (migration 0025) makes concurrent writers to one subject wait for each other, so a user never
 * holds two unread ones of a subject. Answers the rows made, by user id, with each one's language.
 */
export async function insertForRecipients(
  db: Db,
  batch: NotificationBatch,
): Promise<{ id: number; user_id: number; created_at: Date; lang: Lang }[]> {
  if (batch.userIds.length === 0) return [];
  const { companyId, replacementKey, row } = batch;
  // Rows without a key never conflict (NULLs are distinct); ordered by user so that concurrent writers
  // take the rows' locks in the same order.
  const statement = sql<{ id: number; user_id: number; created_at: Date; lang: Lang }>`
    WITH recipients AS (${recipientsQuery(companyId, batch.userIds, batch.allowed)}), inserted AS (
      INSERT INTO notifications
        (company_id, user_id, type_id, label, content, load_id, replacement_key, details, actor, created_at)
      SELECT ${companyId}::bigint, r.id, ${row.type_id}::smallint, t.text ->> 'label', t.text ->> 'content',
        ${row.load_id}::bigint, ${replacementKey}::text, ${row.details}::jsonb, ${row.actor}::jsonb,
        ${row.created_at}::timestamptz
      FROM recipients r CROSS JOIN LATERAL (SELECT ${JSON.stringify(batch.texts)}::jsonb -> r.lang AS text) t
      ORDER BY r.id
      ON CONFLICT (user_id, replacement_key) WHERE read_at IS NULL AND replacement_key IS NOT NULL
      DO UPDATE SET type_id = EXCLUDED.type_id, label = EXCLUDED.label,
        content = EXCLUDED.content, load_id = EXCLUDED.load_id, details = EXCLUDED.details,
        actor = EXCLUDED.actor, created_at = EXCLUDED.created_at
      RETURNING id, user_id, created_at
    )
    SELECT i.id, i.user_id, i.created_at, r.lang FROM inserted i JOIN recipients r ON r.id = i.user_id
    ORDER BY i.id`.compile(db);
  return (await db.executeQuery(prepared(statement))).rows;
}

/** A notification with the list and number of its load (left-joined: null without one). */
export type NotificationRow = Pick<
  Row<'notifications'>,
  'id' | 'type_id' | 'label' | 'content' | 'details' | 'actor' | 'created_at' | 'load_id'
> & {
  load_status: number | null;
  load_accounting_status: number | null;
  load_accounting_number: number | null;
};

type UnreadScope = { companyId: number; userId: number; typeIds?: readonly number[] };

function unread(db: Db, scope: UnreadScope) {
  let query = db
    .selectFrom('notifications as n')
    .where('n.user_id', '=', scope.userId)
    .where('n.company_id', '=', scope.companyId)
    .where('n.read_at', 'is', null);
  if (scope.typeIds) query = query.where('n.type_id', 'in', scope.typeIds);
  return query;
}

export async function countUnread(db: Db, scope: UnreadScope): Promise<number> {
  const row = await unread(db, scope)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A page of the user's unread notifications, newest first, with their load's current statuses. */
export async function findUnreadPage(
  db: Db,
  scope: UnreadScope,
  page: { limit: number; offset: number },
): Promise<NotificationRow[]> {
  return unread(db, scope)
    .leftJoin('loads as l', 'l.id', 'n.load_id')
    .select([
      'n.id',
      'n.type_id',
      'n.label',
      'n.content',
      'n.details',
      'n.actor',
      'n.created_at',
      'n.load_id',
      'l.status as load_status',
      'l.accounting_status as load_accounting_status',
      'l.load_accounting_number as load_accounting_number',
    ])
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/**
 * Marks the user's notification read: 'read' when it was unread, 'already' when it was read before,
 * 'missing' when the user has no such notification (another user's, another company's, none).
 */
export async function markRead(
  db: Db,
  scope: { companyId: number; userId: number },
  id: number,
  at: Date,
): Promise<'read' | 'already' | 'missing'> {
  const updated = await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('id', '=', id)
    .where('user_id', '=', scope.userId)
    .where('company_id', '=', scope.companyId)
    .where('read_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (updated) return 'read';
  const existing = await db
    .selectFrom('notifications')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', scope.userId)
    .where('company_id', '=', scope.companyId)
    .executeTakeFirst();
  return existing ? 'already' : 'missing';
}

/** Marks read the users' unread notifications of these subjects; answers which, for read_notice. */
export async function markReadByKeys(
  db: Db,
  scope: { companyId: number; userIds: readonly number[] },
  replacementKeys: readonly string[],
  at: Date,
): Promise<{ id: number; user_id: number }[]> {
  if (scope.userIds.length === 0 || replacementKeys.length === 0) return [];
  return db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', 'in', scope.userIds)
    .where('replacement_key', 'in', replacementKeys)
    .where('read_at', 'is', null)
    .where('company_id', '=', scope.companyId)
    .returning(['id', 'user_id'])
    .execute();
}
