import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BrokerCountStats } from '@app/domain/dashboard/dashboard.schema';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import { DASHBOARD_API, dashboardQueryKeys, SHOWN_BY_THE_BLOCKS } from './dashboard-query-keys';

/** GET dashboard/broker-company/count-stats: the period's brokers in figures. */
export function fetchBrokerCountStats(query: QueryParams, signal?: AbortSignal) {
  return http.get<BrokerCountStats>(`${DASHBOARD_API}/broker-company/count-stats`, {
    query,
    signal,
    quietStatuses: SHOWN_BY_THE_BLOCKS,
  });
}

export function useBrokerCountStats(query: QueryParams) {
  return useQuery(
    queryOptions({
      queryKey: dashboardQueryKeys.brokerCountStats(query),
      queryFn: ({ signal }) => fetchBrokerCountStats(query, signal),
      // The numbers stay while another period or team is fetched, so the blocks do not jump.
      placeholderData: keepPreviousData,
    }),
  );
}
