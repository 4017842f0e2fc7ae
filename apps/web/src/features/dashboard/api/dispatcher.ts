import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DispatcherDashboard } from '@app/domain/dashboard/dashboard.schema';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import { DASHBOARD_API, dashboardQueryKeys, SHOWN_BY_THE_BLOCKS } from './dashboard-query-keys';

/** GET dashboard/dispatcher: the signed-in dispatcher's day and numbers against their team's. */
export function fetchDispatcherDashboard(query: QueryParams, signal?: AbortSignal) {
  return http.get<DispatcherDashboard>(`${DASHBOARD_API}/dispatcher`, {
    query,
    signal,
    quietStatuses: SHOWN_BY_THE_BLOCKS,
  });
}

export function useDispatcherDashboard(query: QueryParams) {
  return useQuery(
    queryOptions({
      queryKey: dashboardQueryKeys.dispatcher(query),
      queryFn: ({ signal }) => fetchDispatcherDashboard(query, signal),
      // The numbers stay while another period or team is fetched, so the blocks do not jump.
      placeholderData: keepPreviousData,
    }),
  );
}
