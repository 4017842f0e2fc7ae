import { useMutation } from '@tanstack/react-query';
import type { InvitationSent } from '@app/domain/bids/driver-bids.schema';
import { http } from '@/lib/api';
import { SHOWN_BY_THE_PAGE, UNITS_API } from './units-query-keys';

export type SendInvitationVariables = { kind: 'driver' | 'owner'; id: number; email: string | null };

/** POST users/drivers/{id}/invite or users/owners/{id}/invite: e-mails a link to the driver page. */
export function sendInvitation({ kind, id, email }: SendInvitationVariables): Promise<InvitationSent> {
  return http.post<InvitationSent>(`${UNITS_API}/users/${kind}s/${id}/invite`, email ? { email } : {}, {
    quietStatuses: SHOWN_BY_THE_PAGE,
  });
}

export function useSendInvitation() {
  return useMutation({ mutationFn: sendInvitation });
}
