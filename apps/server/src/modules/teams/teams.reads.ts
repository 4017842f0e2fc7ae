import type { SubgroupSummary, TeamDetail, TeamName, TeamSummary } from '@app/domain/teams/teams.schema';
import type { Db } from '../../db/types';
import { notFound } from '../../http/errors';
import type { CompanyCaller } from '../auth/caller';
import * as members from './team-members.repository';
import type { TeamsDeps } from './teams.deps';
import * as repository from './teams.repository';

// Reading teams: every team with its subgroups (the shell's filters and the teams page), one team with its
// members and lead names, and the pickers' names. Counts: open loads (active and checkout lists) and
// vehicles come from the loads and units services, people are the team's user rows, member rows and
// subgroup members, each counted once. A fixed number of queries whatever the number of teams.

function subgroupSummaries(
  subgroups: repository.SubgroupRow[],
  memberRows: repository.SubgroupMemberRow[],
): Map<number, SubgroupSummary[]> {
  const membersBySubgroup = new Map<number, number[]>();
  for (const member of memberRows) {
    const list = membersBySubgroup.get(member.subgroup_id) ?? [];
    list.push(member.user_id);
    membersBySubgroup.set(member.subgroup_id, list);
  }
  const byGroup = new Map<number, SubgroupSummary[]>();
  for (const subgroup of subgroups) {
    const list = byGroup.get(subgroup.working_group_id) ?? [];
    list.push({
      id: subgroup.id,
      name: subgroup.name,
      lead: subgroup.subgroup_lead_id,
      subgroup_lead: subgroup.subgroup_lead_id,
      users_id: membersBySubgroup.get(subgroup.id) ?? [],
    });
    byGroup.set(subgroup.working_group_id, list);
  }
  return byGroup;
}

export function createTeamReads(deps: TeamsDeps) {
  const { db, loads, vehicles } = deps;

  /** One team of the caller's company with its subgroups, members, lead names and counts; 404 otherwise. */
  async function detail(caller: CompanyCaller, id: number, reader: Db = db): Promise<TeamDetail> {
    const companyId = caller.companyId;
    const group = await repository.findWorkingGroup(reader, companyId, id);
    if (!group) throw notFound();
    const [subgroups, memberRows, peopleIds, openLoads, vehicleCount] = await Promise.all([
      repository.findSubgroups(reader, companyId, id),
      repository.findSubgroupMembers(reader, companyId, id),
      members.findTeamPeopleIds(reader, companyId, id),
      loads.openLoadsOf(reader, companyId, { kind: 'team', id }),
      vehicles.vehiclesOfTeam(reader, companyId, id),
    ]);
    const [people, names] = await Promise.all([
      repository.findTeamMembers(reader, companyId, id, peopleIds),
      repository.findUserNames(reader, companyId, [
        ...(group.group_lead_id === null ? [] : [group.group_lead_id]),
        ...subgroups.flatMap((subgroup) =>
          subgroup.subgroup_lead_id === null ? [] : [subgroup.subgroup_lead_id],
        ),
      ]),
    ]);
    const nameOf = (userId: number | null) => (userId === null ? null : (names.get(userId) ?? null));
    return {
      id: group.id,
      name: group.group_name,
      group_name: group.group_name,
      group_lead: group.group_lead_id,
      group_lead_name: nameOf(group.group_lead_id),
      subgroups: (subgroupSummaries(subgroups, memberRows).get(id) ?? []).map((subgroup) => ({
        ...subgroup,
        lead_name: nameOf(subgroup.lead),
      })),
      members: people.map((person) => ({
        id: person.id,
        first_name: person.first_name,
        last_name: person.last_name,
        role: person.role,
        subgroup_id: person.subgroup_id,
      })),
      counts: { loads: openLoads, vehicles: vehicleCount, users: peopleIds.length },
    };
  }

  return {
    detail,

    /** Every team of the caller's company with its subgroups, their members and the counts: six queries. */
    async allWorkingGroups(caller: CompanyCaller): Promise<TeamSummary[]> {
      const companyId = caller.companyId;
      const [groups, subgroups, memberRows, people, openLoads, vehicleCounts] = await Promise.all([
        repository.findWorkingGroups(db, companyId),
        repository.findSubgroups(db, companyId),
        repository.findSubgroupMembers(db, companyId),
        repository.countPeopleByTeam(db, companyId),
        loads.openLoadsByTeam(companyId),
        vehicles.vehiclesByTeam(companyId),
      ]);
      const subgroupsByGroup = subgroupSummaries(subgroups, memberRows);
      return groups.map((group) => ({
        id: group.id,
        name: group.group_name,
        group_name: group.group_name,
        group_lead: group.group_lead_id,
        subgroups: subgroupsByGroup.get(group.id) ?? [],
        counts: {
          loads: openLoads.get(group.id) ?? 0,
          vehicles: vehicleCounts.get(group.id) ?? 0,
          users: people.get(group.id) ?? 0,
        },
      }));
    },

    /** The teams' names for pickers, by name. */
    async namesList(caller: CompanyCaller): Promise<TeamName[]> {
      const groups = await repository.findWorkingGroups(db, caller.companyId);
      return groups.map((group) => ({ id: group.id, name: group.group_name }));
    },
  };
}
