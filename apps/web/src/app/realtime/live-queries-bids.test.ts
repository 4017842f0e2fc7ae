import { describe, expect, it } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { bidQueryKeys } from '@/features/bids/api/bid-query-keys';
import { detailBidsKeys } from '@/features/loadboard/components/detail-bids/detail-bids-api';
import { loadListQueryOptions } from '@/features/loads/api/load-list';
import { liveCache } from '@/test/live-cache';

// The bid events on a real query cache seeded under the bids pages' and the board detail's own keys: a
// colleague's bid placed, decided or rejected, or a driver's new bid, refreshes every open bids page and
// the detail's list of bids sent; the load lists are left alone.

const KEYS = {
  active: bidQueryKeys.list('active', { page: 1, limit: 25 }),
  history: bidQueryKeys.list('history', { page: 1, limit: 25 }),
  unit: bidQueryKeys.list('unit', { page: 1, limit: 25 }),
  bid70: bidQueryKeys.detail(70),
  sentFor42: detailBidsKeys.sent(42),
  activeLoads: loadListQueryOptions('active', { page: 1 }).queryKey,
} satisfies Record<string, QueryKey>;
type Page = keyof typeof KEYS;

const { event, invalidated } = liveCache(KEYS);
const BIDS_PAGES: Page[] = ['active', 'bid70', 'history', 'sentFor42', 'unit'];

describe('live queries: the bids', () => {
  it('dispatcher_bid (a bid placed, won or lost) refreshes the bids pages and the bids sent', () => {
    event('dispatcher_bid', { load_id: 42, dispatcher_bids: [{ id: 70 }], dispatcher_bids_count: 1 });
    expect(invalidated()).toEqual(BIDS_PAGES);
  });

  it('reject_bid does the same', () => {
    event('reject_bid', { load_id: 42, bid_id: 90, dispatcher_bids: [], dispatcher_bids_count: 0 });
    expect(invalidated()).toEqual(BIDS_PAGES);
  });

  it("driver_bid (a driver's or owner's new bid) refreshes the units' bids too", () => {
    event('driver_bid', { load: { id: 42, board_status: 'posted' } });
    expect(invalidated()).toEqual(expect.arrayContaining(['unit']));
    expect(invalidated()).not.toContain('activeLoads');
  });
});
