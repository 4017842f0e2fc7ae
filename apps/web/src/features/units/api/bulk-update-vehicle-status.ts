import { http } from '@/lib/api';
import { SHOWN_BY_THE_PAGE, UNITS_API } from './units-query-keys';
import type { SelectableVehicleStatus } from './update-vehicle-status';
import { useVehicleMutation } from './vehicle-mutation';

export type BulkUpdateVehicleStatusVariables = { ids: number[]; status: SelectableVehicleStatus };

/**
 * PUT cars/update-status: several vehicles to one status, all or none (a 409 names the units on load, and
 * then none changes).
 */
export function bulkUpdateVehicleStatus(variables: BulkUpdateVehicleStatusVariables): Promise<unknown> {
  return http.put(`${UNITS_API}/cars/update-status`, variables, { quietStatuses: SHOWN_BY_THE_PAGE });
}

export function useBulkUpdateVehicleStatus() {
  return useVehicleMutation(bulkUpdateVehicleStatus);
}
