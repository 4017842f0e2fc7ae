import { sql } from 'kysely';
import type { Db, Row } from '../../db/types';

// Reading teams (working_groups, subgroups and their members) of one company. Every query is scoped to the
// company through working_groups.company_id (or users.company_id for people).

export type WorkingGroupRow = Pick<Row<'working_groups'>, 'id' | 'group_name' | 'group_lead_id'>;
export type SubgroupRow = Pick<Row<'subgroups'>, 'id' | 'working_group_id' | 'name' | 'subgroup_lead_id'>;
export type SubgroupMemberRow = Row<'subgroup_members'>;
export type TeamMemberRow = Pick<Row<'users'>, 'id' | 'first_name' | 'last_name' | 'role'> & {
  subgroup_id: number | null;
};

export async function findWorkingGroups(db: Db, companyId: number): Promise<WorkingGroupRow[]> {
  return db
    .selectFrom('working_groups')
    .select(['id', 'group_name', 'group_lead_id'])
    .where('company_id', '=', companyId)
    .orderBy('group_name')
    .orderBy('id')
    .execute();
}

/** The subgroups of the company's teams, or of one team. */
export async function findSubgroups(
  db: Db,
  companyId: number,
  workingGroupId?: number,
): Promise<SubgroupRow[]> {
  let query = db
    .selectFrom('subgroups as s')
    .innerJoin('working_groups as g', 'g.id', 's.working_group_id')
    .select(['s.id', 's.working_group_id', 's.name', 's.subgroup_lead_id'])
    .where('g.company_id', '=', companyId);
  if (workingGroupId !== undefined) query = query.where('g.id', '=', workingGroupId);
  return query.orderBy('s.id').execute();
}

/** The members of the subgroups of the company's teams, or of one team. */
export async function findSubgroupMembers(
  db: Db,
  companyId: number,
  workingGroupId?: number,
): Promise<SubgroupMemberRow[]> {
  let query = db
    .selectFrom('subgroup_members as m')
    .innerJoin('subgroups as s', 's.id', 'm.subgroup_id')
    .innerJoin('working_groups as g', 'g.id', 's.working_group_id')
    .select(['m.subgroup_id', 'm.user_id'])
    .where('g.company_id', '=', companyId);
  if (workingGroupId !== undefined) query = query.where('g.id', '=', workingGroupId);
  return query.orderBy('m.user_id').execute();
}

/** A team of the company, unlocked (reads). */
export async function findWorkingGroup(
  db: Db,
  companyId: number,
  id: number,
): Promise<WorkingGroupRow | undefined> {
  return db
    .selectFrom('working_groups')
    .select(['id', 'group_name', 'group_lead_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A team of the company, locked for the change that reads it (two changes of one team run one after the other). */
export async function lockWorkingGroup(
  db: Db,
  companyId: number,
  id: number,
): Promise<WorkingGroupRow | undefined> {
  return db
    .selectFrom('working_groups')
    .select(['id', 'group_name', 'group_lead_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** A subgroup of one of the company's teams, locked for the change that reads it. */
export async function lockSubgroup(db: Db, companyId: number, id: number): Promise<SubgroupRow | undefined> {
  return db
    .selectFrom('subgroups as s')
    .innerJoin('working_groups as g', 'g.id', 's.working_group_id')
    .select(['s.id', 's.working_group_id', 's.name', 's.subgroup_lead_id'])
    .where('g.company_id', '=', companyId)
    .where('s.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The people of each team of the company by team id: its user rows, member rows and subgroup members,
 * each person counted once.
 */
export async function countPeopleByTeam(db: Db, companyId: number): Promise<Map<number, number>> {
  const result = await sql<{ working_group_id: string; count: string }>`
    SELECT p.working_group_id, count(DISTINCT p.user_id) AS count FROM (
      SELECT u.working_group_id, u.id AS user_id FROM users u
        JOIN working_groups g ON g.id = u.working_group_id
        WHERE g.company_id = ${companyId} AND u.company_id = ${companyId}
      UNION
      SELECT m.working_group_id, m.user_id FROM working_group_members m
        JOIN working_groups g ON g.id = m.working_group_id WHERE g.company_id = ${companyId}
      UNION
      SELECT s.working_group_id, sm.user_id FROM subgroup_members sm
        JOIN subgroups s ON s.id = sm.subgroup_id
        JOIN working_groups g ON g.id = s.working_group_id WHERE g.company_id = ${companyId}
    ) p GROUP BY p.working_group_id`.execute(db);
  return new Map(result.rows.map((row) => [Number(row.working_group_id), Number(row.count)]));
}

/** The people of one team (see team-members.repository.ts) with their subgroup in it, by name. */
export async function findTeamMembers(
  db: Db,
  companyId: number,
  workingGroupId: number,
  userIds: readonly number[],
): Promise<TeamMemberRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.role',
      eb
        .selectFrom('subgroup_members as sm')
        .innerJoin('subgroups as s', 's.id', 'sm.subgroup_id')
        .select('sm.subgroup_id')
        .whereRef('sm.user_id', '=', 'u.id')
        .where('s.working_group_id', '=', workingGroupId)
        .orderBy('sm.subgroup_id')
        .limit(1)
        .as('subgroup_id'),
    ])
    .where('u.company_id', '=', companyId)
    .where('u.id', 'in', [...userIds])
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .orderBy('u.id')
    .execute();
}

/** The full names of these users of the company, by id. */
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
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, `${row.first_name} ${row.last_name}`.trim()]));
}
