import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/api';
import { LOADS_API, loadQueryKeys, SHOWN_BY_THE_PAGE } from './load-query-keys';

/** DELETE loads/{id}/delete. */
export function deleteLoad({ id }: { id: number }): Promise<unknown> {
  return http.delete(`${LOADS_API}/${id}/delete`, { quietStatuses: SHOWN_BY_THE_PAGE });
}

/** The lists are refreshed; the deleted load's page is left, not fetched again. */
export function useDeleteLoad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLoad,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loadQueryKeys.lists }),
  });
}
