import type { TeamCounts, TeamDetail, TeamMember } from './teams.schema';

// The rules of teams that both the server and the web apply: when a team (or subgroup) still holds work,
// how a refusal's counts read, and how a team's people fall into its subgroups on the teams page.

/** A team or subgroup holds work while it has open loads, vehicles or people; then it is not deleted bare. */
export function holdsWork(counts: Partial<TeamCounts>): boolean {
  return (counts.loads ?? 0) + (counts.vehicles ?? 0) + (counts.users ?? 0) > 0;
}

/**
 * The counts a team_not_empty / subgroup_not_empty refusal names in its fields ({ loads: ['3'], ... }),
 * as numbers; a missing or unreadable one is 0 (a subgroup names no vehicles).
 */
export function countsOfRefusal(fields: Record<string, readonly string[]> | undefined): TeamCounts {
  const read = (name: keyof TeamCounts) => {
    const value = Number(fields?.[name]?.[0]);
    return Number.isInteger(value) && value >= 0 ? value : 0;
  };
  return { loads: read('loads'), vehicles: read('vehicles'), users: read('users') };
}

export type SubgroupBranch = {
  subgroup: TeamDetail['subgroups'][number];
  members: TeamMember[];
};

/**
 * A team's tree: each subgroup with its members, in the team's order of subgroups, and the members outside
 * every subgroup (`unassigned`). Members are listed by last and first name.
 */
export function teamTree(team: Pick<TeamDetail, 'subgroups' | 'members'>): {
  branches: SubgroupBranch[];
  unassigned: TeamMember[];
} {
  const byName = (a: TeamMember, b: TeamMember) =>
    a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name) || a.id - b.id;
  const known = new Set(team.subgroups.map((subgroup) => subgroup.id));
  return {
    branches: team.subgroups.map((subgroup) => ({
      subgroup,
      members: team.members.filter((member) => member.subgroup_id === subgroup.id).sort(byName),
    })),
    unassigned: team.members
      .filter((member) => member.subgroup_id === null || !known.has(member.subgroup_id))
      .sort(byName),
  };
}

/**
 * The members of a subgroup after one person moves into it (`join`) or out of it: the users_id that PUT
 * subgroups/{id}/change-users takes, which sets the whole list.
 */
export function subgroupUsersAfterMove(usersId: readonly number[], userId: number, join: boolean): number[] {
  const rest = usersId.filter((id) => id !== userId);
  return join ? [...rest, userId] : rest;
}
