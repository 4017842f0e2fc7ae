import type { Employee } from '@app/domain/users/employees.schema';
import type { App } from '../../app';
import type { Db } from '../../db/types';
import type { Session } from '../../../test/auth-helpers';
import { createCompany, createUser, createWorkingGroup, type TestCompany } from '../../../test/factories';
import { createStaff, STAFF_AND_CONFLICT_MANAGER, type Staff } from '../../../test/staff';

// The world of the people page's tests: a carrier with one signed-in user of each office role and a team
// with a subgroup, and another carrier with its own staff.

export const USERS_API = '/backend/api/v2/users';

export type StaffName = keyof typeof STAFF_AND_CONFLICT_MANAGER;

export type EmployeesWorld = Staff<StaffName> & {
  company: TestCompany;
  team: { id: number; name: string; subgroupId: number; subgroupName: string };
  other: TestCompany & Staff<StaffName>;
};

export async function createEmployeesWorld(db: Db, app: App): Promise<EmployeesWorld> {
  const company = await createCompany(db);
  const staff = await createStaff(db, app, company.id, STAFF_AND_CONFLICT_MANAGER, (name) => ({
    first_name: `Staff${name}`,
    last_name: 'Carrier',
  }));
  const teamName = 'East Team';
  const subgroupName = 'Night Desk';
  const group = await createWorkingGroup(db, {
    companyId: company.id,
    name: teamName,
    leadId: staff.users.manager.id,
    memberIds: [staff.users.dispatcher.id],
    subgroups: [{ name: subgroupName, memberIds: [staff.users.dispatcher.id] }],
  });
  await db
    .updateTable('users')
    .set({ working_group_id: group.id })
    .where('id', '=', staff.users.dispatcher.id)
    .execute();
  const otherCompany = await createCompany(db);
  const otherStaff = await createStaff(db, app, otherCompany.id, STAFF_AND_CONFLICT_MANAGER);
  return {
    company,
    ...staff,
    team: { id: group.id, name: teamName, subgroupId: group.subgroupIds[0]!, subgroupName },
    other: { ...otherCompany, ...otherStaff },
  };
}

/** A request of a session through the app. */
export async function send<Body = unknown>(
  app: App,
  session: Session,
  method: 'GET' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
) {
  const response = await app.inject({
    method,
    url: `${USERS_API}/${path}`,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json<Body>() };
}

/** A staff member of the company, signed out, for a test that changes them. */
export async function hire(
  db: Db,
  companyId: number,
  role: 3 | 4 | 5 | 6 | 7 | 8 | 13,
  options: { first_name?: string; last_name?: string; email?: string } = {},
) {
  return createUser(db, { companyId, role, ...options });
}

export type EmployeeList = { count: number; results: Employee[] };
