import { useMutation } from '@tanstack/react-query';
import type { TeamDetail } from '@app/domain/teams/teams.schema';
import { http } from '@/lib/api';
import { useAfterTeamChange } from './team-cache';

export const CREATE_SUBGROUP_PATH = '/backend/api/v2/working-groups/subgroups/create';

export type CreateSubgroupInput = { working_group: number; name: string; subgroup_lead: number | null };

/** POST working-groups/subgroups/create; answers the team with its new subgroup. */
export function useCreateSubgroup() {
  const after = useAfterTeamChange();
  return useMutation({
    mutationFn: (body: CreateSubgroupInput) =>
      http.post<TeamDetail>(CREATE_SUBGROUP_PATH, body, { quietStatuses: [400] }),
    onSuccess: after,
  });
}
