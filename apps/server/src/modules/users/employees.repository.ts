import { ROLES, STAFF_ROLE_IDS } from '@app/domain/common/lookups';
import type { EmployeeListQuery } from '@app/domain/users/employees.schema';
import { sql } from 'kysely';
import type { Db, Row, RowUpdate } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';

// The company's office staff (roles 3-8 and 13) as the people page lists and changes them. Only the users
// table: a person's team and subgroup are written by the teams service, their loads and vehicles by the
// loads and units services, their sign-ins by the auth service.

export type EmployeeRow = Pick<
  Row<'users'>,
  | 'id'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone_number'
  | 'role'
  | 'status'
  | 'working_group_id'
  | 'created_at'
>;

const EMPLOYEE_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'role',
  'status',
  'working_group_id',
  'created_at',
] as const;

/** `%text%` for ILIKE, with its wildcards escaped. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function staffOf(db: Db, companyId: number) {
  return db.selectFrom('users').where('company_id', '=', companyId).where('role', 'in', STAFF_ROLE_IDS);
}

/** One page of the company's staff by the filters, by name; and how many match. Two queries. */
export async function findEmployeePage(
  db: Db,
  companyId: number,
  query: Omit<EmployeeListQuery, 'page' | 'limit'>,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: EmployeeRow[] }> {
  let base = staffOf(db, companyId);
  if (query.role !== undefined) base = base.where('role', '=', query.role);
  if (query.status !== undefined) base = base.where('status', '=', query.status);
  if (query.working_group !== undefined) base = base.where('working_group_id', '=', query.working_group);
  if (query.text !== undefined) {
    const pattern = likePattern(query.text);
    base = base.where((eb) =>
      eb.or([
        eb(sql<string>`concat_ws(' ', first_name, last_name)`, 'ilike', pattern),
        eb('email', 'ilike', pattern),
        eb('phone_number', 'ilike', pattern),
      ]),
    );
  }
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    base
      .select(EMPLOYEE_COLUMNS)
      .orderBy('first_name')
      .orderBy('last_name')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { count: Number(total.count), rows };
}

/** One staff member of the company, as listed; undefined when the company has no such staff member. */
export async function findEmployee(db: Db, companyId: number, id: number): Promise<EmployeeRow | undefined> {
  return staffOf(db, companyId).select(EMPLOYEE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** A staff member of the company locked until the transaction ends. */
export async function lockEmployee(
  trx: Trx,
  companyId: number,
  id: number,
): Promise<EmployeeRow | undefined> {
  return staffOf(trx, companyId).select(EMPLOYEE_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * How many active admins the company has, their rows locked until the transaction ends: two admins
 * demoting or dismissing each other at once are decided one after the other, so one of them stays.
 */
export async function lockActiveAdmins(trx: Trx, companyId: number): Promise<number> {
  const rows = await trx
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('role', '=', ROLES.admin)
    .where('status', '=', 'Active')
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.length;
}

/** An active manager or dispatcher of the company: who may take over a dismissed user's loads and vehicles. */
export async function findActiveColleague(trx: Trx, companyId: number, id: number) {
  return trx
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('role', 'in', [ROLES.manager, ROLES.dispatcher])
    .where('status', '=', 'Active')
    .executeTakeFirst();
}

export async function updateEmployee(
  trx: Trx,
  companyId: number,
  id: number,
  values: Pick<RowUpdate<'users'>, 'first_name' | 'last_name' | 'role' | 'status' | 'updated_at'>,
): Promise<void> {
  await trx
    .updateTable('users')
    .set(values)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}
