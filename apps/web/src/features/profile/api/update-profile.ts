import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateInput } from '@app/domain/users/users.schema';
import { http } from '@/lib/api';
import type { CurrentUser } from '@/lib/current-user';
import { queryKeys } from '@/lib/query-keys';

export const UPDATE_PROFILE_PATH = '/backend/api/v2/profile/me/update';

export type ProfileChange = ProfileUpdateInput & { avatar?: File | null };

/** Names and language as JSON; with a new avatar the same fields go as multipart form data. */
export function updateProfile(change: ProfileChange): Promise<unknown> {
  const { avatar, ...fields } = change;
  if (!avatar) return http.put(UPDATE_PROFILE_PATH, fields, { quietStatuses: [400] });
  const form = new FormData();
  form.append('first_name', fields.first_name);
  form.append('last_name', fields.last_name);
  form.append('lang', fields.lang);
  if (fields.working_gmail !== undefined) form.append('working_gmail', fields.working_gmail ?? '');
  form.append('avatar', avatar);
  return http.put(UPDATE_PROFILE_PATH, form, { quietStatuses: [400] });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (_answer, change) => {
      // The shell shows the new name and keeps the language at once; the server's copy follows.
      queryClient.setQueryData<CurrentUser | null>(queryKeys.currentUser, (user) =>
        user
          ? { ...user, first_name: change.first_name, last_name: change.last_name, lang: change.lang }
          : user,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
      ]);
    },
  });
}
