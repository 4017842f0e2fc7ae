import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CountStats } from '@app/domain/dashboard/dashboard.schema';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import { DASHBOARD_API, dashboardQueryKeys, SHOWN_BY_THE_BLOCKS } from './dashboard-query-keys';

/** GET dashboard/count-stats: loads per list and status, the board, bids, vehicles, drivers and owners. */
export function fetchCountStats(query: QueryParams, signal?: AbortSignal) {
  return http.get<CountStats>(`${DASHBOARD_API}/count-stats`, {
    query,
    signal,
    quietStatuses: SHOWN_BY_THE_BLOCKS,
  });
}

export function useCountStats(query: QueryParams) {
  return useQuery(
    queryOptions({
      queryKey: dashboardQueryKeys.countStats(query),
      queryFn: ({ signal }) => fetchCountStats(query, signal),
      // The numbers stay while another period or team is fetched, so the blocks do not jump.
      placeholderData: keepPreviousData,
    }),
  );
}
