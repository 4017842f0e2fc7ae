import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateBrokers } from './broker-query-keys';

/**
 * A change of a broker. Whatever the answer, the brokers and the loads are fetched again: a refused change
 * (a 409, a broker someone else changed meanwhile) shows the broker as it is now.
 */
export function useBrokerMutation<Variables, Result = unknown>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => invalidateBrokers(queryClient) });
}
