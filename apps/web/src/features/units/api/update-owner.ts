import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Owner, OwnerUpdateInput } from '@app/domain/units/units.schema';
import { http } from '@/lib/api';
import { invalidatePeople, SHOWN_BY_THE_PAGE, UNITS_API } from './units-query-keys';

export type UpdateOwnerVariables = { id: number; body: OwnerUpdateInput };

/** PUT users/owners/{id}/update: only the fields sent change (the wage visibility switch sends one). */
export function updateOwner({ id, body }: UpdateOwnerVariables): Promise<Owner> {
  return http.put<Owner>(`${UNITS_API}/users/owners/${id}/update`, body, {
    quietStatuses: SHOWN_BY_THE_PAGE,
  });
}

export function useUpdateOwner() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateOwner, onSettled: () => invalidatePeople(queryClient) });
}
