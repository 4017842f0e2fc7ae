import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export function rejectUserRequest(id: number): Promise<unknown> {
  return http.put(`/backend/api/v2/users/requests/${id}/reject`);
}

/** Turns the request down; the user may ask again. */
export function useRejectUserRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectUserRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.userRequests }),
  });
}
