import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PaymentStatusUpdated,
  PaymentStatusUpdateInput,
} from '@app/domain/accounting/pay-changes.schema';
import { http } from '@/lib/api';
import { invalidatePayments, PAYMENTS_API, SHOWN_BY_THE_PAGE } from './payments-query-keys';

/** PUT payments/update-status {payments_ids, type, status}: all the payments named change, or none. */
export function updatePaymentStatus(body: PaymentStatusUpdateInput): Promise<PaymentStatusUpdated> {
  return http.put<PaymentStatusUpdated>(`${PAYMENTS_API}/update-status`, body, {
    quietStatuses: SHOWN_BY_THE_PAGE,
  });
}

export function useUpdatePaymentStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePaymentStatus, onSettled: () => invalidatePayments(queryClient) });
}
