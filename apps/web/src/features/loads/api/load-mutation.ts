import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateLoads } from './load-query-keys';

/**
 * A change of a load. Whatever the answer, the load and the lists are fetched again: a refused change
 * (a 409 because documents are missing, a load someone else moved meanwhile) shows the load as it is now.
 */
export function useLoadMutation<Variables, Result = unknown>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => invalidateLoads(queryClient) });
}
