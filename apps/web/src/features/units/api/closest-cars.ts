import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CapacitySearchResponse } from '@app/domain/units/units.schema';
import { http } from '@/lib/api';
import { capacityFilterParams, type CapacityFilters } from './capacity-search';
import { UNITS_API, unitsQueryKeys } from './units-query-keys';

export const closestCarsPath = (loadId: number) => `${UNITS_API}/loads/${loadId}/closest-cars`;

/** GET loads/{id}/closest-cars: the capacity search from the load's pick-up (by its pick-up time). */
export function fetchClosestCars(loadId: number, filters: CapacityFilters, signal?: AbortSignal) {
  return http.get<CapacitySearchResponse>(closestCarsPath(loadId), {
    query: capacityFilterParams(filters),
    signal,
    // A load that does not exist (or is another company's) is said beside the load ID.
    quietStatuses: [400, 404],
  });
}

export function closestCarsQueryOptions(loadId: number, filters: CapacityFilters) {
  return queryOptions({
    queryKey: [...unitsQueryKeys.vehicles, 'closest-cars', loadId, filters] as const,
    queryFn: ({ signal }) => fetchClosestCars(loadId, filters, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Nothing is asked while no load is chosen. */
export function useClosestCars(loadId: number | null, filters: CapacityFilters) {
  return useQuery({ ...closestCarsQueryOptions(loadId ?? 0, filters), enabled: loadId !== null });
}
