import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Proposition } from '@app/domain/bids/bids.schema';
import { http } from '@/lib/api';
import { bidQueryKeys, PROPOSITIONS_API } from './bid-query-keys';

/** GET propositions/{id}/: one bid; a missing one (or another company's) is a 404 the page explains. */
export function fetchProposition(id: number, signal?: AbortSignal) {
  return http.get<Proposition>(`${PROPOSITIONS_API}/${id}/`, { signal, quietStatuses: [404] });
}

export function usePropositionDetail(id: number) {
  return useQuery(
    queryOptions({
      queryKey: bidQueryKeys.detail(id),
      queryFn: ({ signal }) => fetchProposition(id, signal),
      // A 404 will not turn up on a second try.
      retry: false,
    }),
  );
}
