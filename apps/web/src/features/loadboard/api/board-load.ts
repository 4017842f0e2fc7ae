import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BoardLoad } from '@app/domain/loadboard/loadboard.schema';
import { ApiError } from '@/lib/api-error';
import { fetchLoadboard } from './loadboard-list';
import { loadboardQueryKeys } from './loadboard-query-keys';

/**
 * One board load for the detail (/loadboard/{id}): the board itself narrowed to the id (loads_id), as
 * board loads are kept out of the load reads. A load no longer on the board (booked, withdrawn, expired,
 * another company's) answers a 404-like error the detail explains.
 */
export async function fetchBoardLoad(id: number, signal?: AbortSignal): Promise<BoardLoad> {
  const answer = await fetchLoadboard({ page: 1, limit: 1, loads_id: id }, signal);
  const load = answer.results.find((entry) => entry.id === id);
  if (!load) throw new ApiError({ status: 404, detail: 'Not found', code: 'not_found' });
  return load;
}

export function boardLoadQueryOptions(id: number) {
  return queryOptions({
    queryKey: loadboardQueryKeys.detail(id),
    queryFn: ({ signal }) => fetchBoardLoad(id, signal),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
}

export function useBoardLoad(id: number) {
  return useQuery(boardLoadQueryOptions(id));
}
