import type { Db } from '../../db/types';
import type { CompanyCaller } from '../auth/caller';
import * as repository from './teams.repository';

export type SubgroupSummary = {
  id: number;
  name: string;
  /** The subgroup lead's user id (the spec's `lead`, from subgroup_lead). */
  lead: number | null;
  subgroup_lead: number | null;
  users_id: number[];
};

export type WorkingGroupSummary = {
  id: number;
  /** The spec's team name, from group_name. */
  name: string;
  group_name: string;
  group_lead: number | null;
  subgroups: SubgroupSummary[];
};

export type TeamsService = ReturnType<typeof createTeamsService>;

export function createTeamsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** Every working group of the caller's company with its subgroups and their members: three queries. */
    async allWorkingGroups(caller: CompanyCaller): Promise<WorkingGroupSummary[]> {
      const [groups, subgroups, members] = await Promise.all([
        repository.findWorkingGroups(db, caller.companyId),
        repository.findSubgroups(db, caller.companyId),
        repository.findSubgroupMembers(db, caller.companyId),
      ]);
      const membersBySubgroup = new Map<number, number[]>();
      for (const member of members) {
        const list = membersBySubgroup.get(member.subgroup_id) ?? [];
        list.push(member.user_id);
        membersBySubgroup.set(member.subgroup_id, list);
      }
      const subgroupsByGroup = new Map<number, SubgroupSummary[]>();
      for (const subgroup of subgroups) {
        const list = subgroupsByGroup.get(subgroup.working_group_id) ?? [];
        list.push({
          id: subgroup.id,
          name: subgroup.name,
          lead: subgroup.subgroup_lead_id,
          subgroup_lead: subgroup.subgroup_lead_id,
          users_id: membersBySubgroup.get(subgroup.id) ?? [],
        });
        subgroupsByGroup.set(subgroup.working_group_id, list);
      }
      return groups.map((group) => ({
        id: group.id,
        name: group.group_name,
        group_name: group.group_name,
        group_lead: group.group_lead_id,
        subgroups: subgroupsByGroup.get(group.id) ?? [],
      }));
    },
  };
}
