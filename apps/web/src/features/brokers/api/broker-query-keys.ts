import type { QueryClient } from '@tanstack/react-query';

// The cache keys and paths of the brokers feature. Everything sits under ['brokers'], so one invalidation
// after a change of a broker refreshes every list, the rating queue and the histories that may show it.

export const BROKERS_API = '/backend/api/v2/brokers';

/** The lists of the partners page: every broker, OTR brokers, non-OTR companies and the blacklist. */
export type BrokerListKind = 'all' | 'otr' | 'non-otr' | 'blacklist';

export const BROKER_LIST_PATHS: Record<BrokerListKind, string> = {
  all: `${BROKERS_API}/all`,
  otr: `${BROKERS_API}/otr-broker-company`,
  'non-otr': `${BROKERS_API}/non-otr-broker-company`,
  blacklist: `${BROKERS_API}/broker-company/blacklist`,
};

export const brokerQueryKeys = {
  all: ['brokers'] as const,
  list: (kind: BrokerListKind, query: Record<string, unknown>) => ['brokers', 'list', kind, query] as const,
  queue: (query: Record<string, unknown>) => ['brokers', 'rating-queue', query] as const,
  ratingHistory: (id: number, page: number) => ['brokers', 'rating-history', id, page] as const,
  byMc: (mcNumber: string) => ['brokers', 'by-mc', mcNumber] as const,
  search: (text: string, inBlacklist: boolean | null) => ['brokers', 'search', text, inBlacklist] as const,
};

/**
 * After any change of a broker: every broker query, and the loads, whose lists and pages mark a
 * blacklisted broker and show its rating (the loads feature keeps its queries under ['loads']).
 */
export function invalidateBrokers(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: brokerQueryKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['loads'] }),
  ]).then(() => undefined);
}
