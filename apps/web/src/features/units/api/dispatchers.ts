import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/api';
import { unitsQueryKeys } from './units-query-keys';

export type Dispatcher = { id: number; first_name: string; last_name: string; role: number | null };

/** GET /backend/api/users/my/?dispatchers=true: the company's dispatchers and managers. */
export function fetchDispatchers(signal?: AbortSignal) {
  return http.get<Dispatcher[]>('/backend/api/users/my/', {
    query: { dispatchers: true },
    signal,
    silent: true,
  });
}

export const dispatchersQueryOptions = queryOptions({
  queryKey: unitsQueryKeys.dispatchers,
  queryFn: ({ signal }) => fetchDispatchers(signal),
  staleTime: 5 * 60_000,
});

export function useDispatchers() {
  return useQuery(dispatchersQueryOptions);
}
