import type { ChatListItem, ChatListResponse } from '@app/domain/chats/chats.schema';
import type { ChatListFetch } from '@/components/chat/use-chat-list';
import { http } from '@/lib/api';
import { CHATS_API } from './chats-query-keys';

/** GET users/current/chats: a page of the caller's chats (50), most recently active first; entity searches. */
export const fetchChatList: ChatListFetch<ChatListItem> = ({ page, limit, entity }, signal) =>
  http.get<ChatListResponse>(CHATS_API, { query: { page, limit, entity }, signal });
