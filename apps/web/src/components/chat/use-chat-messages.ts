import { useCallback, useMemo } from 'react';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { hasOlderMessages } from '@app/domain/chats/chat-list.rules';

// The messages of an open chat, 25 a page: page 1 is the newest, each page oldest to newest. Older pages
// are fetched as the view is scrolled up; the view shows them oldest first, the newest message last. A
// message told by the socket refetches the pages held (live-queries.ts), so a message that moved from one
// page to the next is shown once.

export type ChatMessagesPage<Message> = { messages: { results: Message[]; count: number } };

export function useChatMessages<Page extends ChatMessagesPage<Message>, Message extends { id: number }>(
  queryKey: QueryKey,
  fetchPage: (page: number, signal?: AbortSignal) => Promise<Page>,
  enabled = true,
) {
  const query = useInfiniteQuery({
    queryKey,
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    getNextPageParam: (last, pages, lastParam) => {
      const loaded = pages.reduce((sum, page) => sum + page.messages.results.length, 0);
      return last.messages.results.length > 0 && hasOlderMessages(loaded, last.messages.count)
        ? lastParam + 1
        : undefined;
    },
    // An open chat is kept current by the socket.
    staleTime: Infinity,
  });

  const messages = useMemo(() => {
    const seen = new Set<number>();
    const ordered: Message[] = [];
    // The oldest page first; within a page oldest to newest.
    for (const page of [...(query.data?.pages ?? [])].reverse()) {
      for (const message of page.messages.results) {
        if (seen.has(message.id)) continue;
        seen.add(message.id);
        ordered.push(message);
      }
    }
    return ordered.sort((a, b) => a.id - b.id);
  }, [query.data]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadOlder = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return {
    query,
    /** The newest page's answer: the chat's own fields (title, unread count, load, people). */
    latest: query.data?.pages[0],
    messages,
    hasOlder: hasNextPage,
    loadingOlder: isFetchingNextPage,
    loadOlder,
  };
}
