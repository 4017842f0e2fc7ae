import type { Db, Row } from '../../db/types';

export type WorkingGroupRow = Pick<Row<'working_groups'>, 'id' | 'group_name' | 'group_lead_id'>;
export type SubgroupRow = Pick<Row<'subgroups'>, 'id' | 'working_group_id' | 'name' | 'subgroup_lead_id'>;
export type SubgroupMemberRow = Row<'subgroup_members'>;

export async function findWorkingGroups(db: Db, companyId: number): Promise<WorkingGroupRow[]> {
  return db
    .selectFrom('working_groups')
    .select(['id', 'group_name', 'group_lead_id'])
    .where('company_id', '=', companyId)
    .orderBy('group_name')
    .orderBy('id')
    .execute();
}

export async function findSubgroups(db: Db, companyId: number): Promise<SubgroupRow[]> {
  return db
    .selectFrom('subgroups as s')
    .innerJoin('working_groups as g', 'g.id', 's.working_group_id')
    .select(['s.id', 's.working_group_id', 's.name', 's.subgroup_lead_id'])
    .where('g.company_id', '=', companyId)
    .orderBy('s.id')
    .execute();
}

export async function findSubgroupMembers(db: Db, companyId: number): Promise<SubgroupMemberRow[]> {
  return db
    .selectFrom('subgroup_members as m')
    .innerJoin('subgroups as s', 's.id', 'm.subgroup_id')
    .innerJoin('working_groups as g', 'g.id', 's.working_group_id')
    .select(['m.subgroup_id', 'm.user_id'])
    .where('g.company_id', '=', companyId)
    .orderBy('m.user_id')
    .execute();
}
