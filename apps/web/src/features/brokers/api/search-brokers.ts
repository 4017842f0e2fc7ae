import { queryOptions, useQuery } from '@tanstack/react-query';
import { searchBrokerCompanies } from '@/lib/broker-search';
import { brokerQueryKeys } from './broker-query-keys';

/** The broker search (GET brokers/broker-company/search) as the broker screens' pickers cache it. */
export function brokerSearchQueryOptions(name: string, inBlacklist: boolean | null) {
  return queryOptions({
    queryKey: brokerQueryKeys.search(name, inBlacklist),
    queryFn: ({ signal }) => searchBrokerCompanies(name, inBlacklist, signal),
    staleTime: 30_000,
  });
}

export function useBrokerSearch(name: string, inBlacklist: boolean | null) {
  return useQuery(brokerSearchQueryOptions(name, inBlacklist));
}
