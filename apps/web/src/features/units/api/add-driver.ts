import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddDriverInput, Driver } from '@app/domain/units/units.schema';
import { http } from '@/lib/api';
import { invalidatePeople, SHOWN_BY_THE_PAGE, UNITS_API } from './units-query-keys';

/** POST hr/add-driver (HR and managers): a new driver, optionally with an owner and a vehicle. */
export function addDriver(body: AddDriverInput): Promise<Driver> {
  return http.post<Driver>(`${UNITS_API}/hr/add-driver`, body, { quietStatuses: SHOWN_BY_THE_PAGE });
}

export function useAddDriver() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addDriver, onSuccess: () => invalidatePeople(queryClient) });
}
