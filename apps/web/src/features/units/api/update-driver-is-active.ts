import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/api';
import { invalidatePeople, SHOWN_BY_THE_PAGE, UNITS_API } from './units-query-keys';

export type UpdateDriverIsActiveVariables = { id: number; is_active: boolean };

/** PUT users/{id}/update-driver-is-active/: whether the driver sees loads on the load board. */
export function updateDriverIsActive({ id, is_active }: UpdateDriverIsActiveVariables): Promise<unknown> {
  return http.put(
    `${UNITS_API}/users/${id}/update-driver-is-active/`,
    { is_active },
    { quietStatuses: SHOWN_BY_THE_PAGE },
  );
}

export function useUpdateDriverIsActive() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateDriverIsActive, onSettled: () => invalidatePeople(queryClient) });
}
