import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LoadListResponse } from '@app/domain/loads/loads.schema';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import { LOADS_API, loadQueryKeys } from './load-query-keys';
import type { LoadList } from './load-query-keys';

/** GET loads/{active|checkout|completed|canceled}: one page of a list with its filters. */
export function fetchLoadList(list: LoadList, query: QueryParams, signal?: AbortSignal) {
  return http.get<LoadListResponse>(`${LOADS_API}/${list}`, { query, signal });
}

export function loadListQueryOptions(list: LoadList, query: QueryParams) {
  return queryOptions({
    queryKey: loadQueryKeys.list(list, query),
    queryFn: ({ signal }) => fetchLoadList(list, query, signal),
    // The rows stay while the next page or filter is fetched, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useLoadList(list: LoadList, query: QueryParams) {
  return useQuery(loadListQueryOptions(list, query));
}
