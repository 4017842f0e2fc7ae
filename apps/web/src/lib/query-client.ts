import {
  QueryClient,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';

// Failed requests are already reported by the HTTP client; retrying them would report them again.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * useQuery that asks during the render that first needs the answer, not after that render is committed:
 * a page that takes a tenth of a second to draw on a laptop has its data travelling meanwhile. The query is
 * the same one useQuery then follows (asked once: a query already in the cache is left to useQuery).
 */
export function useQueryAskedInRender<TData, TKey extends QueryKey>(
  options: UseQueryOptions<TData, Error, TData, TKey> & { enabled: boolean },
): UseQueryResult<TData> {
  const client = useQueryClient();
  if (options.enabled && !client.getQueryState(options.queryKey)) void client.prefetchQuery(options);
  return useQuery(options);
}
