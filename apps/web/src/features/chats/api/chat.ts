import type { ChatResponse } from '@app/domain/chats/chats.schema';
import { http } from '@/lib/api';
import { CHATS_API } from './chats-query-keys';

/**
 * GET users/current/chats/{id}/: a page of 25 messages (page 1 the newest, newest last), the chat's unread
 * count, its load, driver, owner and responsible person; ?dir=notes for the load's notes.
 */
export function fetchChat(id: number, page: number, notes: boolean, signal?: AbortSignal) {
  return http.get<ChatResponse>(`${CHATS_API}/${id}/`, {
    query: { page, dir: notes ? 'notes' : undefined },
    signal,
    // A chat that is not there (or not the caller's) is the page's own state, not a toast.
    quietStatuses: [404],
  });
}
