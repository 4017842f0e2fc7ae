import { describe, expect, it } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { accountingQueryKeys } from '@/features/accounting/api/accounting-query-keys';
import { loadDetailQueryOptions } from '@/features/loads/api/load-detail';
import { liveCache } from '@/test/live-cache';

// update_accounting on a real query cache seeded under the accounting feature's own keys: a colleague's
// change of a load's accounting or of a payment refreshes every accounting list and page and the menu's
// quick pay count, and leaves the load pages alone.

const KEYS = {
  listOfLoads: accountingQueryKeys.listOfLoads({ page: 1, limit: 25 }),
  incomeActive: accountingQueryKeys.income('active', { page: 1, limit: 25 }),
  quickPayCount: accountingQueryKeys.quickPayCount,
  incomePage: accountingQueryKeys.detail(300),
  brokers: accountingQueryKeys.brokerPayments('active', { page: 1, limit: 25 }),
  ageing: accountingQueryKeys.ageing({ page: 1, limit: 25 }),
  loadPage: loadDetailQueryOptions('completed', 300).queryKey,
} satisfies Record<string, QueryKey>;

const cache = liveCache(KEYS);
const event = (data: unknown) => cache.event('update_accounting', data);
const { invalidated } = cache;

describe('live queries: accounting', () => {
  it("a load's accounting or a payment changed refreshes every accounting page and the quick pay count", () => {
    event({ load_ids: [300], payment_ids: [12] });
    expect(invalidated()).toEqual([
      'ageing',
      'brokers',
      'incomeActive',
      'incomePage',
      'listOfLoads',
      'quickPayCount',
    ]);
  });
});
