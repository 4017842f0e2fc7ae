import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleMapResponse } from '@app/domain/units/units.schema';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import { UNITS_API, unitsQueryKeys } from './units-query-keys';

export const VEHICLE_MAP_PATH = `${UNITS_API}/cars/imap`;

/** GET cars/imap: the vehicles' current positions, with the active load and its next point. */
export function fetchVehicleMap(query: QueryParams, signal?: AbortSignal) {
  return http.get<VehicleMapResponse>(VEHICLE_MAP_PATH, { query, signal });
}

export function vehicleMapQueryOptions(query: QueryParams) {
  return queryOptions({
    queryKey: [...unitsQueryKeys.vehicles, 'map', query] as const,
    queryFn: ({ signal }) => fetchVehicleMap(query, signal),
    // Positions move: asked again every minute while the map is open.
    refetchInterval: 60_000,
  });
}

export function useVehicleMap(query: QueryParams) {
  return useQuery(vehicleMapQueryOptions(query));
}
