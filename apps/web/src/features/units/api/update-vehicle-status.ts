import type { SELECTABLE_VEHICLE_STATUS_IDS } from '@app/domain/common/lookups';
import { http } from '@/lib/api';
import { SHOWN_BY_THE_PAGE, UNITS_API } from './units-query-keys';
import { useVehicleMutation } from './vehicle-mutation';

export type SelectableVehicleStatus = (typeof SELECTABLE_VEHICLE_STATUS_IDS)[number];

export type UpdateVehicleStatusVariables = { id: number; status: SelectableVehicleStatus };

/** PUT cars/{id}/update-status: Available or Not available (a vehicle on load keeps its status: 409). */
export function updateVehicleStatus({ id, status }: UpdateVehicleStatusVariables): Promise<unknown> {
  return http.put(`${UNITS_API}/cars/${id}/update-status`, { status }, { quietStatuses: SHOWN_BY_THE_PAGE });
}

export function useUpdateVehicleStatus() {
  return useVehicleMutation(updateVehicleStatus);
}
