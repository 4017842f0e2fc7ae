import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamSummary } from '@app/domain/teams/teams.schema';
import { http } from '@/lib/api';
import { teamsQueryKeys } from './teams-query-keys';

export const TEAMS_LIST_PATH = '/backend/api/v2/working-groups/all';

/** GET working-groups/all: every team with its subgroups and counts, for the teams page. */
export const teamsListQueryOptions = queryOptions({
  queryKey: teamsQueryKeys.list,
  queryFn: ({ signal }) => http.get<TeamSummary[]>(TEAMS_LIST_PATH, { signal }),
});

export function useTeamsList() {
  return useQuery(teamsListQueryOptions);
}
