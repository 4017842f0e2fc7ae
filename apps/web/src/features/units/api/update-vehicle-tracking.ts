import type { VehicleTrackingUpdateInput } from '@app/domain/units/units.schema';
import { http } from '@/lib/api';
import { SHOWN_BY_THE_PAGE, UNITS_API } from './units-query-keys';
import { useVehicleMutation } from './vehicle-mutation';

export type UpdateVehicleTrackingVariables = { id: number; body: VehicleTrackingUpdateInput };

/**
 * PUT cars/{id}/tracking {is_tracking_active, inactive_tracking_until}: on, paused until a date-time, or
 * off until switched on.
 */
export function updateVehicleTracking({ id, body }: UpdateVehicleTrackingVariables): Promise<unknown> {
  return http.put(`${UNITS_API}/cars/${id}/tracking`, body, { quietStatuses: SHOWN_BY_THE_PAGE });
}

export function useUpdateVehicleTracking() {
  return useVehicleMutation(updateVehicleTracking);
}
