import type { TeamSummary } from '@app/domain/teams/teams.schema';
import type { DeleteTarget } from './delete-dialog';
import type { LeadTarget } from './team-dialogs';

/** The one dialog the teams page shows at a time. */
export type TeamDialog =
  | { kind: 'createTeam' }
  | { kind: 'rename'; team: { id: number; name: string } }
  | { kind: 'lead'; target: LeadTarget }
  | { kind: 'subgroup'; team: { id: number; name: string } }
  | { kind: 'delete'; target: DeleteTarget }
  | { kind: 'addPerson'; subgroup: { id: number; name: string; users_id: number[] } };

export type OpenTeamDialog = (dialog: TeamDialog) => void;

/** A subgroup's name as shown: its own, or "Subgroup 12" when it has none. */
export function subgroupLabel(
  subgroup: { id: number; name: string },
  unnamed: (id: number) => string,
): string {
  return subgroup.name.trim() || unnamed(subgroup.id);
}

/** Where a person may be moved: every subgroup of every team, named "Team › Subgroup". */
export function subgroupDestinations(
  teams: readonly TeamSummary[],
  unnamed: (id: number) => string,
): { id: number; teamId: number; label: string; users_id: number[] }[] {
  return teams.flatMap((team) =>
    team.subgroups.map((subgroup) => ({
      id: subgroup.id,
      teamId: team.id,
      label: `${team.name} › ${subgroupLabel(subgroup, unnamed)}`,
      users_id: subgroup.users_id,
    })),
  );
}
