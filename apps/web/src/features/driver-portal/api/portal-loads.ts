import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortalLoad } from '@app/domain/bids/driver-bids.schema';
import type { ListResponse } from '@app/domain/common/pagination';
import { http } from '@/lib/api';
import { DRIVER_PORTAL_API, driverPortalQueryKeys, PORTAL_REFRESH_MS } from './driver-portal-query-keys';

/** The page shows every forwarded load at once: a driver rarely has more than a few. */
export const PORTAL_LOADS_LIMIT = 100;

/** GET driver-portal/loads: the loads forwarded to my vehicles, still on the board. */
export function fetchPortalLoads(signal?: AbortSignal) {
  return http.get<ListResponse<PortalLoad>>(`${DRIVER_PORTAL_API}/loads`, {
    query: { limit: PORTAL_LOADS_LIMIT },
    signal,
  });
}

export function usePortalLoads() {
  return useQuery(
    queryOptions({
      queryKey: driverPortalQueryKeys.loads,
      queryFn: ({ signal }) => fetchPortalLoads(signal),
      refetchInterval: PORTAL_REFRESH_MS,
    }),
  );
}
