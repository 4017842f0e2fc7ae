import { beforeEach, describe, expect, it } from 'vitest';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { parseRealtimeMessage } from '@app/domain/realtime/realtime.schema';
import { incentiveTemplatesQueryOptions } from '@/features/incentives/api/incentive-templates';
import { loadIncentivesQueryOptions } from '@/features/incentives/api/load-incentives';
import { loadDetailQueryOptions } from '@/features/loads/api/load-detail';
import { createLiveQueryApplier } from './apply-live-effects';
import { createInvalidationThrottle } from './invalidation-throttle';

// update_incentives on a real query cache seeded under the incentives feature's own keys: a colleague's bonus
// or fine refreshes that load's incentives panel only; a template change refreshes the templates.

const KEYS = {
  incentivesOf300: loadIncentivesQueryOptions(300).queryKey,
  incentivesOf301: loadIncentivesQueryOptions(301).queryKey,
  templates: incentiveTemplatesQueryOptions.queryKey,
  load300: loadDetailQueryOptions('completed', 300).queryKey,
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
    const message = parseRealtimeMessage({ event: 'update_incentives', data });
    if (!message) throw new Error("the test's update_incentives does not match its schema");
    receive(message);
    throttle.flush();
  };
});

const invalidated = () => PAGES.filter((page) => queryClient.getQueryState(KEYS[page])?.isInvalidated).sort();

describe('live queries: incentives', () => {
  it("an incentive made or removed refreshes its load's incentives, and nothing else", () => {
    event({ load_ids: [300], template_ids: [] });
    expect(invalidated()).toEqual(['incentivesOf300']);
  });

  it('a template made, changed or deleted refreshes the templates', () => {
    event({ load_ids: [], template_ids: [5] });
    expect(invalidated()).toEqual(['templates']);
  });
});
