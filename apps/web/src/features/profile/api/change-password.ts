import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@app/domain/auth/auth.schema';
import { http } from '@/lib/api';

export const CHANGE_PASSWORD_PATH = '/backend/api/v2/profile/me/change-password';

// The form shows a 400 under its fields.
export function changePassword(request: ChangePasswordRequest): Promise<unknown> {
  return http.put(CHANGE_PASSWORD_PATH, request, { quietStatuses: [400] });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
