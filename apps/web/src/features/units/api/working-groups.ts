import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/api';
import { UNITS_API, unitsQueryKeys } from './units-query-keys';

export type Subgroup = { id: number; name: string };
export type WorkingGroup = { id: number; name: string; group_name: string; subgroups: Subgroup[] };

/** GET working-groups/all: the company's teams with their subgroups, for the team filter. */
export function fetchWorkingGroups(signal?: AbortSignal) {
  return http.get<WorkingGroup[]>(`${UNITS_API}/working-groups/all`, { signal, silent: true });
}

export const workingGroupsQueryOptions = queryOptions({
  queryKey: unitsQueryKeys.workingGroups,
  queryFn: ({ signal }) => fetchWorkingGroups(signal),
  staleTime: 5 * 60_000,
});

export function useWorkingGroups() {
  return useQuery(workingGroupsQueryOptions);
}
