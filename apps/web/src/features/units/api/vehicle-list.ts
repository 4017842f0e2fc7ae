import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleListResponse } from '@app/domain/units/units.schema';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import { UNITS_API, unitsQueryKeys } from './units-query-keys';

export const VEHICLE_LIST_PATH = `${UNITS_API}/cars/all`;

/** GET cars/all: one page of the company's vehicles with the filters that are set. */
export function fetchVehicleList(query: QueryParams, signal?: AbortSignal) {
  return http.get<VehicleListResponse>(VEHICLE_LIST_PATH, { query, signal });
}

export function vehicleListQueryOptions(query: QueryParams) {
  return queryOptions({
    queryKey: unitsQueryKeys.vehicleList(query),
    queryFn: ({ signal }) => fetchVehicleList(query, signal),
    // The rows stay while the next page or filter is fetched, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useVehicleList(query: QueryParams) {
  return useQuery(vehicleListQueryOptions(query));
}
