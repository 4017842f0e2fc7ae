import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '@app/domain/auth/auth.schema';
import { http } from '@/lib/api';
import type { LoginAnswer } from '@/lib/session';

export const LOGIN_PATH = '/backend/api/v2/rest-auth/login/';

// The form shows wrong credentials (400) and too many attempts (429) itself.
export function login(credentials: LoginRequest): Promise<LoginAnswer> {
  return http.post<LoginAnswer>(LOGIN_PATH, credentials, { noRefresh: true, quietStatuses: [400, 429] });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
