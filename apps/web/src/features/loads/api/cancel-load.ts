import { http } from '@/lib/api';
import { LOADS_API, SHOWN_BY_THE_PAGE } from './load-query-keys';
import { useLoadMutation } from './load-mutation';

export type CancelLoadVariables = { id: number; driver_price: string | number };

/** PUT loads/active/{id}/cancel {driver_price}. */
export function cancelLoad({ id, ...body }: CancelLoadVariables): Promise<unknown> {
  return http.put(`${LOADS_API}/active/${id}/cancel`, body, { quietStatuses: SHOWN_BY_THE_PAGE });
}

export function useCancelLoad() {
  return useLoadMutation(cancelLoad);
}
