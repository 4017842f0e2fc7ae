import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserRequest } from '@app/domain/users/users.schema';
import { http } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const USER_REQUESTS_PATH = '/backend/api/v2/users/requests/';

/** The pending requests to join the company that the caller may decide on. */
export async function fetchUserRequests(signal?: AbortSignal): Promise<UserRequest[]> {
  const answer = await http.get<UserRequest[] | { results: UserRequest[] }>(USER_REQUESTS_PATH, { signal });
  return Array.isArray(answer) ? answer : answer.results;
}

export const userRequestsQueryOptions = queryOptions({
  queryKey: queryKeys.userRequests,
  queryFn: ({ signal }) => fetchUserRequests(signal),
});

export function useUserRequests() {
  return useQuery(userRequestsQueryOptions);
}
