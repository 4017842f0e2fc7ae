import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Employee } from '@app/domain/users/employees.schema';
import type { ListResponse } from '@app/domain/common/pagination';
import { http } from '@/lib/api';
import { USERS_API, usersQueryKeys } from './users-query-keys';

/** The filters and page of the people list, as the query string sends them (empty ones left out). */
export type EmployeeListParams = {
  role?: number | undefined;
  status?: string | undefined;
  working_group?: number | undefined;
  text?: string | undefined;
  page: number;
  limit: number;
};

/** GET users/company-employees/: one page of the company's office staff by the filters. */
export function fetchCompanyEmployees(query: EmployeeListParams, signal?: AbortSignal) {
  return http.get<ListResponse<Employee>>(`${USERS_API}/company-employees/`, { query, signal });
}

/** The page shown; the previous page stays on screen while the next one loads. */
export function useCompanyEmployees(query: EmployeeListParams, enabled = true) {
  return useQuery({
    queryKey: usersQueryKeys.employeeList(query),
    queryFn: ({ signal }) => fetchCompanyEmployees(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
