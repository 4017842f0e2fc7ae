import { useMutation } from '@tanstack/react-query';
import type { TeamDetail } from '@app/domain/teams/teams.schema';
import { http } from '@/lib/api';
import { useAfterTeamChange } from './team-cache';

export const renameTeamPath = (id: number) => `/backend/api/v2/working-groups/${id}/update`;

/** PUT working-groups/{id}/update {group_name}. */
export function useRenameTeam() {
  const after = useAfterTeamChange();
  return useMutation({
    mutationFn: ({ id, group_name }: { id: number; group_name: string }) =>
      http.put<TeamDetail>(renameTeamPath(id), { group_name }, { quietStatuses: [400] }),
    onSuccess: after,
  });
}
