import { http } from '@/lib/api';
import { LOADS_API, SHOWN_BY_THE_PAGE } from './load-query-keys';
import { useLoadMutation } from './load-mutation';

/** Amounts as typed ('$1,200.50' or 1200.5); the server reads both. */
export type TonuLoadVariables = { id: number; broker_price: string | number; driver_price: string | number };

/** PUT loads/active/{id}/tonu {broker_price, driver_price}. */
export function tonuLoad({ id, ...body }: TonuLoadVariables): Promise<unknown> {
  return http.put(`${LOADS_API}/active/${id}/tonu`, body, { quietStatuses: SHOWN_BY_THE_PAGE });
}

export function useTonuLoad() {
  return useLoadMutation(tonuLoad);
}
