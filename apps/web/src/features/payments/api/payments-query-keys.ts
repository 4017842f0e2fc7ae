import type { QueryClient } from '@tanstack/react-query';

// The cache keys of the pay pages. Every list, week and person sits under ['payments'], so that one
// invalidation after a change (a status, a pay item, terms, a load's week) refreshes all that may show it.

export type PayType = 'owner' | 'dispatcher';
export type PayList = 'active' | 'completed';

export const PAYMENTS_API = '/backend/api/v2/payments';
export const USERS_API = '/backend/api/v2/users';

export const paymentsQueryKeys = {
  all: ['payments'] as const,
  lists: ['payments', 'list'] as const,
  list: (type: PayType, query: Record<string, unknown>) => ['payments', 'list', type, query] as const,
  weeks: ['payments', 'week'] as const,
  week: (type: PayType, id: number) => ['payments', 'week', type, id] as const,
  people: ['payments', 'people'] as const,
  peopleList: (query: Record<string, unknown>) => ['payments', 'people', query] as const,
};

/** After any change of pay: every list, week and person. */
export function invalidatePayments(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: paymentsQueryKeys.all });
}

/** Errors the pay screens show themselves (under a form's fields, in a dialog), not as the generic toast. */
export const SHOWN_BY_THE_PAGE = [400, 404, 409] as const;
