import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnerCompaniesResponse } from '@app/domain/units/units.schema';
import { http } from '@/lib/api';
import { UNITS_API, unitsQueryKeys } from './units-query-keys';

/** GET users/owner-companies?name: the owners' company names containing the text. */
export function fetchOwnerCompanies(name: string, signal?: AbortSignal) {
  return http.get<OwnerCompaniesResponse>(`${UNITS_API}/users/owner-companies`, {
    query: { name },
    signal,
    silent: true,
  });
}

export function ownerCompaniesQueryOptions(name: string) {
  return queryOptions({
    queryKey: unitsQueryKeys.ownerCompanies(name),
    queryFn: ({ signal }) => fetchOwnerCompanies(name, signal),
    staleTime: 60_000,
  });
}

export function useOwnerCompanies(name: string) {
  return useQuery(ownerCompaniesQueryOptions(name));
}
