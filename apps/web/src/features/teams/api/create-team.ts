import { useMutation } from '@tanstack/react-query';
import type { CreateTeamBody, TeamDetail } from '@app/domain/teams/teams.schema';
import { http } from '@/lib/api';
import { useAfterTeamChange } from './team-cache';

export const CREATE_TEAM_PATH = '/backend/api/v2/working-groups/create';

/** POST working-groups/create; a refusal is shown in the dialog (400 is quiet). */
export function useCreateTeam() {
  const after = useAfterTeamChange();
  return useMutation({
    mutationFn: (body: CreateTeamBody) =>
      http.post<TeamDetail>(CREATE_TEAM_PATH, body, { quietStatuses: [400] }),
    onSuccess: after,
  });
}
