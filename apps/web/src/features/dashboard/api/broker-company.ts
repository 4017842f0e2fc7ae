import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrokerDashboard } from '@app/domain/dashboard/dashboard.schema';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import { DASHBOARD_API, dashboardQueryKeys, SHOWN_BY_THE_BLOCKS } from './dashboard-query-keys';

/** GET dashboard/broker-company/{id}/: one broker's figures, their trend and twelve months of history. */
export function fetchBrokerDashboard(id: number, query: QueryParams, signal?: AbortSignal) {
  return http.get<BrokerDashboard>(`${DASHBOARD_API}/broker-company/${id}/`, {
    query,
    signal,
    quietStatuses: SHOWN_BY_THE_BLOCKS,
  });
}

/** One broker's history; nothing is asked while no broker is open. */
export function useBrokerDashboard(id: number | null, query: QueryParams) {
  return useQuery(
    queryOptions({
      queryKey: dashboardQueryKeys.broker(id ?? 0, query),
      queryFn: ({ signal }) => fetchBrokerDashboard(id ?? 0, query, signal),
      enabled: id !== null,
      // Another period keeps the broker's figures on screen until the new ones are there; another broker
      // never shows the one before.
      placeholderData: (previous, previousQuery) =>
        previousQuery?.queryKey[3] === id ? previous : undefined,
    }),
  );
}
