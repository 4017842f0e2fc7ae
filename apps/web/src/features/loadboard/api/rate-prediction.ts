import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RatePredictionResponse } from '@app/domain/loadboard/insights.schema';
import { ApiError } from '@/lib/api-error';
import { http } from '@/lib/api';
import { INSIGHTS_API, insightsQueryKeys } from './insights-query-keys';

/** GET rate/prediction/{id}: what the load's lane pays by the company's history. */
export function fetchRatePrediction(loadId: number, signal?: AbortSignal) {
  return http.get<RatePredictionResponse>(`${INSIGHTS_API}/rate/prediction/${loadId}`, {
    signal,
    quietStatuses: [404],
  });
}

export function ratePredictionQueryOptions(loadId: number) {
  return queryOptions({
    queryKey: insightsQueryKeys.ratePrediction(loadId),
    queryFn: ({ signal }) => fetchRatePrediction(loadId, signal),
    // The history moves slowly: one answer serves the detail for a few minutes.
    staleTime: 5 * 60 * 1000,
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
}

export function useRatePrediction(loadId: number) {
  return useQuery(ratePredictionQueryOptions(loadId));
}
