import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DriverBid } from '@app/domain/bids/driver-bids.schema';
import type { ListResponse } from '@app/domain/common/pagination';
import { http } from '@/lib/api';
import { DRIVER_PORTAL_API, driverPortalQueryKeys, PORTAL_REFRESH_MS } from './driver-portal-query-keys';

export const PORTAL_BIDS_LIMIT = 50;

/** GET driver-portal/bids: my bids and their answers, newest first. */
export function fetchPortalBids(signal?: AbortSignal) {
  return http.get<ListResponse<DriverBid>>(`${DRIVER_PORTAL_API}/bids`, {
    query: { limit: PORTAL_BIDS_LIMIT },
    signal,
  });
}

export function usePortalBids() {
  return useQuery(
    queryOptions({
      queryKey: driverPortalQueryKeys.bids,
      queryFn: ({ signal }) => fetchPortalBids(signal),
      refetchInterval: PORTAL_REFRESH_MS,
    }),
  );
}
