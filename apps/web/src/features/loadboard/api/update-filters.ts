import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateFilters } from '@app/domain/users/users.schema';
import { http } from '@/lib/api';
import type { CurrentUser } from '@/lib/current-user';
import { queryKeys } from '@/lib/query-keys';

export const UPDATE_FILTERS_PATH = '/backend/api/v2/profile/update-filters';

/** PUT profile/update-filters: the user's named load board templates, as JSON text of a list. */
export function updateFilters(filters_data_2: string) {
  return http.put<UpdateFilters>(UPDATE_FILTERS_PATH, { filters_data_2 });
}

/**
 * Saves the templates and keeps the signed-in user's copy (users/my) in step, so another board opened in
 * this tab reads the same templates without asking the server again.
 */
export function useUpdateFilters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFilters,
    onSuccess: ({ filters_data_2 }) => {
      queryClient.setQueryData<CurrentUser | null>(queryKeys.currentUser, (user) =>
        user ? { ...user, filters_data_2 } : user,
      );
    },
  });
}
