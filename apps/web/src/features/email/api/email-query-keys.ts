import type { QueryClient } from '@tanstack/react-query';

// The cache keys of the e-mail threads. Every thread and every search sits under ['email'], so a message
// sent or received refreshes the open thread and the thread lists at once.

export const emailQueryKeys = {
  all: ['email'] as const,
  chats: ['email', 'chat'] as const,
  chat: (id: number) => ['email', 'chat', id] as const,
  searches: ['email', 'search'] as const,
  search: (query: { subject: string; page: number }) => ['email', 'search', query] as const,
};

/** After a message was sent or read: the thread and every list that shows it. */
export function invalidateEmailChat(queryClient: QueryClient, id: number): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: emailQueryKeys.chat(id) }),
    queryClient.invalidateQueries({ queryKey: emailQueryKeys.searches }),
  ]).then(() => undefined);
}

export const EMAIL_API = '/backend/api/v2/email';
