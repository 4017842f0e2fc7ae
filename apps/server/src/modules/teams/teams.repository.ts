import type { Db } from '../../db/types';

export type WorkingGroupRow = { id: number; group_name: string; group_lead_id: number | null };
export type SubgroupRow = {
  id: number;
  working_group_id: number;
  name: string;
  subgroup_lead_id: number | null;
};
export type SubgroupMemberRow = { subgroup_id: number; user_id: number };

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
