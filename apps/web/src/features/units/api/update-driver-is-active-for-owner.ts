import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/api';
import { invalidatePeople, SHOWN_BY_THE_PAGE, UNITS_API } from './units-query-keys';

export type UpdateDriverIsActiveForOwnerVariables = { id: number; is_active_for_owner: boolean };

/** PUT users/{id}/update-driver-is-active-for-owner/: whether the owner sees loads for this driver. */
export function updateDriverIsActiveForOwner({
  id,
  is_active_for_owner,
}: UpdateDriverIsActiveForOwnerVariables): Promise<unknown> {
  return http.put(
    `${UNITS_API}/users/${id}/update-driver-is-active-for-owner/`,
    { is_active_for_owner },
    { quietStatuses: SHOWN_BY_THE_PAGE },
  );
}

export function useUpdateDriverIsActiveForOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDriverIsActiveForOwner,
    onSettled: () => invalidatePeople(queryClient),
  });
}
