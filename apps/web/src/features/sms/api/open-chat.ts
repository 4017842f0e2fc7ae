import { http } from '@/lib/api';
import { SMS_API } from './sms-query-keys';

export type SmsChatOpen = { driver_id: number } | { owner_id: number };

/** POST sms/chats/open: the chat with a driver or an owner, made when there is none yet; its id. */
export function openSmsChat(body: SmsChatOpen) {
  return http.post<{ id: number }>(`${SMS_API}/open`, body, { quietStatuses: [400, 404, 409] });
}
