import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadFormToCreateBody } from '@app/domain/loads/load-form.rules';
import type { LoadFormValues } from '@app/domain/loads/load-form.rules';
import type { LoadCreateInput, LoadCreateResponse } from '@app/domain/loads/loads.schema';
import { http } from '@/lib/api';
import { invalidateLoads, LOADS_API } from './load-query-keys';

export const CREATE_LOAD_PATH = `${LOADS_API}/create`;

export type CreateLoadVariables = {
  values: LoadFormValues;
  /** The same key for every attempt to save one new load, so a retry never makes a second load. */
  idempotencyKey: string;
};

/**
 * POST loads/create with the load form's values; answers the new load's id. Silent: the load form shows
 * every failure itself, with the server's field messages beside the fields.
 */
export function createLoad({ values, idempotencyKey }: CreateLoadVariables): Promise<LoadCreateResponse> {
  const body: LoadCreateInput = loadFormToCreateBody(values);
  return http.post<LoadCreateResponse>(CREATE_LOAD_PATH, body, {
    silent: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateLoad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLoad,
    onSuccess: () => invalidateLoads(queryClient),
  });
}
