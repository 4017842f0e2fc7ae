import type { VehicleListResponse } from '@app/domain/units/units.schema';
import type { PickerOption } from '@/components/search-picker/search-picker';
import { http } from './api';

// The vehicle search is shared: the load lists' vehicle filter and the driver form's vehicle picker find
// vehicles the same way.

export const VEHICLE_SEARCH_PATH = '/backend/api/v2/cars/all';

/** GET cars/all?search: vehicles by unit ID, VIN, plate, driver or owner, for a picker (the type beside). */
export async function searchVehicles(text: string, signal?: AbortSignal): Promise<PickerOption[]> {
  const answer = await http.get<VehicleListResponse>(VEHICLE_SEARCH_PATH, {
    query: { search: text, limit: 20 },
    signal,
    silent: true,
  });
  return answer.results.map((vehicle) => ({
    id: vehicle.id,
    label: vehicle.unit_id,
    detail: vehicle.transport_type,
  }));
}
