import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountingLoadListResponse, IncomeType } from '@app/domain/accounting/income.schema';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import { accountingQueryKeys, V2_API } from './accounting-query-keys';

/** Which accounting list of loads: the list of loads (GET loads/lol) or one of the income lists. */
export type AccountingLoadsKind = 'lol' | IncomeType;

/** GET loads/lol, or GET loads/income with its type: one page, its count and the totals of all. */
export function fetchAccountingLoads(kind: AccountingLoadsKind, query: QueryParams, signal?: AbortSignal) {
  return kind === 'lol'
    ? http.get<AccountingLoadListResponse>(`${V2_API}/loads/lol`, { query, signal })
    : http.get<AccountingLoadListResponse>(`${V2_API}/loads/income`, {
        query: { ...query, type: kind },
        signal,
      });
}

export function accountingLoadsQueryOptions(kind: AccountingLoadsKind, query: QueryParams) {
  return queryOptions({
    queryKey:
      kind === 'lol' ? accountingQueryKeys.listOfLoads(query) : accountingQueryKeys.income(kind, query),
    queryFn: ({ signal }) => fetchAccountingLoads(kind, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAccountingLoads(kind: AccountingLoadsKind, query: QueryParams) {
  return useQuery(accountingLoadsQueryOptions(kind, query));
}

/**
 * The quick pay count of the menu's badge: GET loads/income type quick-pay with page 1 and limit 1, only
 * its count read. A failure is only logged (silent), as the spec says; no request without the income entry.
 */
export function useQuickPayCount(enabled: boolean): number {
  const query = useQuery({
    queryKey: accountingQueryKeys.quickPayCount,
    queryFn: ({ signal }) =>
      http
        .get<AccountingLoadListResponse>(`${V2_API}/loads/income`, {
          query: { type: 'quick-pay', page: 1, limit: 1 },
          signal,
          silent: true,
        })
        .then((answer) => answer.count)
        .catch((error: unknown) => {
          console.warn('The quick pay count could not be read', error);
          return 0;
        }),
    enabled,
    staleTime: 60_000,
  });
  return query.data ?? 0;
}
