import type { DriverListResponse } from '@app/domain/units/units.schema';
import type { PickerOption } from '@/components/search-picker/search-picker';
import { http } from './api';

// The driver search is shared: the load page's driver pickers, the load and vehicle list filters and the
// vehicle details all find drivers the same way.

export const DRIVER_SEARCH_PATH = '/backend/api/v2/users/drivers';

/** GET users/drivers?search (&exclude_fired=true): drivers by name, phone or e-mail, for a picker. */
async function findDrivers(
  text: string,
  excludeFired: boolean,
  signal?: AbortSignal,
): Promise<PickerOption[]> {
  const answer = await http.get<DriverListResponse>(DRIVER_SEARCH_PATH, {
    query: { search: text, limit: 20, ...(excludeFired ? { exclude_fired: true } : {}) },
    signal,
    silent: true,
  });
  return answer.results.map((driver) => ({
    id: driver.id,
    label: driver.full_name,
    detail: driver.car?.unit_id ?? null,
  }));
}

/** Drivers who may be given a load or a vehicle: fired drivers are left out. */
export const searchDrivers = (text: string, signal?: AbortSignal) => findDrivers(text, true, signal);

/** Drivers for a list filter, fired ones too: their past loads and vehicles are still listed. */
export const searchDriversForFilter = (text: string, signal?: AbortSignal) =>
  findDrivers(text, false, signal);
