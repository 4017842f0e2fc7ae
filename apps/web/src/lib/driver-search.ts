import type { DriverListResponse } from '@app/domain/units/units.schema';
import type { PickerOption } from '@/components/search-picker/search-picker';
import { http } from './api';

// The driver search is shared: the load page's driver pickers, the load and vehicle list filters and the
// vehicle details all find drivers the same way.

export const DRIVER_SEARCH_PATH = '/backend/api/v2/users/drivers';

/** GET users/drivers?search: drivers by name, phone or e-mail, for a picker (the unit beside the name). */
export async function searchDrivers(text: string, signal?: AbortSignal): Promise<PickerOption[]> {
  const answer = await http.get<DriverListResponse>(DRIVER_SEARCH_PATH, {
    query: { search: text, limit: 20 },
    signal,
    silent: true,
  });
  return answer.results.map((driver) => ({
    id: driver.id,
    label: driver.full_name,
    detail: driver.car?.unit_id ?? null,
  }));
}
