import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountingPeople,
  AccountingPerson,
  DispatcherInfoUpdateInput,
} from '@app/domain/accounting/pay-changes.schema';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import { invalidatePayments, paymentsQueryKeys, SHOWN_BY_THE_PAGE, USERS_API } from './payments-query-keys';

/** GET users/accounting/: the managers and dispatchers with their pay terms. */
export function fetchPayPeople(query: QueryParams, signal?: AbortSignal) {
  return http.get<AccountingPeople>(`${USERS_API}/accounting/`, { query, signal });
}

export function usePayPeople(query: QueryParams, enabled = true) {
  return useQuery({
    queryKey: paymentsQueryKeys.peopleList(query),
    queryFn: ({ signal }) => fetchPayPeople(query, signal),
    enabled,
  });
}

export type SetTermsVariables = { id: number; body: DispatcherInfoUpdateInput };

/** PUT users/{id}/dispatcher-info/: the terms; the open weeks are paid by them. */
export function setDispatcherTerms({ id, body }: SetTermsVariables): Promise<AccountingPerson> {
  return http.put<AccountingPerson>(`${USERS_API}/${id}/dispatcher-info/`, body, {
    quietStatuses: SHOWN_BY_THE_PAGE,
  });
}

export function useSetDispatcherTerms() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setDispatcherTerms, onSettled: () => invalidatePayments(queryClient) });
}
