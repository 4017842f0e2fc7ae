import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InvitationInfo } from '@app/domain/bids/driver-bids.schema';
import { http } from '@/lib/api';
import type { LoginAnswer } from '@/lib/session';
import { driverPortalQueryKeys, INVITATIONS_API } from './driver-portal-query-keys';

const LOGIN_PATH = '/backend/api/v2/rest-auth/login/';

/** GET invitations/check: whom the link invites. The page explains 404 and 409 itself. */
export function fetchInvitation(token: string, signal?: AbortSignal) {
  return http.get<InvitationInfo>(`${INVITATIONS_API}/check`, {
    query: { token },
    signal,
    quietStatuses: [400, 404, 409],
    noRefresh: true,
  });
}

export function useInvitation(token: string) {
  return useQuery(
    queryOptions({
      queryKey: driverPortalQueryKeys.invitation(token),
      queryFn: ({ signal }) => fetchInvitation(token, signal),
      retry: false,
    }),
  );
}

/**
 * POST invitations/accept, then the normal sign-in with the e-mail and the password just chosen: the new
 * driver lands on their page signed in.
 */
export async function acceptInvitation({
  token,
  password,
}: {
  token: string;
  password: string;
}): Promise<LoginAnswer> {
  const { email } = await http.post<{ email: string }>(
    `${INVITATIONS_API}/accept`,
    { token, password },
    { quietStatuses: [400, 404, 409], noRefresh: true },
  );
  return http.post<LoginAnswer>(
    LOGIN_PATH,
    { email, password },
    { noRefresh: true, quietStatuses: [400, 429] },
  );
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
