import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { VehicleStatusId, VehicleType } from '@app/domain/common/lookups';
import { MAX_CAPACITY_LIMIT, type CapacitySearchResponse } from '@app/domain/units/units.schema';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import { useQueryAskedInRender } from '@/lib/query-client';
import { UNITS_API, unitsQueryKeys } from './units-query-keys';

export const CAPACITY_SEARCH_PATH = `${UNITS_API}/cars/capacity-search`;

/** The filters the capacity search and the closest cars of a load share. */
export type CapacityFilters = {
  /** Deadhead miles, 1..300. */
  radius: number;
  transportTypes: readonly VehicleType[];
  /** All statuses when empty. */
  statuses: readonly VehicleStatusId[];
  /** 'YYYY-MM-DD' (the end of that Eastern day), or null for now. */
  availableDate: string | null;
};

/** A place chosen from the address lookup. */
export type CapacityPlace = { lat: number; lon: number; address: string };

/**
 * The filters as the query string takes them (lists joined by commas, unset ones left out), and the map's
 * limit: the map shows every truck within the radius, up to the API's most (the closest first), not the
 * 20 closest the API answers by default.
 */
export function capacityFilterParams(filters: CapacityFilters): QueryParams {
  return {
    limit: MAX_CAPACITY_LIMIT,
    radius: filters.radius,
    transport_type: filters.transportTypes.length > 0 ? filters.transportTypes.join(',') : undefined,
    status: filters.statuses.length > 0 ? filters.statuses.join(',') : undefined,
    available_date: filters.availableDate ?? undefined,
  };
}

/** GET cars/capacity-search: the vehicles closest to a place by deadhead miles, with ETA at 50 mph. */
export function fetchCapacitySearch(place: CapacityPlace, filters: CapacityFilters, signal?: AbortSignal) {
  return http.get<CapacitySearchResponse>(CAPACITY_SEARCH_PATH, {
    query: {
      lat: place.lat,
      lon: place.lon,
      address: place.address || undefined,
      ...capacityFilterParams(filters),
    },
    signal,
    // A bad filter is shown beside the results, not as a toast.
    quietStatuses: [400],
  });
}

export function capacitySearchQueryOptions(place: CapacityPlace, filters: CapacityFilters) {
  return queryOptions({
    queryKey: [...unitsQueryKeys.vehicles, 'capacity-search', place, filters] as const,
    queryFn: ({ signal }) => fetchCapacitySearch(place, filters, signal),
    // The last answer stays on the map while a changed filter is asked, so the markers do not blink.
    placeholderData: keepPreviousData,
  });
}

/** Nothing is asked while no place is chosen. */
export function useCapacitySearch(place: CapacityPlace | null, filters: CapacityFilters) {
  return useQueryAskedInRender({
    ...capacitySearchQueryOptions(place ?? { lat: 0, lon: 0, address: '' }, filters),
    enabled: place !== null,
  });
}
