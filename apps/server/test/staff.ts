import type { App } from '../src/app';
import type { Db } from '../src/db/types';
import { login, type Session } from './auth-helpers';
import { createUser, createWorkingGroup, type TestUser, type UserOptions } from './factories';

type StaffRoleId = 3 | 4 | 5 | 6 | 7 | 8 | 13;

/** The roles of a carrier's office by the names the tests give them. */
export const STAFF_ROLES = {
  admin: 3,
  manager: 4,
  dispatcher: 5,
  tracker: 6,
  accountant: 7,
  hr: 8,
} as const satisfies Record<string, StaffRoleId>;

/** The office and the conflict manager, who rates and blacklists brokers. */
export const STAFF_AND_CONFLICT_MANAGER = { ...STAFF_ROLES, conflictManager: 13 } as const;

export type Staff<Name extends string> = {
  users: Record<Name, TestUser>;
  sessions: Record<Name, Session>;
};

/** One signed-in user of each role in the company; `userOptions` may name them. */
export async function createStaff<Name extends string>(
  db: Db,
  app: App,
  companyId: number,
  roles: Record<Name, StaffRoleId>,
  userOptions: (name: Name) => Omit<UserOptions, 'companyId' | 'role'> = () => ({}),
): Promise<Staff<Name>> {
  const users = {} as Record<Name, TestUser>;
  const sessions = {} as Record<Name, Session>;
  for (const [name, role] of Object.entries(roles) as [Name, StaffRoleId][]) {
    users[name] = await createUser(db, { ...userOptions(name), companyId, role });
    sessions[name] = await login(app, users[name].email, users[name].password);
  }
  return { users, sessions };
}

/**
 * The dispatch team: led by the manager, with a subgroup led by the dispatcher that holds the dispatcher;
 * the manager and the dispatcher belong to the team (users.working_group_id).
 */
export async function createDispatchTeam(
  db: Db,
  companyId: number,
  staff: { manager: { id: number }; dispatcher: { id: number } },
  memberIds: number[] = [staff.dispatcher.id],
): Promise<{ id: number; subgroupId: number }> {
  const group = await createWorkingGroup(db, {
    companyId,
    leadId: staff.manager.id,
    memberIds,
    subgroups: [{ leadId: staff.dispatcher.id, memberIds: [staff.dispatcher.id] }],
  });
  await db
    .updateTable('users')
    .set({ working_group_id: group.id })
    .where('id', 'in', [staff.dispatcher.id, staff.manager.id])
    .execute();
  return { id: group.id, subgroupId: group.subgroupIds[0]! };
}
