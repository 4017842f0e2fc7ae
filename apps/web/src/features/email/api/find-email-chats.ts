import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailChat } from '@app/domain/email/email.schema';
import { EMAIL_SEARCH_LIMIT } from '@app/domain/email/email.schema';
import { http } from '@/lib/api';
import { EMAIL_API, emailQueryKeys } from './email-query-keys';

export type EmailChatPage = { count: number; results: EmailChat[] };

/** GET email/find-email-chats?subject&limit=10&page: the threads whose subject holds the text, newest first. */
export function findEmailChats(query: { subject: string; page: number }, signal?: AbortSignal) {
  return http.get<EmailChatPage>(`${EMAIL_API}/find-email-chats`, {
    signal,
    query: { subject: query.subject, limit: EMAIL_SEARCH_LIMIT, page: query.page },
  });
}

export function useFindEmailChats(query: { subject: string; page: number }, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: emailQueryKeys.search(query),
      queryFn: ({ signal }) => findEmailChats(query, signal),
      enabled,
      placeholderData: keepPreviousData,
    }),
  );
}
