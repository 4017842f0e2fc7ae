import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Mailbox, MailboxProvider } from '@app/domain/email/email.schema';
import { http } from '@/lib/api';

export const MAILBOX_API = '/backend/api/v2/email';

/** The caller's own mailbox (never its password or tokens) and the company's inbound address. */
export const mailboxQueryOptions = queryOptions({
  queryKey: ['email', 'mailbox'] as const,
  queryFn: ({ signal }) => http.get<Mailbox>(`${MAILBOX_API}/mailbox`, { signal }),
});

export function useMailbox() {
  return useQuery(mailboxQueryOptions);
}

/** What the connection form sends: SMTP (and optionally IMAP) settings, tested by the server first. */
export type MailboxConnectRequest = {
  address: string;
  smtp_host: string;
  smtp_port: number;
  smtp_secure: boolean;
  username: string;
  password: string;
  imap_host: string | null;
  imap_port: number | null;
  imap_secure: boolean;
};

/** PUT email/mailbox: kept only when the mail server accepts the settings; the form shows a refusal. */
export function useConnectMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: MailboxConnectRequest) =>
      http.put<Mailbox>(`${MAILBOX_API}/mailbox`, request, { quietStatuses: [400] }),
    onSuccess: (mailbox) => queryClient.setQueryData(mailboxQueryOptions.queryKey, mailbox),
  });
}

/** DELETE email/logout, or email/zoho/logout for a Zoho sign-in. */
export function useDisconnectMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: MailboxProvider | null) =>
      http.delete(provider === 'zoho' ? `${MAILBOX_API}/zoho/logout` : `${MAILBOX_API}/logout`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxQueryOptions.queryKey }),
  });
}

/** GET email/auth or email/zoho/auth: the provider's sign-in address; refused without the company's keys. */
export function useMailboxSignIn() {
  return useMutation({
    mutationFn: (provider: 'google' | 'zoho') =>
      http.get<{ auth_url: string }>(
        provider === 'zoho' ? `${MAILBOX_API}/zoho/auth` : `${MAILBOX_API}/auth`,
        {
          quietStatuses: [409],
        },
      ),
    onSuccess: ({ auth_url }) => window.location.assign(auth_url),
  });
}

/** What the provider brought the browser back to /settings/profile/ with. */
export type MailboxOauthReturn = { code: string; state: string };

/**
 * POST email/oauth/callback: completes a Google or Zoho sign-in (the signed state names the provider); the
 * section shows a refusal itself, translated by its code.
 */
export function useCompleteMailboxSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: MailboxOauthReturn) =>
      http.post<Mailbox>(`${MAILBOX_API}/oauth/callback`, request, { quietStatuses: [400, 409] }),
    onSuccess: (mailbox) => queryClient.setQueryData(mailboxQueryOptions.queryKey, mailbox),
  });
}
