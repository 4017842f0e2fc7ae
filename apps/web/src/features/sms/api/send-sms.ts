import type { SmsMessage } from '@app/domain/sms/sms.schema';
import type { ChatSendBody } from '@/components/chat/use-chat-sender';
import { http } from '@/lib/api';
import { SMS_API } from './sms-query-keys';

/**
 * POST sms/chats/{id}/send-sms/ {content, files_id}. Silent: a failed send turns the send icon red and
 * keeps the text. The Idempotency-Key makes a retried send write one message.
 */
export function sendSms(id: number, body: ChatSendBody, idempotencyKey: string) {
  return http.post<SmsMessage>(`${SMS_API}/${id}/send-sms/`, body, {
    silent: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
