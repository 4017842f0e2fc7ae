import type { ChatCreate } from '@app/domain/chats/chats.schema';
import { http } from '@/lib/api';
import { CHATS_API } from './chats-query-keys';

/**
 * POST users/current/chats/create (admins and managers): a chat for a team, with its lead, its members and
 * the maker; answers its id. Refusals are shown by the dialog.
 */
export function createTeamChat(body: ChatCreate) {
  return http.post<{ id: number }>(`${CHATS_API}/create`, body, { quietStatuses: [400, 403] });
}
