import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Incentive, IncentiveCreateInput } from '@app/domain/accounting/incentives.schema';
import { http } from '@/lib/api';
import { INCENTIVES_API, invalidateLoadIncentives, SHOWN_BY_THE_DIALOG } from './incentives-query-keys';

export type CreateIncentiveVariables = {
  loadId: number;
  body: IncentiveCreateInput;
  /** The same key for every attempt to save one incentive, so a retry never pays a bonus twice. */
  idempotencyKey: string;
};

/** POST incentives/loads/{id}/create: a bonus or a fine for the load's driver, owner or dispatcher. */
export function createIncentive({
  loadId,
  body,
  idempotencyKey,
}: CreateIncentiveVariables): Promise<Incentive> {
  return http.post<Incentive>(`${INCENTIVES_API}/incentives/loads/${loadId}/create`, body, {
    quietStatuses: SHOWN_BY_THE_DIALOG,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateIncentive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIncentive,
    onSuccess: (_incentive, { loadId }) => invalidateLoadIncentives(queryClient, loadId),
  });
}
