import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PropositionListResponse } from '@app/domain/bids/bids.schema';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import { bidQueryKeys, PROPOSITIONS_API } from './bid-query-keys';

export type PropositionList = 'active' | 'completed' | 'history';

/** GET propositions/{active|completed|history}: one page of the dispatchers' bids to brokers. */
export function fetchPropositionList(list: PropositionList, query: QueryParams, signal?: AbortSignal) {
  return http.get<PropositionListResponse>(`${PROPOSITIONS_API}/${list}`, { query, signal });
}

export function usePropositionList(list: PropositionList, query: QueryParams) {
  return useQuery(
    queryOptions({
      queryKey: bidQueryKeys.list(list, query),
      queryFn: ({ signal }) => fetchPropositionList(list, query, signal),
      // The rows stay while the next page or filter is fetched, so the table does not jump.
      placeholderData: keepPreviousData,
    }),
  );
}
