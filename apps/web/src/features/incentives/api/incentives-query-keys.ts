import type { QueryClient } from '@tanstack/react-query';

// The cache keys of incentives: a load's bonuses and fines, and the company's templates. Everything sits
// under ['incentives'], so the realtime mapping (update_incentives) reaches each part by its prefix.

export const INCENTIVES_API = '/backend/api/v2';

export const incentivesQueryKeys = {
  all: ['incentives'] as const,
  /** Every load's incentives. */
  loads: ['incentives', 'load'] as const,
  load: (loadId: number) => ['incentives', 'load', loadId] as const,
  templates: ['incentives', 'templates'] as const,
};

/** Errors the incentive screens show themselves (a field's message, a refusal in the dialog). */
export const SHOWN_BY_THE_DIALOG = [400, 404, 409] as const;

/** After an incentive of the load was made or removed: its list (and sums) are read again. */
export function invalidateLoadIncentives(queryClient: QueryClient, loadId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: incentivesQueryKeys.load(loadId) });
}
