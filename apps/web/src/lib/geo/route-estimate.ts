import { queryOptions } from '@tanstack/react-query';
import type { RouteEstimate, RouteEstimateRequest } from '@app/domain/geo/geo.schema';
import { http } from '../api';

// Driving miles and hours through a load's points, asked of the server: it uses the company's maps
// service when a key is set and the spec's road-distance estimate otherwise.

export const ROUTE_ESTIMATE_PATH = '/backend/api/v2/geo/route-estimate';

export type RoutePoint = { lat: number; lon: number };

export function fetchRouteEstimate(
  points: readonly RoutePoint[],
  signal?: AbortSignal,
): Promise<RouteEstimate> {
  const body: RouteEstimateRequest = { points: points.map(({ lat, lon }) => ({ lat, lon })) };
  // A failed estimate is shown next to the distance, not as a page-wide error.
  return http.post<RouteEstimate>(ROUTE_ESTIMATE_PATH, body, { signal, silent: true });
}

/** Asked only with 2 or more points; the same points give the same answer, so it is kept. */
export function routeEstimateQueryOptions(points: readonly RoutePoint[]) {
  const located = points.map(({ lat, lon }) => ({ lat, lon }));
  return queryOptions({
    queryKey: ['geo', 'route-estimate', located] as const,
    queryFn: ({ signal }) => fetchRouteEstimate(located, signal),
    enabled: located.length >= 2,
    staleTime: Infinity,
    retry: false,
  });
}
