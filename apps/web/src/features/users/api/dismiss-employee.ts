import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmployeeDismissal } from '@app/domain/users/employees.schema';
import { http } from '@/lib/api';
import { SHOWN_BY_THE_PAGE, USERS_API, usersQueryKeys } from './users-query-keys';

export type DismissEmployeeVariables = { id: number; handTo: number | null };

/**
 * DELETE users/{id}/delete/: status Fired, their sign-ins end; their open loads and vehicles go to the
 * colleague (hand_to in the query string, which every proxy keeps on a DELETE).
 */
export function dismissEmployee({ id, handTo }: DismissEmployeeVariables): Promise<EmployeeDismissal> {
  return http.delete<EmployeeDismissal>(`${USERS_API}/${id}/delete/`, {
    query: handTo === null ? {} : { hand_to: handTo },
    quietStatuses: SHOWN_BY_THE_PAGE,
  });
}

export function useDismissEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissEmployee,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.employees }),
  });
}
