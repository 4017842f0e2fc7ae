import { useMutation } from '@tanstack/react-query';
import type { TeamDetail } from '@app/domain/teams/teams.schema';
import { http } from '@/lib/api';
import { useAfterTeamChange } from './team-cache';

export const changeSubgroupLeadPath = (id: number) => `/backend/api/v2/subgroups/${id}/change-responsible`;

/** PUT subgroups/{id}/change-responsible {subgroup_lead}; null takes the lead away. */
export function useChangeSubgroupLead() {
  const after = useAfterTeamChange();
  return useMutation({
    mutationFn: ({ id, subgroup_lead }: { id: number; subgroup_lead: number | null }) =>
      http.put<TeamDetail>(changeSubgroupLeadPath(id), { subgroup_lead }, { quietStatuses: [400] }),
    onSuccess: after,
  });
}
