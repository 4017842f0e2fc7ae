import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/api';
import { loadQueryKeys } from './load-query-keys';

export type Dispatcher = { id: number; first_name: string; last_name: string; role: number | null };

export const DISPATCHERS_PATH = '/backend/api/users/my/';

/** GET users/my/?dispatchers=true&wg={id}: the dispatchers and managers, of one team when given. */
export function fetchDispatchers(workingGroup: number | null, signal?: AbortSignal) {
  return http.get<Dispatcher[]>(DISPATCHERS_PATH, {
    query: { dispatchers: true, wg: workingGroup },
    signal,
    silent: true,
  });
}

export function dispatchersQueryOptions(workingGroup: number | null) {
  return queryOptions({
    queryKey: loadQueryKeys.dispatchers(workingGroup),
    queryFn: ({ signal }) => fetchDispatchers(workingGroup, signal),
    staleTime: 5 * 60_000,
  });
}

export function useDispatchers(workingGroup: number | null, enabled = true) {
  return useQuery({ ...dispatchersQueryOptions(workingGroup), enabled });
}
