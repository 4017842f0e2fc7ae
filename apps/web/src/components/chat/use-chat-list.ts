import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import {
  canLoadMoreChats,
  chatListReducer,
  emptyChatList,
  nextChatListPage,
} from '@app/domain/chats/chat-list.rules';
import type { ChatListAction, ChatListChat, ChatListState } from '@app/domain/chats/chat-list.rules';
import { CHAT_LIST_PAGE_SIZE } from '@app/domain/chats/chats.schema';

// A chat list on screen (group or SMS): the first page the server answered for the search, then the pages
// loaded with 'Load more' and every live change, all applied by the domain's reducer (chat-list.rules.ts).
// A new search asks page 1 again and replaces the list; the socket's messages reach the list through
// `apply`, which the page calls from its own event handlers.

export type ChatListPage<Chat> = { count: number; chats: Chat[] };
export type ChatListFetch<Chat> = (
  query: { page: number; limit: number; entity: string },
  signal?: AbortSignal,
) => Promise<ChatListPage<Chat>>;

type Held<Chat extends ChatListChat> = { data: ChatListPage<Chat> | undefined; list: ChatListState<Chat> };

export function useChatList<Chat extends ChatListChat>(listKey: QueryKey, fetchPage: ChatListFetch<Chat>) {
  const [entity, setEntity] = useState('');
  const first = useQuery({
    queryKey: [...listKey, { entity }],
    queryFn: ({ signal }) => fetchPage({ page: 1, limit: CHAT_LIST_PAGE_SIZE, entity }, signal),
    // Messages that came while the list was not shown are in the server's order, not in this cache.
    refetchOnMount: 'always',
  });
  const [held, setHeld] = useState<Held<Chat>>({ data: undefined, list: emptyChatList() });
  const [loadingMore, setLoadingMore] = useState(false);

  // A new first page (a search, a refetch after a reconnect) replaces the list, set while rendering.
  if (first.data !== held.data && first.data !== undefined) {
    setHeld({
      data: first.data,
      list: chatListReducer(emptyChatList<Chat>(), {
        type: 'searched',
        entity,
        count: first.data.count,
        results: first.data.chats,
      }),
    });
  }

  const latest = useRef({ list: held.list, entity, loadingMore });
  useEffect(() => {
    latest.current = { list: held.list, entity, loadingMore };
  });

  const apply = useCallback(
    (action: ChatListAction<Chat>) =>
      setHeld((current) => ({ ...current, list: chatListReducer(current.list, action) })),
    [],
  );

  const loadMore = useCallback(() => {
    const { list, entity: searched, loadingMore: busy } = latest.current;
    if (busy || !canLoadMoreChats(list) || list.chats.length === 0) return;
    const page = nextChatListPage(list);
    latest.current.loadingMore = true;
    setLoadingMore(true);
    fetchPage({ page, limit: list.limit, entity: searched })
      .then((answer) => {
        // The search changed meanwhile: its own first page decides.
        if (latest.current.entity !== searched) return;
        apply({ type: 'loaded_more', page, count: answer.count, results: answer.chats });
      })
      .catch(() => undefined)
      .finally(() => {
        latest.current.loadingMore = false;
        setLoadingMore(false);
      });
  }, [apply, fetchPage]);

  /** The chats listed right now (for socket handlers, which outlive a render). */
  const listed = useCallback(() => latest.current.list.chats, []);

  return {
    list: held.list,
    status: first.status,
    error: first.error,
    refetch: () => void first.refetch(),
    search: entity,
    setSearch: setEntity,
    canLoadMore: canLoadMoreChats(held.list),
    loadMore,
    loadingMore,
    apply,
    listed,
  };
}
