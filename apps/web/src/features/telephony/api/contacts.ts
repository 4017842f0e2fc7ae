import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactList } from '@app/domain/telephony/telephony.schema';
import { http } from '@/lib/api';
import { telephonyQueryKeys } from './telephony-query-keys';

export const CONTACTS_PATH = '/backend/api/v2/telephony/contacts';

/** The panel's search starts at this many characters. */
export const MIN_CONTACT_SEARCH = 2;

export const contactsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: telephonyQueryKeys.contacts(search),
    queryFn: ({ signal }) =>
      http.get<ContactList>(CONTACTS_PATH, { query: { search, limit: 20 }, signal, silent: true }),
    staleTime: 30_000,
  });

/** GET telephony/contacts?search=: drivers, owners, brokers and colleagues (20 at most). */
export function useContactSearch(search: string) {
  return useQuery({
    ...contactsQueryOptions(search),
    enabled: search.length >= MIN_CONTACT_SEARCH,
    placeholderData: keepPreviousData,
  });
}
