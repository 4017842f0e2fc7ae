import { subgroupUsersAfterMove } from '@app/domain/teams/teams.rules';
import { toastSuccess } from '@/lib/messages';
import { useChangeSubgroupUsers } from '../api/change-subgroup-users';

/** Where a person goes: into a subgroup (with its current members), or out of the one they are in. */
export type MoveDestination =
  | { kind: 'subgroup'; id: number; users_id: number[] }
  | { kind: 'out'; from: { id: number; users_id: number[] } };

/**
 * Moves a person with PUT subgroups/{id}/change-users, which sets a subgroup's whole list: into a subgroup,
 * its list with them added (they leave any other team and subgroup); out of a subgroup, its list without
 * them (they stay in the team).
 */
export function useMoveMember() {
  const change = useChangeSubgroupUsers();
  const move = async (userId: number, to: MoveDestination) => {
    const request =
      to.kind === 'subgroup'
        ? { id: to.id, users_id: subgroupUsersAfterMove(to.users_id, userId, true) }
        : { id: to.from.id, users_id: subgroupUsersAfterMove(to.from.users_id, userId, false) };
    await change.mutateAsync(request);
    toastSuccess();
  };
  return { move, pending: change.isPending };
}
