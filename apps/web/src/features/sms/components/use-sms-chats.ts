import { useCallback, useEffect, useRef } from 'react';
import { markReadOnArrival } from '@app/domain/chats/chat-list.rules';
import { smsChatListItemSchema, smsMessageSchema } from '@app/domain/sms/sms.schema';
import type { SmsChatListItem } from '@app/domain/sms/sms.schema';
import { useChatList } from '@/components/chat/use-chat-list';
import { useSocketEvent, useSocketReconnect } from '@/lib/socket-provider';
import { markSmsRead } from '../api/mark-read';
import { fetchSmsChatList } from '../api/sms-chat-list';
import { smsQueryKeys } from '../api/sms-query-keys';

// The SMS list on screen, kept live: sms_chat_message carries the chat as the reader lists it, which moves
// to the top (or is added, one more in the count); a message from the driver or owner side (roles 10 and
// 12) in the open chat is marked read at once; mark_as_read_sms zeroes a chat's count. The open chat's
// messages follow the same events through live-queries.ts.

export function useSmsChats(openChatId: number | null) {
  const list = useChatList<SmsChatListItem>(smsQueryKeys.lists, fetchSmsChatList);
  const { apply } = list;
  const openRef = useRef(openChatId);
  useEffect(() => {
    openRef.current = openChatId;
  });

  const markRead = useCallback(
    (chatId: number) => {
      apply({ type: 'marked_read', chatId });
      void markSmsRead(chatId).catch(() => undefined);
    },
    [apply],
  );

  useSocketEvent('sms_chat_message', (data) => {
    const message = smsMessageSchema.safeParse(data.message);
    const chat = smsChatListItemSchema.safeParse(data.chat);
    if (!message.success || !chat.success) return;
    apply({ type: 'received', chat: chat.data });
    if (markReadOnArrival(openRef.current, chat.data.id, message.data.user_from.role)) markRead(chat.data.id);
  });

  useSocketEvent('mark_as_read_sms', ({ chat_id }) => apply({ type: 'marked_read', chatId: chat_id }));

  // Messages may have been missed while the socket was down: the first page again.
  useSocketReconnect(list.refetch);

  return { ...list, markRead };
}
