import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/api';
import { loadQueryKeys } from './load-query-keys';

export type Subgroup = { id: number; name: string };
export type WorkingGroup = { id: number; name: string; group_name: string; subgroups: Subgroup[] };

export const WORKING_GROUPS_PATH = '/backend/api/v2/working-groups/all';

/** GET working-groups/all: the company's teams with their subgroups, for the team filter. */
export function fetchWorkingGroups(signal?: AbortSignal) {
  return http.get<WorkingGroup[]>(WORKING_GROUPS_PATH, { signal, silent: true });
}

export const workingGroupsQueryOptions = queryOptions({
  queryKey: loadQueryKeys.workingGroups,
  queryFn: ({ signal }) => fetchWorkingGroups(signal),
  staleTime: 5 * 60_000,
});

export function useWorkingGroups() {
  return useQuery(workingGroupsQueryOptions);
}
