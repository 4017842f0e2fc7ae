import type { QueryClient } from '@tanstack/react-query';
import type { LoadStatusClass } from '@app/domain/loads/loads.rules';

// The cache keys of the loads feature. Every list and every load page sits under ['loads'], so one
// invalidation after a change of a load refreshes the page it is on and every list that may show it.

export type LoadList = LoadStatusClass;

export const LOAD_LISTS: readonly LoadList[] = ['active', 'checkout', 'completed', 'canceled'];

export function isLoadList(value: unknown): value is LoadList {
  return (LOAD_LISTS as readonly unknown[]).includes(value);
}

export const loadQueryKeys = {
  all: ['loads'] as const,
  lists: ['loads', 'list'] as const,
  /** Every page of one list, whatever its filters. */
  listOf: (list: LoadList) => ['loads', 'list', list] as const,
  list: (list: LoadList, query: Record<string, unknown>) => ['loads', 'list', list, query] as const,
  details: ['loads', 'detail'] as const,
  detail: (id: number) => ['loads', 'detail', id] as const,
  /**
   * The load form's broker company picker, whatever was typed (GET brokers/broker-company/search): the
   * prefix of broker-company-field.tsx's searchKey, for the realtime mapping.
   */
  brokerSearches: ['loads', 'lookups', 'search', 'broker-company'] as const,
};

/** After any change of a load: its page and every list. */
export function invalidateLoads(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: loadQueryKeys.lists }),
    queryClient.invalidateQueries({ queryKey: loadQueryKeys.details }),
  ]).then(() => undefined);
}

export const LOADS_API = '/backend/api/v2/loads';

/** Errors the load screens show themselves, with the server's detail, instead of the generic toast. */
export const SHOWN_BY_THE_PAGE = [400, 403, 404, 409, 413] as const;
