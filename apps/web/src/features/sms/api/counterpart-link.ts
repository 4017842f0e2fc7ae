import { http } from '@/lib/api';
import { SMS_API } from './sms-query-keys';

/**
 * GET sms/chats/{id}/counterpart-link: the page where a person plays the driver's or owner's phone of this
 * chat (the local SMS provider only).
 */
export function fetchCounterpartLink(id: number) {
  return http.get<{ url: string; token: string }>(`${SMS_API}/${id}/counterpart-link`, { silent: true });
}
