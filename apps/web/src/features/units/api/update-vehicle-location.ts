import type { LocationUpdateInput, Vehicle } from '@app/domain/units/units.schema';
import { http } from '@/lib/api';
import { SHOWN_BY_THE_PAGE, UNITS_API } from './units-query-keys';
import { useVehicleMutation } from './vehicle-mutation';

export type UpdateVehicleLocationVariables = { id: number; body: LocationUpdateInput };

/**
 * PUT cars/{id}/update-location: what the location dialog saves (current and planned location, the
 * location type and, when chosen, the status). The server applies the dialog's rules again (409).
 */
export function updateVehicleLocation({ id, body }: UpdateVehicleLocationVariables): Promise<Vehicle> {
  return http.put<Vehicle>(`${UNITS_API}/cars/${id}/update-location`, body, {
    quietStatuses: SHOWN_BY_THE_PAGE,
  });
}

export function useUpdateVehicleLocation() {
  return useVehicleMutation(updateVehicleLocation);
}
