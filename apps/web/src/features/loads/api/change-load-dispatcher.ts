import { http } from '@/lib/api';
import { LOADS_API, SHOWN_BY_THE_PAGE } from './load-query-keys';
import { useLoadMutation } from './load-mutation';

export type ChangeLoadDispatcherVariables = { id: number; new_dispatcher: number };

/** PUT loads/{id}/change-responsible {new_dispatcher}: the dispatcher responsible for the load. */
export function changeLoadDispatcher({
  id,
  new_dispatcher,
}: ChangeLoadDispatcherVariables): Promise<unknown> {
  return http.put(
    `${LOADS_API}/${id}/change-responsible`,
    { new_dispatcher },
    { quietStatuses: SHOWN_BY_THE_PAGE },
  );
}

export function useChangeLoadDispatcher() {
  return useLoadMutation(changeLoadDispatcher);
}
