import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DispatcherList } from '@app/domain/dashboard/dashboard.schema';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import { DASHBOARD_API, dashboardQueryKeys, SHOWN_BY_THE_BLOCKS } from './dashboard-query-keys';

/** GET dashboard/dispatchers/all: one page of dispatchers with their loads, gross, margin and bids. */
export function fetchDispatcherFigures(query: QueryParams, signal?: AbortSignal) {
  return http.get<DispatcherList>(`${DASHBOARD_API}/dispatchers/all`, {
    query,
    signal,
    quietStatuses: SHOWN_BY_THE_BLOCKS,
  });
}

export function useDispatcherFigures(query: QueryParams) {
  return useQuery(
    queryOptions({
      queryKey: dashboardQueryKeys.dispatchers(query),
      queryFn: ({ signal }) => fetchDispatcherFigures(query, signal),
      // The numbers stay while another period or team is fetched, so the blocks do not jump.
      placeholderData: keepPreviousData,
    }),
  );
}
