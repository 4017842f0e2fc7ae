import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CargoAnalysisResponse } from '@app/domain/loadboard/insights.schema';
import { ApiError } from '@/lib/api-error';
import { http } from '@/lib/api';
import { INSIGHTS_API, insightsQueryKeys } from './insights-query-keys';

/** GET cargo/analysis/{id}: which vehicle types can carry the load and how full each would be. */
export function fetchCargoAnalysis(loadId: number, signal?: AbortSignal) {
  return http.get<CargoAnalysisResponse>(`${INSIGHTS_API}/cargo/analysis/${loadId}`, {
    signal,
    quietStatuses: [404],
  });
}

export function cargoAnalysisQueryOptions(loadId: number) {
  return queryOptions({
    queryKey: insightsQueryKeys.cargoAnalysis(loadId),
    queryFn: ({ signal }) => fetchCargoAnalysis(loadId, signal),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
}

export function useCargoAnalysis(loadId: number) {
  return useQuery(cargoAnalysisQueryOptions(loadId));
}
