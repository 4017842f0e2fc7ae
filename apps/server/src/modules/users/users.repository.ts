import { ROLES } from '@app/domain/common/lookups';
import type { Db, Row } from '../../db/types';

type CompanySettingsColumns =
  | 'company_hash'
  | 'google_maps_key'
  | 'map_tiles_url'
  | 'call_system'
  | 'language_select'
  | 'disable_some_menu_items'
  | 'enable_address_language_notice'
  | 'is_visible_phone_numbers'
  | 'can_dispatchers_search_loads_for_on_load_unit';

/** The user, and the settings of their company (all null without one: the company is left-joined). */
export type CurrentUserRow = Pick<
  Row<'users'>,
  | 'id'
  | 'email'
  | 'first_name'
  | 'last_name'
  | 'role'
  | 'is_superuser'
  | 'status'
  | 'avatar'
  | 'lang'
  | 'working_gmail'
  | 'in_gmail'
  | 'working_group_id'
  | 'unit_id'
  | 'filters_data_2'
  | 'req_status'
  | 'hide_accounting'
  | 'company_id'
> & { company_name: string | null } & {
  [Column in CompanySettingsColumns]: Row<'companies'>[Column] | null;
};

export async function findCurrentUserRow(db: Db, userId: number): Promise<CurrentUserRow | undefined> {
  return db
    .selectFrom('users as u')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.role',
      'u.is_superuser',
      'u.status',
      'u.avatar',
      'u.lang',
      'u.working_gmail',
      'u.in_gmail',
      'u.working_group_id',
      'u.unit_id',
      'u.filters_data_2',
      'u.req_status',
      'u.hide_accounting',
      'u.company_id',
      'c.name as company_name',
      'c.company_hash',
      'c.google_maps_key',
      'c.map_tiles_url',
      'c.call_system',
      'c.language_select',
      'c.disable_some_menu_items',
      'c.enable_address_language_notice',
      'c.is_visible_phone_numbers',
      'c.can_dispatchers_search_loads_for_on_load_unit',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

export type DispatcherRow = Pick<Row<'users'>, 'id' | 'first_name' | 'last_name' | 'role' | 'avatar'>;

/**
 * The company's dispatchers and managers (roles 5 and 4) that are not fired; with a working group, only
 * those in it: its lead, its members, the users whose group it is, and the leads and members of its
 * subgroups.
 */
export async function findDispatchers(
  db: Db,
  companyId: number,
  workingGroupId: number | undefined,
): Promise<DispatcherRow[]> {
  let query = db
    .selectFrom('users as u')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.role', 'u.avatar'])
    .where('u.company_id', '=', companyId)
    .where('u.role', 'in', [ROLES.manager, ROLES.dispatcher])
    .where('u.status', '<>', 'Fired');
  if (workingGroupId !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb('u.working_group_id', '=', workingGroupId),
        eb(
          'u.id',
          'in',
          eb
            .selectFrom('working_group_members')
            .select('user_id')
            .where('working_group_id', '=', workingGroupId),
        ),
        eb(
          'u.id',
          'in',
          eb
            .selectFrom('working_groups')
            .select('group_lead_id')
            .where('id', '=', workingGroupId)
            .where('group_lead_id', 'is not', null)
            .$narrowType<{ group_lead_id: number }>(),
        ),
        eb(
          'u.id',
          'in',
          eb
            .selectFrom('subgroup_members as sm')
            .innerJoin('subgroups as s', 's.id', 'sm.subgroup_id')
            .select('sm.user_id')
            .where('s.working_group_id', '=', workingGroupId),
        ),
        eb(
          'u.id',
          'in',
          eb
            .selectFrom('subgroups')
            .select('subgroup_lead_id')
            .where('working_group_id', '=', workingGroupId)
            .where('subgroup_lead_id', 'is not', null)
            .$narrowType<{ subgroup_lead_id: number }>(),
        ),
      ]),
    );
  }
  return query.orderBy('u.first_name').orderBy('u.last_name').orderBy('u.id').execute();
}

export type FirmRow = Pick<Row<'users'>, 'id' | 'first_name' | 'last_name'> & {
  company_id: number;
  company_name: string;
};

/** Active managers (role 4) of every company: whom a newcomer may ask to join. */
export async function findFirms(db: Db): Promise<FirmRow[]> {
  return db
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'c.id as company_id', 'c.name as company_name'])
    .where('u.role', '=', ROLES.manager)
    .where('u.status', '=', 'Active')
    .orderBy('c.name')
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();
}

export type ManagerRow = { id: number; company_id: number };

/** An active manager, for a join request addressed to them. */
export async function findActiveManager(db: Db, userId: number): Promise<ManagerRow | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'company_id'])
    .where('id', '=', userId)
    .where('role', '=', ROLES.manager)
    .where('status', '=', 'Active')
    .where('company_id', 'is not', null)
    .executeTakeFirst();
  return row && row.company_id !== null ? { id: row.id, company_id: row.company_id } : undefined;
}

export type MembershipRow = Pick<Row<'users'>, 'id' | 'company_id' | 'role' | 'req_status'>;

export async function findMembershipForUpdate(trx: Db, userId: number): Promise<MembershipRow | undefined> {
  return trx
    .selectFrom('users')
    .select(['id', 'company_id', 'role', 'req_status'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export const REQUEST_STATUS = { no: 1, requested: 2, approved: 3, rejected: 4 } as const;

export async function deletePendingRequestsOf(trx: Db, userId: number): Promise<void> {
  await trx
    .deleteFrom('user_requests')
    .where('user_id', '=', userId)
    .where('status', '=', REQUEST_STATUS.requested)
    .execute();
}

export async function insertUserRequest(
  trx: Db,
  request: {
    user_id: number;
    company_id: number | null;
    resp_user_id: number | null;
    target_department: 'Carrier' | 'Shipper' | 'Dispatcher';
    created_at: Date;
  },
): Promise<number> {
  const row = await trx
    .insertInto('user_requests')
    .values({ ...request, status: REQUEST_STATUS.requested })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setReqStatus(
  db: Db,
  userId: number,
  reqStatus: 'None' | 'Send',
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ req_status: reqStatus, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/**
 * Which pending requests a reviewer sees: all of the company's, or only those addressed to them.
 * `withUnassigned` adds the requests that name no manager (Carrier or Shipper newcomers), which belong to
 * no company yet: only superusers (the platform's administrators) see and decide those.
 */
export type RequestScope = { companyId: number; respUserId?: number; withUnassigned?: boolean };

export type UserRequestRow = Pick<
  Row<'user_requests'>,
  'id' | 'user_id' | 'target_department' | 'resp_user_id' | 'company_id' | 'status' | 'created_at'
> &
  Pick<Row<'users'>, 'email' | 'first_name' | 'last_name'>;

export async function findPendingRequests(
  db: Db,
  scope: RequestScope,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: UserRequestRow[] }> {
  let base = db
    .selectFrom('user_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .where((eb) =>
      scope.withUnassigned
        ? eb.or([eb('r.company_id', '=', scope.companyId), eb('r.company_id', 'is', null)])
        : eb('r.company_id', '=', scope.companyId),
    )
    .where('r.status', '=', REQUEST_STATUS.requested);
  if (scope.respUserId !== undefined) base = base.where('r.resp_user_id', '=', scope.respUserId);

  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base
      .select([
        'r.id',
        'r.user_id',
        'u.email',
        'u.first_name',
        'u.last_name',
        'r.target_department',
        'r.resp_user_id',
        'r.company_id',
        'r.status',
        'r.created_at',
      ])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { count: Number(total.count), rows };
}

export type PendingRequestRow = Pick<
  Row<'user_requests'>,
  'id' | 'user_id' | 'company_id' | 'resp_user_id' | 'status'
>;

/** A request in the reviewer's scope, locked for a decision; undefined when it does not exist or is out of scope. */
export async function findRequestForUpdate(
  trx: Db,
  requestId: number,
  scope: RequestScope,
): Promise<PendingRequestRow | undefined> {
  return trx
    .selectFrom('user_requests')
    .select(['id', 'user_id', 'company_id', 'resp_user_id', 'status'])
    .where('id', '=', requestId)
    .where((eb) =>
      scope.withUnassigned
        ? eb.or([eb('company_id', '=', scope.companyId), eb('company_id', 'is', null)])
        : eb('company_id', '=', scope.companyId),
    )
    .forUpdate()
    .executeTakeFirst();
}

export async function decideRequest(
  trx: Db,
  requestId: number,
  decision: { status: 3 | 4; decided_by: number; decided_at: Date; approved_role: number | null },
): Promise<void> {
  await trx.updateTable('user_requests').set(decision).where('id', '=', requestId).execute();
}

export async function joinCompany(
  trx: Db,
  userId: number,
  membership: { company_id: number; role: 3 | 4 | 5 | 6 | 7 | 8 | 13 },
  now: Date,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ ...membership, status: 'Active', req_status: 'None', updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export async function updateProfileFields(
  db: Db,
  userId: number,
  fields: {
    first_name: string;
    last_name: string;
    lang: 'en' | 'ru';
    avatar?: string | undefined;
    working_gmail?: string | null;
    in_gmail?: boolean;
  },
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...fields, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export async function findAvatar(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('avatar').where('id', '=', userId).executeTakeFirst();
  return row?.avatar ?? null;
}

export async function updateFilters(db: Db, userId: number, filters: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ filters_data_2: filters, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

// ---------------------------------------------------------------- the users a load names

/** 'First Last' of the company's users by id. */
export async function findUserNames(
  db: Db,
  companyId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, `${row.first_name} ${row.last_name}`.trim()]));
}

/** A user of the company with their team: the working group and their first subgroup. */
function userWithTeam(db: Db, companyId: number, id: number) {
  return db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      'u.working_group_id',
      eb
        .selectFrom('subgroup_members as sm')
        .select('sm.subgroup_id')
        .whereRef('sm.user_id', '=', 'u.id')
        .orderBy('sm.subgroup_id')
        .limit(1)
        .as('subgroup_id'),
    ])
    .where('u.company_id', '=', companyId)
    .where('u.id', '=', id);
}

/** A dispatcher (or manager) of the company who is not fired, with the team the loads they run belong to. */
export async function findDispatcherWithTeam(db: Db, companyId: number, id: number) {
  return userWithTeam(db, companyId, id)
    .where('u.role', 'in', [ROLES.manager, ROLES.dispatcher])
    .where('u.status', '<>', 'Fired')
    .executeTakeFirst();
}

/** The team of any user of the company. */
export async function findUserTeam(db: Db, companyId: number, id: number) {
  return userWithTeam(db, companyId, id).executeTakeFirst();
}
