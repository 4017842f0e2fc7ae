import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffRoleId } from '@app/domain/common/lookups';
import { http } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export function approveUserRequest({ id, role }: { id: number; role: StaffRoleId }): Promise<unknown> {
  return http.put(`/backend/api/v2/users/requests/${id}/approve`, { role });
}

/** Joins the requesting user to the company with the chosen role. */
export function useApproveUserRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUserRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.userRequests }),
  });
}
