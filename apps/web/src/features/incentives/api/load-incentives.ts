import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoadIncentives } from '@app/domain/accounting/incentives.schema';
import { http } from '@/lib/api';
import { INCENTIVES_API, incentivesQueryKeys } from './incentives-query-keys';

/** GET incentives/loads/{id}: the load's bonuses and fines with their sums. */
export function fetchLoadIncentives(loadId: number, signal?: AbortSignal): Promise<LoadIncentives> {
  return http.get<LoadIncentives>(`${INCENTIVES_API}/incentives/loads/${loadId}`, { signal });
}

export function loadIncentivesQueryOptions(loadId: number) {
  return queryOptions({
    queryKey: incentivesQueryKeys.load(loadId),
    queryFn: ({ signal }) => fetchLoadIncentives(loadId, signal),
  });
}

export function useLoadIncentives(loadId: number) {
  return useQuery(loadIncentivesQueryOptions(loadId));
}
