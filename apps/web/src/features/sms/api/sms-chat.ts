import type { SmsChatResponse } from '@app/domain/sms/sms.schema';
import { http } from '@/lib/api';
import { SMS_API } from './sms-query-keys';

/** GET sms/chats/{id}/: a page of 25 messages (page 1 the newest, newest last), the chat and its people. */
export function fetchSmsChat(id: number, page: number, signal?: AbortSignal) {
  return http.get<SmsChatResponse>(`${SMS_API}/${id}/`, { query: { page }, signal, quietStatuses: [404] });
}
