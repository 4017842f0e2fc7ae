import { setMemberTeam } from './team-membership';
import { createTeamChanges } from './teams.changes';
import { createTeamDeletes } from './teams.delete';
import type { TeamsDeps } from './teams.deps';
import { createTeamReads } from './teams.reads';

// Teams (working groups) and their subgroups, one file per group of use cases:
//   teams.reads.ts        every team (GET working-groups/all), one team, the pickers' names
//   teams.changes.ts      create, rename, leads, subgroups and their members
//   teams.delete.ts       deleting a team or subgroup, moving its loads, vehicles and people first
//   team-membership.ts    a person's team and subgroup, set in another module's transaction (users)
// Reads are for any staff, changes for admins and managers (the domain's TEAMS_ROLES, checked by the
// routes). Every change publishes update_working_groups { ids } after its commit; the web asks its teams
// again on it (the shell keeps the teams it fetched and fetches them only when it has none).
//
// A person's team lives in users.working_group_id, working_group_members and subgroup_members, which the
// teams module alone writes and keeps in step (team-members.repository.ts). Loads and vehicles carry a team
// too; they are the loads' and units' tables, counted and moved through those services, in the teams
// transaction.

export type { TeamsDeps } from './teams.deps';
export { setMemberTeam } from './team-membership';

export type TeamsService = ReturnType<typeof createTeamsService>;

export function createTeamsService(deps: TeamsDeps) {
  const reads = createTeamReads(deps);
  return {
    /** A person's team and subgroup, in the caller's transaction; answers the events for its outbox. */
    setMemberTeam,
    ...reads,
    ...createTeamChanges(deps, reads),
    ...createTeamDeletes(deps),
  };
}
