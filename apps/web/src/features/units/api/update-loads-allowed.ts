import { http } from '@/lib/api';
import { SHOWN_BY_THE_PAGE } from './units-query-keys';
import { useVehicleMutation } from './vehicle-mutation';

export type UpdateLoadsAllowedVariables = {
  id: number;
  loads_allowed_for_driver?: boolean;
  loads_allowed_for_owner?: boolean;
};

/**
 * PUT /backend/api/cars/{id}/ (the older call): allow or forbid loads for the vehicle's driver or owner;
 * only the flag sent changes.
 */
export function updateLoadsAllowed({ id, ...flags }: UpdateLoadsAllowedVariables): Promise<unknown> {
  return http.put(`/backend/api/cars/${id}/`, flags, { quietStatuses: SHOWN_BY_THE_PAGE });
}

export function useUpdateLoadsAllowed() {
  return useVehicleMutation(updateLoadsAllowed);
}
