import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamDetail } from '@app/domain/teams/teams.schema';
import { http } from '@/lib/api';
import { teamsQueryKeys } from './teams-query-keys';

export const teamPath = (id: number) => `/backend/api/v2/working-groups/${id}`;

/** GET working-groups/{id}: one team with its members, lead names and counts. */
export function teamDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: teamsQueryKeys.detail(id),
    queryFn: ({ signal }) => http.get<TeamDetail>(teamPath(id), { signal }),
  });
}

export function useTeamDetail(id: number, enabled = true) {
  return useQuery({ ...teamDetailQueryOptions(id), enabled });
}
