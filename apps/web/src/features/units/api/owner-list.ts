import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnerListResponse } from '@app/domain/units/units.schema';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import type { PickerOption } from '@/components/search-picker/search-picker';
import { UNITS_API, unitsQueryKeys } from './units-query-keys';

export const OWNER_LIST_PATH = `${UNITS_API}/users/owners`;

/** GET users/owners: one page of the company's vehicle owners with the filters that are set. */
export function fetchOwnerList(query: QueryParams, signal?: AbortSignal) {
  return http.get<OwnerListResponse>(OWNER_LIST_PATH, { query, signal });
}

export function ownerListQueryOptions(query: QueryParams) {
  return queryOptions({
    queryKey: unitsQueryKeys.ownerList(query),
    queryFn: ({ signal }) => fetchOwnerList(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOwnerList(query: QueryParams) {
  return useQuery(ownerListQueryOptions(query));
}

/** GET users/owners?search: owners by name or company, for a picker (the company beside the name). */
export async function searchOwners(text: string, signal?: AbortSignal): Promise<PickerOption[]> {
  const answer = await http.get<OwnerListResponse>(OWNER_LIST_PATH, {
    query: { search: text, limit: 20 },
    signal,
    silent: true,
  });
  return answer.results.map((owner) => ({
    id: owner.id,
    label: owner.full_name,
    detail: owner.company_name,
  }));
}
