import type { Driver } from '@app/domain/units/units.schema';
import type { ListResponse } from '@app/domain/common/pagination';
import { http } from '@/lib/api';
import type { PickerOption } from './picker-option';

export const DRIVERS_PATH = '/backend/api/v2/users/drivers';

/** GET users/drivers?search: drivers by name, phone or e-mail, for a picker. */
export async function searchDrivers(text: string, signal?: AbortSignal): Promise<PickerOption[]> {
  const answer = await http.get<ListResponse<Driver>>(DRIVERS_PATH, {
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
