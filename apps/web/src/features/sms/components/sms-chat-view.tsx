import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import type { SmsChatListItem, SmsChatResponse, SmsMessage } from '@app/domain/sms/sms.schema';
import { canViewNumber } from '@app/domain/telephony/telephony.rules';
import { ChatComposer } from '@/components/chat/chat-composer';
import { ChatHeader } from '@/components/chat/chat-layout';
import type { ChatMessageView } from '@/components/chat/message-bubble';
import { MessageList } from '@/components/chat/message-list';
import { useChatMessages } from '@/components/chat/use-chat-messages';
import { useChatSender } from '@/components/chat/use-chat-sender';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { usePageTitle } from '@/components/page-title';
import { isApiError } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';
import { sendSms } from '../api/send-sms';
import { fetchSmsChat } from '../api/sms-chat';
import { smsQueryKeys } from '../api/sms-query-keys';
import { uploadSmsFile } from '../api/upload-file';
import { PhoneLinkButton } from './phone-link-button';
import { SmsChatEditDialog } from './sms-chat-edit-dialog';

// An open SMS chat with a driver, an owner or a phone: the messages newest last (the company's on the
// right, with the colleague's name and the delivery of each), the composer. Opening it marks it read.

/** The picture types an MMS carries. */
const SMS_FILE_TYPES = 'image/jpeg,image/png,image/gif,.jpg,.jpeg,.jpe,.png,.gif';

type Translate = (key: string, options?: Record<string, unknown>) => string;

function toMessageView(message: SmsMessage, userId: number, t: Translate): ChatMessageView {
  const out = message.direction === 'out';
  const failed = message.delivery_status === 'failed' || message.delivery_status === 'undelivered';
  return {
    id: message.id,
    content: message.content,
    files: message.files,
    created_date: message.created_date,
    author: { name: message.user_from.full_name, avatar: message.user_from.avatar },
    own: out,
    showName: out && message.user_from.id !== userId,
    note: out
      ? t(`sms.status.${message.delivery_status}`) + (failed && message.error ? `: ${message.error}` : '')
      : null,
    noteIsError: failed,
  };
}

function subtitleOf(chat: SmsChatResponse, showNumber: boolean, t: Translate): string {
  const parts = [t(`sms.type.${chat.type}`)];
  const unit = chat.chat.unit_id;
  if (unit) parts.push(t('sms.unit', { unit }));
  if (showNumber) parts.push(chat.phone_number);
  return parts.join(' · ');
}

type SmsChatViewProps = {
  id: number;
  onRead: (id: number) => void;
  /** The chat was renamed or assigned here: the list shows it changed. */
  onChanged: (chat: SmsChatListItem) => void;
};

export function SmsChatView({ id, onRead, onChanged }: SmsChatViewProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const view = useChatMessages<SmsChatResponse, SmsMessage>(smsQueryKeys.chat(id), (page, signal) =>
    fetchSmsChat(id, page, signal),
  );
  const chat = view.latest;
  const [editing, setEditing] = useState(false);
  usePageTitle(chat?.title ?? null);

  // Opening the chat reads it.
  const unread = chat?.unread_count ?? 0;
  const read = useRef(onRead);
  useEffect(() => {
    read.current = onRead;
  });
  const readOnce = useRef(false);
  useEffect(() => {
    if (unread === 0 || readOnce.current) return;
    readOnce.current = true;
    read.current(id);
  }, [id, unread]);

  const send = useChatSender(uploadSmsFile, async (body, key) => {
    await sendSms(id, body, key);
    await queryClient.invalidateQueries({ queryKey: smsQueryKeys.chat(id) });
  });

  const messages = useMemo(
    () => view.messages.map((message) => toMessageView(message, user.id, t)),
    [view.messages, user.id, t],
  );

  if (view.query.status === 'pending') return <LoadingState />;
  if (view.query.status === 'error' || !chat) {
    const missing = isApiError(view.query.error) && view.query.error.status === 404;
    return (
      <>
        <ChatHeader title={t('sms.listLabel')} backTo="/sms/" />
        {missing ? (
          <EmptyState title={t('chat.notFound')} />
        ) : (
          <ErrorState error={view.query.error} onRetry={() => void view.query.refetch()} />
        )}
      </>
    );
  }

  const person = chat.driver ?? chat.owner;
  return (
    <>
      <ChatHeader
        title={chat.title}
        subtitle={subtitleOf(chat, canViewNumber(user), t)}
        avatar={person?.avatar ?? chat.chat.entity?.avatar ?? null}
        backTo="/sms/"
        actions={
          <>
            <Tooltip title={t('sms.edit.button')}>
              <IconButton size="small" aria-label={t('sms.edit.button')} onClick={() => setEditing(true)}>
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <PhoneLinkButton chatId={id} />
          </>
        }
      />
      {editing && (
        <SmsChatEditDialog
          chat={chat.chat}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            onChanged(saved);
            void queryClient.invalidateQueries({ queryKey: smsQueryKeys.chat(id) });
          }}
        />
      )}
      <MessageList
        messages={messages}
        hasOlder={view.hasOlder}
        loadingOlder={view.loadingOlder}
        onLoadOlder={view.loadOlder}
        label={t('chat.messages')}
        emptyTitle={t('sms.noMessages')}
        emptyIcon={<SmsOutlined />}
      />
      <ChatComposer
        onSend={send}
        label={t('chat.messageLabel')}
        placeholder={t('sms.placeholder')}
        accept={SMS_FILE_TYPES}
      />
    </>
  );
}
