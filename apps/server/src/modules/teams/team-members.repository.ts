import type { Db } from '../../db/types';

// Who is in which team. A person's team is kept in three places that must agree: users.working_group_id
// (what the rest of the product reads: the loads a dispatcher books carry it), working_group_members (the
// team's people) and subgroup_members (at most one subgroup of the company, inside that team). The teams
// module is the only writer of all three: users.working_group_id is a team fact stored on the user row, and
// these functions write that one column of users and nothing else of it. Every function is scoped to the
// company through the team's or the user's company_id.

/** The users of the company among `ids` (any status), with their current team. */
export async function findCompanyUsers(db: Db, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'role', 'status', 'working_group_id'])
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .execute();
}

/** The teams a user is recorded in now (the user row and the member rows), to tell them of the change. */
export async function findUserTeamIds(
  db: Db,
  companyId: number,
  userIds: readonly number[],
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('working_groups as g')
    .select('g.id')
    .where('g.company_id', '=', companyId)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('users as u')
            .select('u.id')
            .whereRef('u.working_group_id', '=', 'g.id')
            .where('u.id', 'in', [...userIds]),
        ),
        eb.exists(
          eb
            .selectFrom('working_group_members as m')
            .select('m.user_id')
            .whereRef('m.working_group_id', '=', 'g.id')
            .where('m.user_id', 'in', [...userIds]),
        ),
        eb.exists(
          eb
            .selectFrom('subgroup_members as sm')
            .innerJoin('subgroups as s', 's.id', 'sm.subgroup_id')
            .select('sm.user_id')
            .whereRef('s.working_group_id', '=', 'g.id')
            .where('sm.user_id', 'in', [...userIds]),
        ),
      ]),
    )
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Puts these users of the company in one team (or none) and one of its subgroups (or none): their earlier
 * member rows in every team and subgroup of the company go, the new ones are written, and the user rows
 * name the team.
 */
export async function setUsersTeam(
  db: Db,
  companyId: number,
  userIds: readonly number[],
  team: { workingGroupId: number | null; subgroupId: number | null },
): Promise<void> {
  if (userIds.length === 0) return;
  const ids = [...userIds];
  await db
    .deleteFrom('subgroup_members')
    .where('user_id', 'in', ids)
    .where('subgroup_id', 'in', (eb) =>
      eb
        .selectFrom('subgroups as s')
        .innerJoin('working_groups as g', 'g.id', 's.working_group_id')
        .select('s.id')
        .where('g.company_id', '=', companyId),
    )
    .execute();
  await db
    .deleteFrom('working_group_members')
    .where('user_id', 'in', ids)
    .where('working_group_id', 'in', (eb) =>
      eb.selectFrom('working_groups').select('id').where('company_id', '=', companyId),
    )
    .execute();
  if (team.workingGroupId !== null) {
    const workingGroupId = team.workingGroupId;
    await db
      .insertInto('working_group_members')
      .values(ids.map((userId) => ({ working_group_id: workingGroupId, user_id: userId })))
      .execute();
  }
  if (team.subgroupId !== null) {
    const subgroupId = team.subgroupId;
    await db
      .insertInto('subgroup_members')
      .values(ids.map((userId) => ({ subgroup_id: subgroupId, user_id: userId })))
      .execute();
  }
  await db
    .updateTable('users')
    .set({ working_group_id: team.workingGroupId })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

/** The people of a team: its user rows, its member rows and its subgroups' members. */
export async function findTeamPeopleIds(
  db: Db,
  companyId: number,
  workingGroupId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.company_id', '=', companyId)
    .where((eb) =>
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
            .selectFrom('subgroup_members as sm')
            .innerJoin('subgroups as s', 's.id', 'sm.subgroup_id')
            .select('sm.user_id')
            .where('s.working_group_id', '=', workingGroupId),
        ),
      ]),
    )
    .orderBy('u.id')
    .execute();
  return rows.map((row) => row.id);
}

/** The members of a subgroup of the company. */
export async function findSubgroupPeopleIds(
  db: Db,
  companyId: number,
  subgroupId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('subgroup_members as sm')
    .innerJoin('users as u', 'u.id', 'sm.user_id')
    .select('u.id')
    .where('u.company_id', '=', companyId)
    .where('sm.subgroup_id', '=', subgroupId)
    .orderBy('u.id')
    .execute();
  return rows.map((row) => row.id);
}
