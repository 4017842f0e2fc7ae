import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortalVehicle } from '@app/domain/bids/driver-bids.schema';
import { http } from '@/lib/api';
import { DRIVER_PORTAL_API, driverPortalQueryKeys } from './driver-portal-query-keys';

/** GET driver-portal/vehicles: the vehicles I drive or own, and whether loads reach me through each. */
export function fetchPortalVehicles(signal?: AbortSignal) {
  return http.get<{ results: PortalVehicle[] }>(`${DRIVER_PORTAL_API}/vehicles`, { signal });
}

export function usePortalVehicles() {
  return useQuery(
    queryOptions({
      queryKey: driverPortalQueryKeys.vehicles,
      queryFn: ({ signal }) => fetchPortalVehicles(signal),
    }),
  );
}
