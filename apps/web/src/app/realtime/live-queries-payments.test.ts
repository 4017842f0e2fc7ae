import { describe, expect, it } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { paymentsQueryKeys } from '@/features/payments/api/payments-query-keys';
import { liveCache } from '@/test/live-cache';

// The pay pages on a real query cache: a colleague's change of a payment, a pay item, terms or a load's week
// (update_accounting), or a bonus or fine on a load (update_incentives), refreshes the owners' and
// dispatchers' lists and the open pay sheet; a template change does not.

const KEYS = {
  owners: paymentsQueryKeys.list('owner', { list: 'active', page: 1 }),
  dispatchers: paymentsQueryKeys.list('dispatcher', { list: 'completed', page: 1 }),
  sheet: paymentsQueryKeys.week('owner', 501),
  people: paymentsQueryKeys.peopleList({ page: 1 }),
} satisfies Record<string, QueryKey>;

const { event, invalidated } = liveCache(KEYS);

describe('live queries: pay', () => {
  it('a payment, a pay item, terms or a week changed refreshes every pay page', () => {
    event('update_accounting', { load_ids: [], payment_ids: [501] });
    expect(invalidated()).toEqual(['dispatchers', 'owners', 'people', 'sheet']);
  });

  it("a bonus or a fine on a load refreshes the pay pages; a template's change does not", () => {
    event('update_incentives', { load_ids: [], template_ids: [4] });
    expect(invalidated()).toEqual([]);
    event('update_incentives', { load_ids: [300], template_ids: [] });
    expect(invalidated()).toEqual(['dispatchers', 'owners', 'people', 'sheet']);
  });
});
