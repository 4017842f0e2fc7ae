import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamDetail } from '@app/domain/teams/teams.schema';
import { http } from '@/lib/api';
import { useAfterTeamChange } from './team-cache';
import { teamsQueryKeys } from './teams-query-keys';

export const changeSubgroupUsersPath = (id: number) => `/backend/api/v2/subgroups/${id}/change-users`;

/**
 * PUT subgroups/{id}/change-users {users_id}: the subgroup's whole member list. A person moved from another
 * team leaves it, so every team page cached is asked again too.
 */
export function useChangeSubgroupUsers() {
  const after = useAfterTeamChange();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, users_id }: { id: number; users_id: number[] }) =>
      http.put<TeamDetail>(changeSubgroupUsersPath(id), { users_id }),
    onSuccess: async (team) => {
      await after(team);
      await queryClient.invalidateQueries({
        queryKey: teamsQueryKeys.all,
        predicate: (query) => query.queryKey[2] !== team.id,
      });
    },
  });
}
