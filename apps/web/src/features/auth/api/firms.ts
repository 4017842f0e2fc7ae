import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Firm } from '@app/domain/users/users.schema';
import { http } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const FIRMS_PATH = '/backend/api/users/firms/';

/** The companies a newcomer may ask to join, one row per manager. */
export async function fetchFirms(signal?: AbortSignal): Promise<Firm[]> {
  const answer = await http.get<Firm[] | { results: Firm[] }>(FIRMS_PATH, { signal });
  return Array.isArray(answer) ? answer : answer.results;
}

export const firmsQueryOptions = queryOptions({
  queryKey: queryKeys.firms,
  queryFn: ({ signal }) => fetchFirms(signal),
});

export function useFirms() {
  return useQuery(firmsQueryOptions);
}
