import type { SmsChatListItem, SmsChatListResponse } from '@app/domain/sms/sms.schema';
import type { ChatListFetch } from '@/components/chat/use-chat-list';
import { http } from '@/lib/api';
import { SMS_API } from './sms-query-keys';

/** GET sms/chats: a page (50) of the company's SMS chats, most recently active first; entity searches. */
export const fetchSmsChatList: ChatListFetch<SmsChatListItem> = ({ page, limit, entity }, signal) =>
  http.get<SmsChatListResponse>(SMS_API, { query: { page, limit, entity }, signal });
