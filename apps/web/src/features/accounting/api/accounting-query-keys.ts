import type { QueryClient } from '@tanstack/react-query';
import type { IncomeType } from '@app/domain/accounting/income.schema';
import type { PaymentList } from '@app/domain/accounting/broker-payments.schema';

// The cache keys of accounting: the list of loads, the income lists and pages, the quick pay count, the
// brokers' payments and their ageing. Everything sits under ['accounting'], so that one invalidation after a
// change (an accounting status, quick pay, a payment's status) refreshes every page that may show it.

export const V2_API = '/backend/api/v2';

export const accountingQueryKeys = {
  all: ['accounting'] as const,
  loadLists: ['accounting', 'loads'] as const,
  listOfLoads: (query: Record<string, unknown>) => ['accounting', 'loads', 'lol', query] as const,
  income: (type: IncomeType, query: Record<string, unknown>) => ['accounting', 'loads', type, query] as const,
  /** The menu's quick pay badge (its count only). */
  quickPayCount: ['accounting', 'quick-pay-count'] as const,
  details: ['accounting', 'income-detail'] as const,
  detail: (id: number) => ['accounting', 'income-detail', id] as const,
  brokerPayments: (list: PaymentList, query: Record<string, unknown>) =>
    ['accounting', 'brokers', list, query] as const,
  ageing: (query: Record<string, unknown>) => ['accounting', 'brokers', 'ageing', query] as const,
};

/** After any change of accounting: every list, page and count. */
export function invalidateAccounting(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: accountingQueryKeys.all });
}

/** Errors the accounting screens show themselves (in a dialog, under a field), not as the generic toast. */
export const SHOWN_BY_THE_PAGE = [400, 404, 409] as const;
