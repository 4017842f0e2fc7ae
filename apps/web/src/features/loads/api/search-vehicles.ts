import type { ListResponse } from '@app/domain/common/pagination';
import type { Vehicle } from '@app/domain/units/units.schema';
import { http } from '@/lib/api';
import type { PickerOption } from './picker-option';

export const VEHICLES_PATH = '/backend/api/v2/cars/all';

/** GET cars/all?search: vehicles by unit ID, VIN, plate, driver or owner, for a picker. */
export async function searchVehicles(text: string, signal?: AbortSignal): Promise<PickerOption[]> {
  const answer = await http.get<ListResponse<Vehicle>>(VEHICLES_PATH, {
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
