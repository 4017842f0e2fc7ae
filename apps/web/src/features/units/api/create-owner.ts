import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Owner, OwnerCreateInput } from '@app/domain/units/units.schema';
import { http } from '@/lib/api';
import { invalidatePeople, SHOWN_BY_THE_PAGE, UNITS_API } from './units-query-keys';

/** POST users/owners/create: a new vehicle owner. */
export function createOwner(body: OwnerCreateInput): Promise<Owner> {
  return http.post<Owner>(`${UNITS_API}/users/owners/create`, body, { quietStatuses: SHOWN_BY_THE_PAGE });
}

export function useCreateOwner() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createOwner, onSuccess: () => invalidatePeople(queryClient) });
}
