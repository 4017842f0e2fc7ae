import { queryOptions } from '@tanstack/react-query';
import type { Country } from '@app/domain/common/lookups';
import type { AddressLookupResponse } from '@app/domain/geo/geo.schema';
import { http } from '../api';

// Address suggestions for typed text from the server's gazetteer of US and Canadian places.

export const ADDRESS_LOOKUP_PATH = '/backend/api/v2/geo/address-lookup';
/** The server answers nothing shorter. */
export const ADDRESS_LOOKUP_MIN_LENGTH = 2;

export type AddressLookupParams = { query: string; country?: Country | null; limit?: number };

export function fetchAddressLookup(
  { query, country, limit }: AddressLookupParams,
  signal?: AbortSignal,
): Promise<AddressLookupResponse> {
  // A failed lookup is shown in the suggestion list, not as a page-wide error.
  return http.get<AddressLookupResponse>(ADDRESS_LOOKUP_PATH, {
    query: { query, country, limit },
    signal,
    silent: true,
  });
}

export function addressLookupQueryOptions(params: AddressLookupParams) {
  const query = params.query.trim();
  return queryOptions({
    queryKey: [
      'geo',
      'address-lookup',
      query.toLowerCase(),
      params.country ?? null,
      params.limit ?? null,
    ] as const,
    queryFn: ({ signal }) => fetchAddressLookup({ ...params, query }, signal),
    enabled: query.length >= ADDRESS_LOOKUP_MIN_LENGTH,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
