import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BrokerList } from '@app/domain/dashboard/dashboard.schema';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import { DASHBOARD_API, dashboardQueryKeys, SHOWN_BY_THE_BLOCKS } from './dashboard-query-keys';

/** GET dashboard/broker-company/all: one page of brokers ranked by loads, gross, rate per mile or days to pay. */
export function fetchBrokerRanking(query: QueryParams, signal?: AbortSignal) {
  return http.get<BrokerList>(`${DASHBOARD_API}/broker-company/all`, {
    query,
    signal,
    quietStatuses: SHOWN_BY_THE_BLOCKS,
  });
}

export function useBrokerRanking(query: QueryParams) {
  return useQuery(
    queryOptions({
      queryKey: dashboardQueryKeys.brokers(query),
      queryFn: ({ signal }) => fetchBrokerRanking(query, signal),
      // The numbers stay while another period or team is fetched, so the blocks do not jump.
      placeholderData: keepPreviousData,
    }),
  );
}
