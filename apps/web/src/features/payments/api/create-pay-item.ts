import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayItem, PayItemCreateInput } from '@app/domain/accounting/pay-changes.schema';
import { http } from '@/lib/api';
import { invalidatePayments, PAYMENTS_API, SHOWN_BY_THE_PAGE } from './payments-query-keys';

export type CreatePayItemVariables = { body: PayItemCreateInput; idempotencyKey: string };

/**
 * POST payments/create: a payment or a charge for an owner or a dispatcher. The dialog keeps one
 * Idempotency-Key while it is open, so a retried save makes one pay item.
 */
export function createPayItem({ body, idempotencyKey }: CreatePayItemVariables): Promise<PayItem> {
  return http.post<PayItem>(`${PAYMENTS_API}/create`, body, {
    quietStatuses: SHOWN_BY_THE_PAGE,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreatePayItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPayItem, onSettled: () => invalidatePayments(queryClient) });
}
