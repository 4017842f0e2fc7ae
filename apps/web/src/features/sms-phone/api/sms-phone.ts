import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SmsCounterpartThread, SmsMessage } from '@app/domain/sms/sms.schema';
import { http } from '@/lib/api';

// The phone page of the local SMS provider: a person plays the driver's or owner's phone through the chat's
// token link, with no sign-in. The page has no socket: it asks for the thread every few seconds, which is
// how a phone would see a text arrive.

const COUNTERPART_API = '/backend/api/v2/sms/counterpart';
/** How often the open page asks for new texts. */
export const PHONE_REFRESH_MS = 3_000;

export const smsPhoneQueryKeys = {
  thread: (token: string) => ['sms-phone', token] as const,
};

export function useCounterpartThread(token: string) {
  return useQuery(
    queryOptions({
      queryKey: smsPhoneQueryKeys.thread(token),
      queryFn: ({ signal }) =>
        http.get<SmsCounterpartThread>(`${COUNTERPART_API}/${encodeURIComponent(token)}`, {
          signal,
          quietStatuses: [400, 404, 409],
          noRefresh: true,
        }),
      refetchInterval: (query) => (query.state.status === 'error' ? false : PHONE_REFRESH_MS),
      retry: false,
    }),
  );
}

/** POST sms/counterpart/{token}: the phone's reply; it reaches the dispatcher's chat as an incoming text. */
export function useCounterpartReply(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      http.post<SmsMessage>(
        `${COUNTERPART_API}/${encodeURIComponent(token)}`,
        { content },
        { quietStatuses: [400, 404, 409], noRefresh: true },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: smsPhoneQueryKeys.thread(token) }),
  });
}
