import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LoadboardResponse } from '@app/domain/loadboard/loadboard.schema';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import { LOADBOARD_API, loadboardQueryKeys } from './loadboard-query-keys';

/**
 * GET loads/loadboard: one page of the board with its filters, newest first. A 500 here is silent (the
 * http client's rule for this path): the page shows its own error state instead of a toast.
 */
export function fetchLoadboard(query: QueryParams, signal?: AbortSignal) {
  return http.get<LoadboardResponse>(LOADBOARD_API, { query, signal });
}

export function loadboardQueryOptions(query: QueryParams) {
  return queryOptions({
    queryKey: loadboardQueryKeys.list(query),
    queryFn: ({ signal }) => fetchLoadboard(query, signal),
    // The rows stay while the next page or filter is fetched, so the list does not jump.
    placeholderData: keepPreviousData,
    // New loads arrive by the socket; a refetch on focus would reshuffle what the dispatcher is reading.
    refetchOnWindowFocus: false,
  });
}

export function useLoadboard(query: QueryParams) {
  return useQuery(loadboardQueryOptions(query));
}

/**
 * Whether a load is on the board under these filters, asked of the server (loads_id narrows the page to
 * it): for a live load when a filter the browser cannot apply is set. Answers null when it is not.
 */
export async function checkLoadOnBoard(query: QueryParams, id: number) {
  const answer = await fetchLoadboard({ ...query, page: 1, limit: 1, loads_id: id });
  return answer.results.find((load) => load.id === id) ?? null;
}
