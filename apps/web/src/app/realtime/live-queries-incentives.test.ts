import { describe, expect, it } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { incentiveTemplatesQueryOptions } from '@/features/incentives/api/incentive-templates';
import { loadIncentivesQueryOptions } from '@/features/incentives/api/load-incentives';
import { loadDetailQueryOptions } from '@/features/loads/api/load-detail';
import { liveCache } from '@/test/live-cache';

// update_incentives on a real query cache seeded under the incentives feature's own keys: a colleague's bonus
// or fine refreshes that load's incentives panel only; a template change refreshes the templates.

const KEYS = {
  incentivesOf300: loadIncentivesQueryOptions(300).queryKey,
  incentivesOf301: loadIncentivesQueryOptions(301).queryKey,
  templates: incentiveTemplatesQueryOptions.queryKey,
  load300: loadDetailQueryOptions('completed', 300).queryKey,
} satisfies Record<string, QueryKey>;

const cache = liveCache(KEYS);
const event = (data: unknown) => cache.event('update_incentives', data);
const { invalidated } = cache;

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
