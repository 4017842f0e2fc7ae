import { http } from '@/lib/api';
import { LOADS_API, SHOWN_BY_THE_PAGE } from './load-query-keys';
import { useLoadMutation } from './load-mutation';

export type ChangeLoadDriverVariables = { id: number; new_driver: number };

/** PUT loads/{id}/change-driver {new_driver}. */
export function changeLoadDriver({ id, new_driver }: ChangeLoadDriverVariables): Promise<unknown> {
  return http.put(`${LOADS_API}/${id}/change-driver`, { new_driver }, { quietStatuses: SHOWN_BY_THE_PAGE });
}

export function useChangeLoadDriver() {
  return useLoadMutation(changeLoadDriver);
}
