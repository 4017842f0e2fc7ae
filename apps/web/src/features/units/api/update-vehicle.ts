import type { Vehicle, VehicleUpdateInput } from '@app/domain/units/units.schema';
import { http } from '@/lib/api';
import { SHOWN_BY_THE_PAGE, UNITS_API } from './units-query-keys';
import { useVehicleMutation } from './vehicle-mutation';

export type UpdateVehicleVariables = { id: number; body: VehicleUpdateInput };

/** PUT cars/{id}/update: every detail of the vehicle (a field left empty is cleared). */
export function updateVehicle({ id, body }: UpdateVehicleVariables): Promise<Vehicle> {
  return http.put<Vehicle>(`${UNITS_API}/cars/${id}/update`, body, { quietStatuses: SHOWN_BY_THE_PAGE });
}

export function useUpdateVehicle() {
  return useVehicleMutation(updateVehicle);
}
