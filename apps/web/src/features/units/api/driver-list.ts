import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DriverListResponse } from '@app/domain/units/units.schema';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import { UNITS_API, unitsQueryKeys } from './units-query-keys';

export const DRIVER_LIST_PATH = `${UNITS_API}/users/drivers`;

/** GET users/drivers: one page of the company's drivers with the filters that are set. */
export function fetchDriverList(query: QueryParams, signal?: AbortSignal) {
  return http.get<DriverListResponse>(DRIVER_LIST_PATH, { query, signal });
}

export function driverListQueryOptions(query: QueryParams) {
  return queryOptions({
    queryKey: unitsQueryKeys.driverList(query),
    queryFn: ({ signal }) => fetchDriverList(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDriverList(query: QueryParams) {
  return useQuery(driverListQueryOptions(query));
}
