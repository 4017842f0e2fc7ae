import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Employee, EmployeeUpdate } from '@app/domain/users/employees.schema';
import { http } from '@/lib/api';
import { SHOWN_BY_THE_PAGE, USERS_API, usersQueryKeys } from './users-query-keys';

export type UpdateEmployeeVariables = { id: number; body: EmployeeUpdate };

/** PUT users/{id}/update/: only the fields that changed are sent. */
export function updateEmployee({ id, body }: UpdateEmployeeVariables): Promise<Employee> {
  return http.put<Employee>(`${USERS_API}/${id}/update/`, body, { quietStatuses: SHOWN_BY_THE_PAGE });
}

export function useUpdateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmployee,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.employees }),
  });
}
