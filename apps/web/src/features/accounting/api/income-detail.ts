import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountingStatusUpdateInput, IncomeDetail } from '@app/domain/accounting/income.schema';
import { http } from '@/lib/api';
import {
  accountingQueryKeys,
  invalidateAccounting,
  SHOWN_BY_THE_PAGE,
  V2_API,
} from './accounting-query-keys';

/** GET loads/income/{id}/: a load of accounting with its money, payment, documents and history. */
export function fetchIncomeDetail(id: number, signal?: AbortSignal) {
  return http.get<IncomeDetail>(`${V2_API}/loads/income/${id}/`, { signal, quietStatuses: [404] });
}

export function useIncomeDetail(id: number) {
  return useQuery({
    queryKey: accountingQueryKeys.detail(id),
    queryFn: ({ signal }) => fetchIncomeDetail(id, signal),
  });
}

/** PUT loads/{id}/update-accounting-status {accounting_status, override?}: answers the load as it is now. */
export function updateAccountingStatus(id: number, body: AccountingStatusUpdateInput) {
  return http.put<IncomeDetail>(`${V2_API}/loads/${id}/update-accounting-status`, body, {
    quietStatuses: SHOWN_BY_THE_PAGE,
  });
}

export function useUpdateAccountingStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountingStatusUpdateInput) => updateAccountingStatus(id, body),
    onSuccess: (detail) => queryClient.setQueryData(accountingQueryKeys.detail(id), detail),
    onSettled: () => invalidateAccounting(queryClient),
  });
}
