import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Graphs } from '@app/domain/dashboard/dashboard.schema';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import { DASHBOARD_API, dashboardQueryKeys, SHOWN_BY_THE_BLOCKS } from './dashboard-query-keys';

/** GET dashboard/graphs/all: gross, margin and loads per day and per ISO week of the period. */
export function fetchGraphs(query: QueryParams, signal?: AbortSignal) {
  return http.get<Graphs>(`${DASHBOARD_API}/graphs/all`, {
    query,
    signal,
    quietStatuses: SHOWN_BY_THE_BLOCKS,
  });
}

export function useGraphs(query: QueryParams) {
  return useQuery(
    queryOptions({
      queryKey: dashboardQueryKeys.graphs(query),
      queryFn: ({ signal }) => fetchGraphs(query, signal),
      // The numbers stay while another period or team is fetched, so the blocks do not jump.
      placeholderData: keepPreviousData,
    }),
  );
}
