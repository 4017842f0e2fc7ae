import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadFormToActiveUpdateBody } from '@app/domain/loads/load-form.rules';
import type { LoadFormValues } from '@app/domain/loads/load-form.rules';
import { http } from '@/lib/api';
import { invalidateLoads, LOADS_API } from './load-query-keys';

export const updateActiveLoadPath = (id: number) => `${LOADS_API}/active/${id}/edit`;

export type UpdateActiveLoadVariables = { id: number; values: LoadFormValues };

/**
 * PUT loads/active/{id}/edit with the load form's values: the body omits broker_company and sends the
 * accounting broker company as an id. Silent: the load form shows the failure (a 409 such as "You can't
 * remove an active load point." included) with the server's field messages beside the fields.
 */
export function updateActiveLoad({ id, values }: UpdateActiveLoadVariables): Promise<unknown> {
  return http.put(updateActiveLoadPath(id), loadFormToActiveUpdateBody(values), { silent: true });
}

export function useUpdateActiveLoad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateActiveLoad,
    // Refused or not, the load is fetched again so the page shows it as it is now.
    onSettled: () => invalidateLoads(queryClient),
  });
}
