import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LoadListResponse } from '@app/domain/loads/loads.schema';
import { http } from '@/lib/api';
import { UNITS_API, unitsQueryKeys } from './units-query-keys';

export const DRIVER_HISTORY_LIMIT = 10;

/** GET loads/drivers/history?driver_id={id}: the driver's loads in every list, newest first. */
export function fetchDriverLoadHistory(driverId: number, page: number, signal?: AbortSignal) {
  return http.get<LoadListResponse>(`${UNITS_API}/loads/drivers/history`, {
    query: { driver_id: driverId, page, limit: DRIVER_HISTORY_LIMIT },
    signal,
  });
}

export function driverLoadHistoryQueryOptions(driverId: number, page: number) {
  return queryOptions({
    queryKey: unitsQueryKeys.driverHistory(driverId, page),
    queryFn: ({ signal }) => fetchDriverLoadHistory(driverId, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDriverLoadHistory(driverId: number, page: number) {
  return useQuery(driverLoadHistoryQueryOptions(driverId, page));
}
