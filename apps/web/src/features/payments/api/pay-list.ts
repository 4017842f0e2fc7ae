import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  DispatcherPaymentRow,
  OwnerPaymentRow,
  PayTotals,
} from '@app/domain/accounting/payments.schema';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import { PAYMENTS_API, paymentsQueryKeys, type PayType } from './payments-query-keys';

/** The path of each type's pay under payments/. */
export const PAY_PATHS: Record<PayType, string> = { owner: 'owners', dispatcher: 'dispatchers' };

/** One page of either list: the dispatchers' rows and totals also carry the loads' margin. */
export type PayListResponse = {
  count: number;
  results: (OwnerPaymentRow | DispatcherPaymentRow)[];
  totals: PayTotals & { margin?: number };
};

/** GET payments/owners/all or payments/dispatchers/all: one page with the totals of all it matches. */
export function fetchPayList(type: PayType, query: QueryParams, signal?: AbortSignal) {
  return http.get<PayListResponse>(`${PAYMENTS_API}/${PAY_PATHS[type]}/all`, { query, signal });
}

export function usePayList(type: PayType, query: QueryParams) {
  return useQuery(
    queryOptions({
      queryKey: paymentsQueryKeys.list(type, query),
      queryFn: ({ signal }) => fetchPayList(type, query, signal),
      // The rows stay while the next page, week or filter is fetched, so the table does not jump.
      placeholderData: keepPreviousData,
    }),
  );
}
