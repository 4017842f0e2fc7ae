import { http } from '@/lib/api';
import { LOADS_API, SHOWN_BY_THE_PAGE } from './load-query-keys';
import { useLoadMutation } from './load-mutation';

export type ChangeLoadPriceVariables = {
  id: number;
  broker_price: string | number;
  driver_price: string | number;
};

/** PUT loads/active/{id}/change-price {broker_price, driver_price}. */
export function changeLoadPrice({ id, ...body }: ChangeLoadPriceVariables): Promise<unknown> {
  return http.put(`${LOADS_API}/active/${id}/change-price`, body, { quietStatuses: SHOWN_BY_THE_PAGE });
}

export function useChangeLoadPrice() {
  return useLoadMutation(changeLoadPrice);
}
