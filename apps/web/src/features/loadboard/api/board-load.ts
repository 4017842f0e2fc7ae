import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BoardLoad } from '@app/domain/loadboard/loadboard.schema';
import { http } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { LOADBOARD_API, loadboardQueryKeys } from './loadboard-query-keys';

/**
 * GET loads/loadboard/{id}: one board load for the detail (/loadboard/{id}), in the board's shape; also
 * once it has left the board (board_status booked, withdrawn or expired), which the detail says. Another
 * company's load or a deleted one is a 404, which the detail explains itself (no toast).
 */
export function fetchBoardLoad(id: number, signal?: AbortSignal): Promise<BoardLoad> {
  return http.get<BoardLoad>(`${LOADBOARD_API}/${id}`, { signal, quietStatuses: [404] });
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
