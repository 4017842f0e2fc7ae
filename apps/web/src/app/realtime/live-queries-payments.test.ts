import { beforeEach, describe, expect, it } from 'vitest';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { parseRealtimeMessage, type RealtimeEventName } from '@app/domain/realtime/realtime.schema';
import { paymentsQueryKeys } from '@/features/payments/api/payments-query-keys';
import { createLiveQueryApplier } from './apply-live-effects';
import { createInvalidationThrottle } from './invalidation-throttle';

// The pay pages on a real query cache: a colleague's change of a payment, a pay item, terms or a load's week
// (update_accounting), or a bonus or fine on a load (update_incentives), refreshes the owners' and
// dispatchers' lists and the open pay sheet; a template change does not.

const KEYS = {
  owners: paymentsQueryKeys.list('owner', { list: 'active', page: 1 }),
  dispatchers: paymentsQueryKeys.list('dispatcher', { list: 'completed', page: 1 }),
  sheet: paymentsQueryKeys.week('owner', 501),
  people: paymentsQueryKeys.peopleList({ page: 1 }),
} satisfies Record<string, QueryKey>;
type Page = keyof typeof KEYS;
const PAGES = Object.keys(KEYS) as Page[];

let queryClient: QueryClient;
let event: (name: RealtimeEventName, data: unknown) => void;

beforeEach(() => {
  queryClient = new QueryClient();
  for (const page of PAGES) queryClient.setQueryData<unknown>(KEYS[page], { count: 0, results: [] });
  const throttle = createInvalidationThrottle({ queryClient });
  const receive = createLiveQueryApplier(queryClient, throttle);
  event = (name, data) => {
    const message = parseRealtimeMessage({ event: name, data });
    if (!message) throw new Error(`the test's ${name} does not match its schema`);
    receive(message);
    throttle.flush();
  };
});

const invalidated = () => PAGES.filter((page) => queryClient.getQueryState(KEYS[page])?.isInvalidated).sort();

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
