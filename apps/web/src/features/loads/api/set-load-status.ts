import type { StatusDirection } from '@app/domain/loads/load-lifecycle.rules';
import { http } from '@/lib/api';
import { LOADS_API, SHOWN_BY_THE_PAGE } from './load-query-keys';
import { useLoadMutation } from './load-mutation';

export type SetLoadStatusVariables = { id: number; direction: StatusDirection };

/** PUT loads/{id}/set-next-status or set-prev-status: one step forward or back. */
export function setLoadStatus({ id, direction }: SetLoadStatusVariables): Promise<unknown> {
  return http.put(`${LOADS_API}/${id}/set-${direction}-status`, undefined, {
    quietStatuses: SHOWN_BY_THE_PAGE,
  });
}

export function useSetLoadStatus() {
  return useLoadMutation(setLoadStatus);
}
