import { useMutation } from '@tanstack/react-query';
import type { RegistrationRequest } from '@app/domain/auth/auth.schema';
import { http } from '@/lib/api';
import type { LoginAnswer } from '@/lib/session';

export const REGISTRATION_PATH = '/backend/api/rest-auth/registration/';

/** Creates the account and answers like login: the new user is signed in, with no role yet. */
export function register(form: RegistrationRequest): Promise<LoginAnswer> {
  return http.post<LoginAnswer>(REGISTRATION_PATH, form, { noRefresh: true, quietStatuses: [400, 429] });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
