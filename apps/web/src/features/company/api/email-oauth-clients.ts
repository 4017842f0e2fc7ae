import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EmailOauthClient,
  EmailOauthClientUpdateInput,
  EmailOauthProvider,
} from '@app/domain/email/email-oauth-clients.schema';
import { http } from '@/lib/api';
import { isRefusal } from '@/lib/api-error';
import { companyQueryKeys } from './company-query-keys';

export const EMAIL_OAUTH_CLIENTS_PATH = '/backend/api/v2/email/oauth-clients';

export const emailOauthClientsQueryKey = [...companyQueryKeys.settings, 'email-oauth-clients'] as const;

export const emailOauthClientsQueryOptions = queryOptions({
  queryKey: emailOauthClientsQueryKey,
  queryFn: ({ signal }) => http.get<EmailOauthClient[]>(EMAIL_OAUTH_CLIENTS_PATH, { signal }),
});

/** GET email/oauth-clients: Google's and Zoho's client keys of the company (never the secrets). */
export function useEmailOauthClients() {
  return useQuery(emailOauthClientsQueryOptions);
}

/** The cached list with one provider's entry replaced by the server's answer. */
function useKeepEntry() {
  const queryClient = useQueryClient();
  return (saved: EmailOauthClient) =>
    queryClient.setQueryData<EmailOauthClient[]>(emailOauthClientsQueryKey, (list) =>
      list?.map((entry) => (entry.provider === saved.provider ? saved : entry)),
    );
}

/**
 * PUT email/oauth-clients/{provider}: the client ID, and the secret when it changes (left out: the stored
 * one is kept). The section shows its refusals itself (400 quiet).
 */
export function useSaveEmailOauthClient(provider: EmailOauthProvider) {
  const queryClient = useQueryClient();
  const keep = useKeepEntry();
  return useMutation({
    mutationFn: (body: EmailOauthClientUpdateInput) =>
      http.put<EmailOauthClient>(`${EMAIL_OAUTH_CLIENTS_PATH}/${provider}`, body, { quietStatuses: [400] }),
    onSuccess: keep,
    onError: (error) => {
      // The page said a secret was stored, but a colleague removed or replaced it meanwhile.
      if (isRefusal(error, 'email_oauth_client_secret_required'))
        void queryClient.invalidateQueries({ queryKey: emailOauthClientsQueryKey });
    },
  });
}

/** DELETE email/oauth-clients/{provider}: the company's keys of the provider go. */
export function useRemoveEmailOauthClient(provider: EmailOauthProvider) {
  const keep = useKeepEntry();
  return useMutation({
    mutationFn: () => http.delete<EmailOauthClient>(`${EMAIL_OAUTH_CLIENTS_PATH}/${provider}`),
    onSuccess: keep,
  });
}
