import { useEffect, useMemo, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import type { ChatMessage, ChatResponse } from '@app/domain/chats/chats.schema';
import { NOTES_BADGE_CAP } from '@app/domain/chats/chats.schema';
import { loadDeepLink } from '@app/domain/notifications/notifications.rules';
import { ChatComposer } from '@/components/chat/chat-composer';
import { ChatHeader, useSinglePane } from '@/components/chat/chat-layout';
import type { ChatMessageView } from '@/components/chat/message-bubble';
import { MessageList } from '@/components/chat/message-list';
import { useChatMessages } from '@/components/chat/use-chat-messages';
import { useChatSender } from '@/components/chat/use-chat-sender';
import { usePageVisible } from '@/components/chat/use-page-visible';
import { ErrorState } from '@/components/error-state';
import { EmptyState } from '@/components/empty-state';
import { LoadingState } from '@/components/loading-state';
import { usePageTitle } from '@/components/page-title';
import { isApiError } from '@/lib/api-error';
import { fetchChat } from '../api/chat';
import { chatsQueryKeys } from '../api/chats-query-keys';
import { markChatRead } from '../api/mark-read';
import { markNotesRead } from '../api/mark-read-note-chat';
import { sendChatMessage } from '../api/send-message';
import { sendNoteMessage } from '../api/send-note-message';
import { uploadChatFile } from '../api/upload-file';

// An open group chat, or its load's notes (?dir=notes): the header with the load, its driver and a Chat /
// Notes switch, the messages newest last, the composer. Opening it (and each new message while it is open
// and the tab is seen) marks it read.

type GroupChatViewProps = {
  id: number;
  notes: boolean;
  userId: number;
  userRole: number | null;
  onRead: (id: number, notes: boolean) => void;
};

export function toMessageView(message: ChatMessage, userId: number): ChatMessageView {
  return {
    id: message.id,
    content: message.content,
    files: message.files,
    created_date: message.created_date,
    author: { name: message.user_from.full_name, avatar: message.user_from.avatar },
    own: message.user_from.id === userId,
  };
}

function subtitleOf(chat: ChatResponse, t: (key: string, options?: Record<string, unknown>) => string) {
  const parts: string[] = [];
  if (chat.driver) parts.push(t('groupChats.driver', { name: chat.driver.full_name }));
  if (chat.owner) parts.push(t('groupChats.owner', { name: chat.owner.full_name }));
  if (chat.user) parts.push(t('groupChats.responsible', { name: chat.user.full_name }));
  return parts.join(' · ');
}

export function GroupChatView({ id, notes, userId, userRole, onRead }: GroupChatViewProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const view = useChatMessages<ChatResponse, ChatMessage>(
    chatsQueryKeys.messages(id, notes),
    (page, signal) => fetchChat(id, page, notes, signal),
  );
  const chat = view.latest;
  const single = useSinglePane();
  usePageTitle(chat ? (notes ? t('groupChats.notesOf', { title: chat.title }) : chat.title) : null);

  // Read once shown with unread messages, and again as messages arrive while it is open and the tab is seen.
  const unread = chat ? (notes ? chat.notes_unread_count : chat.unread_count) : 0;
  const visible = usePageVisible();
  const read = useRef(onRead);
  useEffect(() => {
    read.current = onRead;
  });
  useEffect(() => {
    if (unread === 0 || !visible) return;
    const mark = notes ? markNotesRead : markChatRead;
    void mark(id)
      .then(() => read.current(id, notes))
      .catch(() => undefined);
  }, [id, notes, unread, visible]);

  const send = useChatSender(uploadChatFile, async (body, key) => {
    await (notes ? sendNoteMessage : sendChatMessage)(id, body, key);
    await queryClient.invalidateQueries({ queryKey: chatsQueryKeys.messages(id, notes) });
  });

  const messages = useMemo(
    () => view.messages.map((message) => toMessageView(message, userId)),
    [view.messages, userId],
  );

  if (view.query.status === 'pending') return <LoadingState />;
  if (view.query.status === 'error' || !chat) {
    const missing = isApiError(view.query.error) && view.query.error.status === 404;
    return (
      <>
        <ChatHeader title={t('groupChats.listLabel')} backTo="/group-chats/" />
        {missing ? (
          <EmptyState title={t('chat.notFound')} />
        ) : (
          <ErrorState error={view.query.error} onRetry={() => void view.query.refetch()} />
        )}
      </>
    );
  }

  const load = chat.load;
  const title = load ? `${t('groupChats.load')} ${chat.title}` : chat.title;
  const base = `/group-chats/${id}/`;
  return (
    <>
      <ChatHeader
        title={title}
        subtitle={subtitleOf(chat, t)}
        avatar={chat.driver?.avatar ?? chat.user?.avatar ?? null}
        avatarName={chat.driver?.full_name ?? chat.user?.full_name ?? chat.title}
        backTo="/group-chats/"
        actions={
          load &&
          (single ? (
            <IconButton
              size="small"
              component={RouterLink}
              to={loadDeepLink(load, userRole)}
              aria-label={t('groupChats.openLoad')}
            >
              <OpenInNew fontSize="small" />
            </IconButton>
          ) : (
            <Button
              size="small"
              component={RouterLink}
              to={loadDeepLink(load, userRole)}
              endIcon={<OpenInNew sx={{ fontSize: 14 }} />}
            >
              {t('groupChats.openLoad')}
            </Button>
          ))
        }
      >
        {load && (
          <Tabs
            value={notes ? 'notes' : 'chat'}
            sx={{ px: 1, minHeight: 34, '& .MuiTab-root': { minHeight: 34, py: 0 } }}
          >
            <Tab value="chat" label={t('groupChats.chatTab')} component={RouterLink} to={base} />
            <Tab
              value="notes"
              component={RouterLink}
              to={`${base}?dir=notes`}
              label={
                <Badge
                  color="warning"
                  max={NOTES_BADGE_CAP}
                  badgeContent={notes ? 0 : chat.notes_unread_count}
                  sx={{ '& .MuiBadge-badge': { right: -10 } }}
                >
                  {t('chat.notes')}
                </Badge>
              }
            />
          </Tabs>
        )}
      </ChatHeader>
      <MessageList
        messages={messages}
        hasOlder={view.hasOlder}
        loadingOlder={view.loadingOlder}
        onLoadOlder={view.loadOlder}
        label={notes ? t('groupChats.notesLabel') : t('chat.messages')}
        emptyTitle={notes ? t('groupChats.noNotes') : t('chat.noMessages')}
        emptyIcon={<ChatBubbleOutline />}
      />
      <ChatComposer
        onSend={send}
        label={t('chat.messageLabel')}
        placeholder={notes ? t('groupChats.notePlaceholder') : t('chat.placeholder')}
      />
    </>
  );
}
