import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BrokerCompanyListResponse } from '@app/domain/brokers/brokers.schema';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import { BROKER_LIST_PATHS, brokerQueryKeys } from './broker-query-keys';
import type { BrokerListKind } from './broker-query-keys';

/**
 * GET brokers/all, brokers/otr-broker-company, brokers/non-otr-broker-company or the blacklist: one page
 * with its search (name or MC number) and rating filter.
 */
export function fetchBrokerList(kind: BrokerListKind, query: QueryParams, signal?: AbortSignal) {
  return http.get<BrokerCompanyListResponse>(BROKER_LIST_PATHS[kind], { query, signal });
}

export function brokerListQueryOptions(kind: BrokerListKind, query: QueryParams) {
  return queryOptions({
    queryKey: brokerQueryKeys.list(kind, query),
    queryFn: ({ signal }) => fetchBrokerList(kind, query, signal),
    // The rows stay while the next page or search is fetched, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useBrokerList(kind: BrokerListKind, query: QueryParams) {
  return useQuery(brokerListQueryOptions(kind, query));
}
