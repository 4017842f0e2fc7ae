import type { App } from '../../app';
import type { Db } from '../../db/types';
import { createCompany, type TestCompany } from '../../../test/factories';
import { createStaff, STAFF_ROLES, type Staff } from '../../../test/staff';

// What the teams tests share: two companies with a signed-in user of each office role.

export const API = '/backend/api/v2';

export type TeamsWorld = {
  company: TestCompany;
  other: TestCompany;
  staff: Staff<keyof typeof STAFF_ROLES>;
  otherStaff: Staff<'admin'>;
};

export async function createTeamsWorld(db: Db, app: App): Promise<TeamsWorld> {
  const company = await createCompany(db);
  const other = await createCompany(db);
  const staff = await createStaff(db, app, company.id, STAFF_ROLES);
  const otherStaff = await createStaff(db, app, other.id, { admin: STAFF_ROLES.admin });
  return { company, other, staff, otherStaff };
}

/** Who is in which team and subgroup, as the three places that keep it say. */
export async function membershipOf(db: Db, userId: number) {
  const user = await db
    .selectFrom('users')
    .select('working_group_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const teams = await db
    .selectFrom('working_group_members')
    .select('working_group_id')
    .where('user_id', '=', userId)
    .orderBy('working_group_id')
    .execute();
  const subgroups = await db
    .selectFrom('subgroup_members')
    .select('subgroup_id')
    .where('user_id', '=', userId)
    .orderBy('subgroup_id')
    .execute();
  return {
    working_group_id: user.working_group_id,
    member_of: teams.map((row) => row.working_group_id),
    subgroups: subgroups.map((row) => row.subgroup_id),
  };
}
