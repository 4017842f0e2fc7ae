import { http } from '@/lib/api';
import { CHATS_API } from './chats-query-keys';

export type ChatRead = { chat_id: number; unread_count: 0 };

/** PUT users/current/chats/{id}/mark-read: the caller read the chat. Silent: the badge simply stays. */
export function markChatRead(id: number) {
  return http.put<ChatRead>(`${CHATS_API}/${id}/mark-read`, undefined, { silent: true });
}
