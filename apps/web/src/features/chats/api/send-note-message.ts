import type { ChatMessage } from '@app/domain/chats/chats.schema';
import { http } from '@/lib/api';
import { CHATS_API } from './chats-query-keys';
import type { ChatSendBody } from './send-message';

/** POST users/current/chats/{id}/send-note-message {content, files_id}: a note of the load chat {id}. */
export function sendNoteMessage(id: number, body: ChatSendBody, idempotencyKey: string) {
  return http.post<ChatMessage>(`${CHATS_API}/${id}/send-note-message`, body, {
    silent: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
