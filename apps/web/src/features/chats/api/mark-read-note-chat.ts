import { http } from '@/lib/api';
import { CHATS_API } from './chats-query-keys';
import type { ChatRead } from './mark-read';

/** PUT users/current/chats/{id}/mark-read-note-chat: the caller read the notes of the load chat {id}. */
export function markNotesRead(id: number) {
  return http.put<ChatRead>(`${CHATS_API}/${id}/mark-read-note-chat`, undefined, { silent: true });
}
