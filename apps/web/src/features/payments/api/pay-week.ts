import { useQuery } from '@tanstack/react-query';
import type { DispatcherPayDetail, OwnerPayDetail } from '@app/domain/accounting/payments.schema';
import { http } from '@/lib/api';
import { PAY_PATHS } from './pay-list';
import { PAYMENTS_API, paymentsQueryKeys, type PayType } from './payments-query-keys';

export type PayWeekAnswer<Type extends PayType> = Type extends 'owner' ? OwnerPayDetail : DispatcherPayDetail;

/** GET payments/owners/{id} or payments/dispatchers/{id}: a person's week, as the pay sheet shows it. */
export function fetchPayWeek<Type extends PayType>(type: Type, id: number, signal?: AbortSignal) {
  return http.get<PayWeekAnswer<Type>>(`${PAYMENTS_API}/${PAY_PATHS[type]}/${id}`, { signal });
}

export function usePayWeek<Type extends PayType>(type: Type, id: number | null) {
  return useQuery({
    queryKey: paymentsQueryKeys.week(type, id ?? 0),
    queryFn: ({ signal }) => fetchPayWeek(type, id!, signal),
    enabled: id !== null,
  });
}
