import { useQueryClient } from '@tanstack/react-query';
import type { TeamDetail } from '@app/domain/teams/teams.schema';
import { teamLookupKeys } from '@/lib/team-lookups';
import { teamsQueryKeys } from './teams-query-keys';

/**
 * After a change: the answered team replaces its cached page at once, and every teams cache (this page's
 * list and the shell's filters) is asked again. The event that other users receive does the same.
 */
export function useAfterTeamChange() {
  const queryClient = useQueryClient();
  return async (team?: TeamDetail) => {
    if (team) queryClient.setQueryData(teamsQueryKeys.detail(team.id), team);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: teamsQueryKeys.list }),
      queryClient.invalidateQueries({ queryKey: teamLookupKeys.workingGroups }),
      ...(team ? [] : [queryClient.invalidateQueries({ queryKey: teamsQueryKeys.all })]),
    ]);
  };
}
