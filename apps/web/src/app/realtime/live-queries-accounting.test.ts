import { beforeEach, describe, expect, it } from 'vitest';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { parseRealtimeMessage } from '@app/domain/realtime/realtime.schema';
import { accountingQueryKeys } from '@/features/accounting/api/accounting-query-keys';
import { loadDetailQueryOptions } from '@/features/loads/api/load-detail';
import { createLiveQueryApplier } from './apply-live-effects';
import { createInvalidationThrottle } from './invalidation-throttle';

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
type Page = keyof typeof KEYS;
const PAGES = Object.keys(KEYS) as Page[];

let queryClient: QueryClient;
let event: (data: unknown) => void;

beforeEach(() => {
  queryClient = new QueryClient();
  for (const page of PAGES) queryClient.setQueryData<unknown>(KEYS[page], { count: 0, results: [] });
  const throttle = createInvalidationThrottle({ queryClient });
  const receive = createLiveQueryApplier(queryClient, throttle);
  event = (data) => {
    const message = parseRealtimeMessage({ event: 'update_accounting', data });
    if (!message) throw new Error("the test's update_accounting does not match its schema");
    receive(message);
    throttle.flush();
  };
});

const invalidated = () => PAGES.filter((page) => queryClient.getQueryState(KEYS[page])?.isInvalidated).sort();

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
