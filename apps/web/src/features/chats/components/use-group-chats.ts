import { useCallback, useEffect, useRef } from 'react';
import type { ChatListItem, ChatMessage, GroupChatRef } from '@app/domain/chats/chats.schema';
import { useChatList } from '@/components/chat/use-chat-list';
import { useSocketEvent, useSocketReconnect } from '@/lib/socket-provider';
import { fetchChatList } from '../api/chat-list';
import { chatsQueryKeys } from '../api/chats-query-keys';

// The group chats list on screen, kept live: group_chat_message moves its chat to the top (or adds it and
// counts one more) with one more unread message or note, unless the reader wrote it or is reading that
// chat; mark_as_read_group_chat zeroes the chat's unread count, or its notes' count when its type is Note.
// The open chat's messages follow the same events through live-queries.ts.

export type OpenGroupChat = { id: number; notes: boolean } | null;

/** The list item a message makes of its chat: the one listed, changed, or one made from the event. */
export function chatAfterMessage(
  listed: ChatListItem | undefined,
  ref: GroupChatRef,
  message: ChatMessage,
  unread: boolean,
): ChatListItem {
  const notes = ref.type === 'Note';
  const base: ChatListItem = listed ?? {
    id: ref.id,
    type: notes ? 'Load' : ref.type,
    title: ref.title,
    unread_count: 0,
    notes_unread_count: 0,
    entity: null,
    user: null,
    last_message: null,
    updated_date: message.created_date,
  };
  return {
    ...base,
    unread_count: base.unread_count + (unread && !notes ? 1 : 0),
    notes_unread_count: base.notes_unread_count + (unread && notes ? 1 : 0),
    last_message: message,
    updated_date: message.created_date,
  };
}

export function useGroupChats(open: OpenGroupChat, userId: number) {
  const list = useChatList<ChatListItem>(chatsQueryKeys.lists, fetchChatList);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  });

  useSocketEvent('group_chat_message', ({ message, chat }) => {
    const listed = list.listed().find((entry) => entry.id === chat.id);
    const reading =
      openRef.current?.id === chat.id && openRef.current.notes === (chat.type === 'Note') && !document.hidden;
    const mine = message.user_from.id === userId;
    list.apply({ type: 'received', chat: chatAfterMessage(listed, chat, message, !mine && !reading) });
  });

  // Messages may have been missed while the socket was down: the first page again.
  useSocketReconnect(list.refetch);

  /** The reader read the chat or its notes here. */
  const { apply, listed } = list;
  const markedRead = useCallback(
    (id: number, notes: boolean) => {
      if (!notes) {
        apply({ type: 'marked_read', chatId: id });
        return;
      }
      const chat = listed().find((entry) => entry.id === id);
      if (chat && chat.notes_unread_count > 0)
        apply({ type: 'updated', chat: { ...chat, notes_unread_count: 0 } });
    },
    [apply, listed],
  );

  // Read on another tab or device: the notes badge for a notes chat (type Note), the chat's count otherwise.
  useSocketEvent('mark_as_read_group_chat', ({ chat_id, type }) => markedRead(chat_id, type === 'Note'));

  return { ...list, markedRead };
}
