import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateVehicles } from './units-query-keys';

/**
 * A change of one or more vehicles. Whatever the answer, the vehicles are fetched again: a refused change
 * (a 409 because the vehicle went on a load meanwhile) then shows the vehicle as it is now.
 */
export function useVehicleMutation<Variables, Result = unknown>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => invalidateVehicles(queryClient) });
}
