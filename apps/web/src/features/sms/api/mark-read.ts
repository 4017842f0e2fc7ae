import { http } from '@/lib/api';
import { SMS_API } from './sms-query-keys';

/** PUT sms/chats/{id}/mark-read/: the caller read the chat. Silent: the badge simply stays. */
export function markSmsRead(id: number) {
  return http.put<{ chat_id: number; unread_count: 0 }>(`${SMS_API}/${id}/mark-read/`, undefined, {
    silent: true,
  });
}
