import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DriverList } from '@app/domain/dashboard/dashboard.schema';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import { DASHBOARD_API, dashboardQueryKeys, SHOWN_BY_THE_BLOCKS } from './dashboard-query-keys';

/** GET dashboard/drivers/all: one page of drivers with their loads, miles, gross, rate per mile and days on the road. */
export function fetchDriverFigures(query: QueryParams, signal?: AbortSignal) {
  return http.get<DriverList>(`${DASHBOARD_API}/drivers/all`, {
    query,
    signal,
    quietStatuses: SHOWN_BY_THE_BLOCKS,
  });
}

export function useDriverFigures(query: QueryParams) {
  return useQuery(
    queryOptions({
      queryKey: dashboardQueryKeys.drivers(query),
      queryFn: ({ signal }) => fetchDriverFigures(query, signal),
      // The numbers stay while another period or team is fetched, so the blocks do not jump.
      placeholderData: keepPreviousData,
    }),
  );
}
