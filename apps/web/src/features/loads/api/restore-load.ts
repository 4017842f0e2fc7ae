import { http } from '@/lib/api';
import { LOADS_API, SHOWN_BY_THE_PAGE } from './load-query-keys';
import { useLoadMutation } from './load-mutation';

/** PUT loads/{id}/restore: a canceled load starts over at Waiting to accept. */
export function restoreLoad({ id }: { id: number }): Promise<unknown> {
  return http.put(`${LOADS_API}/${id}/restore`, undefined, { quietStatuses: SHOWN_BY_THE_PAGE });
}

export function useRestoreLoad() {
  return useLoadMutation(restoreLoad);
}
