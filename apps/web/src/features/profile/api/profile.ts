import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@app/domain/users/users.schema';
import { http } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const PROFILE_PATH = '/backend/api/v2/profile/me';

export type ProfileAnswer = Profile & {
  email?: string;
  avatar?: string | null;
  working_gmail?: string | null;
};

export function fetchProfile(signal?: AbortSignal): Promise<ProfileAnswer> {
  return http.get<ProfileAnswer>(PROFILE_PATH, { signal });
}

export const profileQueryOptions = queryOptions({
  queryKey: queryKeys.profile,
  queryFn: ({ signal }) => fetchProfile(signal),
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}
