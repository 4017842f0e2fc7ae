import type { ChatMessage } from '@app/domain/chats/chats.schema';
import { http } from '@/lib/api';
import { CHATS_API } from './chats-query-keys';

export type ChatSendBody = { content: string; files_id: number[] };

/**
 * POST users/current/chats/{id}/send-message {content, files_id}. Silent: a failed send turns the send
 * icon red and keeps the text. The Idempotency-Key makes a retried send write one message.
 */
export function sendChatMessage(id: number, body: ChatSendBody, idempotencyKey: string) {
  return http.post<ChatMessage>(`${CHATS_API}/${id}/send-message`, body, {
    silent: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
