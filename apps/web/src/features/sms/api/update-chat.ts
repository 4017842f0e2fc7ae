import type { SmsChatListItem, SmsChatUpdate } from '@app/domain/sms/sms.schema';
import { http } from '@/lib/api';
import { SMS_API } from './sms-query-keys';

/**
 * PUT sms/chats/{id}/update/: the chat renamed (null: named by the person or the number again) or assigned
 * to a colleague (null: nobody); answers the chat as the caller lists it. Refusals are shown by the dialog.
 */
export function updateSmsChat(id: number, body: SmsChatUpdate) {
  return http.put<SmsChatListItem>(`${SMS_API}/${id}/update/`, body, { quietStatuses: [400, 403, 404] });
}
