import type { QueryClient } from '@tanstack/react-query';
import type { BidList } from '../components/bid-list-state';

// The cache keys of the bids pages. Every list and every bid page sits under ['bids'], so one invalidation
// after a bid is placed, repriced, won or lost refreshes the page it is on and every list that may show it.

export const bidQueryKeys = {
  all: ['bids'] as const,
  lists: ['bids', 'list'] as const,
  list: (list: BidList, query: Record<string, unknown>) => ['bids', 'list', list, query] as const,
  details: ['bids', 'detail'] as const,
  detail: (id: number) => ['bids', 'detail', id] as const,
};

/** After any change of a bid: its page and every list. */
export function invalidateBids(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: bidQueryKeys.all });
}

export const PROPOSITIONS_API = '/backend/api/v2/propositions';
export const DRIVER_BIDS_API = '/backend/api/v2/bids/driver-bid';
export const LOADS_API = '/backend/api/v2/loads';

/** Errors the bid screens show themselves, with the server's detail, instead of the generic toast. */
export const SHOWN_BY_THE_PAGE = [400, 403, 404, 409] as const;
