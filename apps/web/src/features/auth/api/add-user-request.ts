import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRequestCreate } from '@app/domain/users/users.schema';
import { http } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const ADD_USER_REQUEST_PATH = '/backend/api/users/requests/add/';

export function addUserRequest(request: UserRequestCreate): Promise<unknown> {
  return http.post(ADD_USER_REQUEST_PATH, request);
}

/** Sends the request to join; the user's req_status then reads Send. */
export function useAddUserRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUserRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  });
}
