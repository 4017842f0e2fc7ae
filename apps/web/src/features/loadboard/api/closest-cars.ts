import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClosestCarsResponse } from '@app/domain/loadboard/insights.schema';
import { ApiError } from '@/lib/api-error';
import { http } from '@/lib/api';
import { INSIGHTS_API, insightsQueryKeys } from './insights-query-keys';

/** The widest search the server allows: a board load is often far from the fleet's usual places. */
export const CLOSEST_CARS_RADIUS = 300;
export const CLOSEST_CARS_LIMIT = 25;

/** GET loads/{id}/closest-cars: the vehicles nearest the load's pick-up, each with its fit for the load. */
export function fetchClosestCars(loadId: number, signal?: AbortSignal) {
  return http.get<ClosestCarsResponse>(`${INSIGHTS_API}/v2/loads/${loadId}/closest-cars`, {
    query: { radius: CLOSEST_CARS_RADIUS, limit: CLOSEST_CARS_LIMIT },
    signal,
    // The card says why (a pick-up without coordinates, a load gone from the board) instead of the toast.
    quietStatuses: [404, 409],
  });
}

export function closestCarsQueryOptions(loadId: number) {
  return queryOptions({
    queryKey: insightsQueryKeys.closestCarsOf(loadId),
    queryFn: ({ signal }) => fetchClosestCars(loadId, signal),
    retry: (failures, error) =>
      !(error instanceof ApiError && [404, 409].includes(error.status ?? 0)) && failures < 2,
  });
}

export function useClosestCars(loadId: number) {
  return useQuery(closestCarsQueryOptions(loadId));
}
