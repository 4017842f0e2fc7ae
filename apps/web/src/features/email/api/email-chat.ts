import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailChatDetail } from '@app/domain/email/email.schema';
import { http } from '@/lib/api';
import { EMAIL_API, emailQueryKeys } from './email-query-keys';

/** The most messages a thread shows at once (the server's page limit allows 200). */
export const THREAD_MESSAGES_LIMIT = 200;

/** GET email/chats/{id}: the thread and its messages, oldest first. Another company's thread is a 404. */
export function fetchEmailChat(id: number, signal?: AbortSignal) {
  return http.get<EmailChatDetail>(`${EMAIL_API}/chats/${id}`, {
    signal,
    query: { page: 1, limit: THREAD_MESSAGES_LIMIT },
    quietStatuses: [403, 404],
  });
}

export function useEmailChat(id: number | null) {
  return useQuery(
    queryOptions({
      queryKey: emailQueryKeys.chat(id ?? 0),
      queryFn: ({ signal }) => fetchEmailChat(id ?? 0, signal),
      enabled: id !== null,
      retry: false,
      placeholderData: keepPreviousData,
    }),
  );
}
