import { http } from '@/lib/api';

export const OPEN_SMS_CHAT_PATH = '/backend/api/v2/sms/chats/open';
export const openLoadChatPath = (loadId: number) => `/backend/api/v2/users/current/chats/load/${loadId}`;

/** POST sms/chats/open: the SMS chat with a driver or an owner, made when there is none yet. */
export function openSmsChat(person: { kind: 'driver' | 'owner'; id: number }): Promise<{ id: number }> {
  return http.post<{ id: number }>(
    OPEN_SMS_CHAT_PATH,
    person.kind === 'driver' ? { driver_id: person.id } : { owner_id: person.id },
  );
}

/** POST users/current/chats/load/{id}: a load's group chat, made when the load has none yet. */
export function openLoadChat(loadId: number): Promise<{ id: number }> {
  return http.post<{ id: number }>(openLoadChatPath(loadId));
}
