import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BrokerAgeingResponse,
  BrokerPaymentListResponse,
  BrokerPaymentRow,
  PaymentList,
  QuickpayUpdateInput,
} from '@app/domain/accounting/broker-payments.schema';
import type { PaymentStatusId } from '@app/domain/common/lookups';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import {
  accountingQueryKeys,
  invalidateAccounting,
  SHOWN_BY_THE_PAGE,
  V2_API,
} from './accounting-query-keys';

/** GET payments/brokers/all: one page of broker payments and the totals of every one listed. */
export function useBrokerPayments(list: PaymentList, query: QueryParams) {
  return useQuery({
    queryKey: accountingQueryKeys.brokerPayments(list, query),
    queryFn: ({ signal }) =>
      http.get<BrokerPaymentListResponse>(`${V2_API}/payments/brokers/all`, {
        query: { ...query, list },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET payments/brokers/ageing: brokers with unpaid invoices by days past due. */
export function useBrokerAgeing(query: QueryParams) {
  return useQuery({
    queryKey: accountingQueryKeys.ageing(query),
    queryFn: ({ signal }) =>
      http.get<BrokerAgeingResponse>(`${V2_API}/payments/brokers/ageing`, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** PUT payments/update-quickpay/{id} {quickpay}: a percent, true for the company's, null for none. */
export function useUpdateQuickpay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, quickpay }: { id: number; quickpay: QuickpayUpdateInput['quickpay'] }) =>
      http.put<BrokerPaymentRow>(
        `${V2_API}/payments/update-quickpay/${id}`,
        { quickpay },
        {
          quietStatuses: SHOWN_BY_THE_PAGE,
        },
      ),
    onSettled: () => invalidateAccounting(queryClient),
  });
}

export type PaymentStatusChange = { payments_ids: number[]; type: 'broker'; status: PaymentStatusId };

/** PUT payments/update-status {payments_ids, type, status}: every payment named changes, or none. */
export function useUpdateBrokerPaymentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentStatusChange) =>
      http.put<unknown>(`${V2_API}/payments/update-status`, body, { quietStatuses: SHOWN_BY_THE_PAGE }),
    onSettled: () => invalidateAccounting(queryClient),
  });
}
