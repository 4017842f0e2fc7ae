import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@app/domain/units/units.schema';
import { http } from '@/lib/api';
import { UNITS_API, unitsQueryKeys } from './units-query-keys';

/** GET cars/{id}: one vehicle with its locations, drivers and owner. */
export function fetchVehicle(id: number, signal?: AbortSignal) {
  return http.get<Vehicle>(`${UNITS_API}/cars/${id}`, { signal, quietStatuses: [404] });
}

export function vehicleQueryOptions(id: number) {
  return queryOptions({
    queryKey: unitsQueryKeys.vehicle(id),
    queryFn: ({ signal }) => fetchVehicle(id, signal),
  });
}

/** The vehicle, or nothing while `id` is null (a card that is closed). */
export function useVehicle(id: number | null) {
  return useQuery({ ...vehicleQueryOptions(id ?? 0), enabled: id !== null });
}
