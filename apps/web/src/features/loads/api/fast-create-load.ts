import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoadCreateResponse, LoadFastCreateInput } from '@app/domain/loads/loads.schema';
import { http } from '@/lib/api';
import { invalidateLoads, LOADS_API } from './load-query-keys';

export const FAST_CREATE_LOAD_PATH = `${LOADS_API}/fast-create`;

export type FastCreateLoadVariables = {
  body: LoadFastCreateInput;
  /** The same key for every attempt to post one load, so a retry never posts it twice. */
  idempotencyKey: string;
};

/**
 * POST loads/fast-create: a minimal load board posting (pick-up and delivery places and dates, vehicle
 * type, broker, price); answers the new load's id. Silent: the caller shows the failure beside its fields.
 */
export function fastCreateLoad({
  body,
  idempotencyKey,
}: FastCreateLoadVariables): Promise<LoadCreateResponse> {
  return http.post<LoadCreateResponse>(FAST_CREATE_LOAD_PATH, body, {
    silent: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useFastCreateLoad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fastCreateLoad,
    onSuccess: () => invalidateLoads(queryClient),
  });
}
