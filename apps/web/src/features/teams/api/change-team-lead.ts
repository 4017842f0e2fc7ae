import { useMutation } from '@tanstack/react-query';
import type { TeamDetail } from '@app/domain/teams/teams.schema';
import { http } from '@/lib/api';
import { useAfterTeamChange } from './team-cache';

export const changeTeamLeadPath = (id: number) => `/backend/api/v2/working-groups/${id}/change-responsible`;

/** PUT working-groups/{id}/change-responsible {group_lead}; null takes the lead away. */
export function useChangeTeamLead() {
  const after = useAfterTeamChange();
  return useMutation({
    mutationFn: ({ id, group_lead }: { id: number; group_lead: number | null }) =>
      http.put<TeamDetail>(changeTeamLeadPath(id), { group_lead }, { quietStatuses: [400] }),
    onSuccess: after,
  });
}
