import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/api';
import { INCENTIVES_API, invalidateLoadIncentives, SHOWN_BY_THE_DIALOG } from './incentives-query-keys';

/** DELETE incentives/{id}: the bonus or fine is taken off its load. */
export function deleteIncentive({ id }: { id: number; loadId: number }): Promise<{ detail: string }> {
  return http.delete<{ detail: string }>(`${INCENTIVES_API}/incentives/${id}`, {
    quietStatuses: SHOWN_BY_THE_DIALOG,
  });
}

export function useDeleteIncentive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIncentive,
    onSuccess: (_answer, { loadId }) => invalidateLoadIncentives(queryClient, loadId),
  });
}
