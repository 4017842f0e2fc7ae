import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ReplyOutlined from '@mui/icons-material/ReplyOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import type { EmailChatDetail, EmailMessage } from '@app/domain/email/email.schema';
import { replyReferences, replySubject } from '@app/domain/email/email.rules';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { errorStatus } from '@/lib/api-error';
import { openEmailCompose } from '@/lib/email-compose';
import { useEmailChat } from '../../api/email-chat';
import { useMarkEmailChatRead } from '../../api/mark-email-chat-read';
import { EmailMessageItem, messagePlainText } from './email-message-item';

/** The widget's request for a reply to a message: to the broker who wrote it, or again to those written to. */
export function replyRequest(chat: EmailChatDetail, message: EmailMessage) {
  const to =
    message.direction === 'in'
      ? [message.broker_from ?? message.from]
      : message.to_emails.length > 0
        ? message.to_emails
        : chat.broker_email
          ? [chat.broker_email]
          : [];
  return {
    chatId: chat.id,
    subject: replySubject(chat.subject),
    to,
    references: replyReferences(message.references, message.mail_id),
    in_reply_to: message.mail_id,
    replyPreview: messagePlainText(message),
  };
}

/**
 * One thread: its subject and kind, the messages oldest first (the newest open, the others folded to a
 * preview), reply from any message. Opening it marks it read, and so does a broker's reply arriving while
 * it is open (email_chat_message refreshes it).
 */
export function EmailThread({ chatId }: { chatId: number }) {
  const { t } = useTranslation();
  const chat = useEmailChat(chatId);
  const markRead = useMarkEmailChatRead();
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const data = chat.data?.id === chatId ? chat.data : undefined;
  const unread = data ? data.unread_count > 0 || data.messages.results.some((item) => !item.is_read) : false;
  const { mutate } = markRead;

  useEffect(() => {
    if (unread) mutate(chatId);
  }, [unread, chatId, mutate, data?.messages.count]);

  if (chat.isPending || (!data && chat.isFetching)) return <LoadingState />;
  if (chat.isError || !data) {
    const status = errorStatus(chat.error);
    if (status === 404 || status === 403)
      return <EmptyState compact icon={<SearchOffOutlined />} title={t('email.thread.notFound')} />;
    return <ErrorState error={chat.error} onRetry={() => void chat.refetch()} />;
  }

  const messages = data.messages.results;
  const last = messages.at(-1);
  const isOpen = (message: EmailMessage) => message === last || opened.has(message.id);
  const toggle = (id: number) =>
    setOpened((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h2" component="h3" sx={{ fontSize: '1rem', overflowWrap: 'anywhere', flex: 1 }}>
          {data.subject}
        </Typography>
        <Chip size="small" variant="outlined" label={t(`email.types.${data.type}`)} />
      </Box>
      {data.broker_email && (
        <Typography variant="caption" color="text.secondary">
          {t('email.thread.broker', { email: data.broker_email })}
        </Typography>
      )}
      {messages.length === 0 ? (
        <EmptyState compact title={t('email.thread.empty')} />
      ) : (
        <Box
          component="section"
          aria-label={t('email.thread.messages')}
          sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
        >
          {messages.map((message) => (
            <EmailMessageItem
              key={message.id}
              message={message}
              expanded={isOpen(message)}
              onToggle={() => toggle(message.id)}
              onReply={() => openEmailCompose(replyRequest(data, message))}
            />
          ))}
        </Box>
      )}
      {last && (
        <Box>
          <Button
            variant="contained"
            size="small"
            startIcon={<ReplyOutlined />}
            onClick={() => openEmailCompose(replyRequest(data, last))}
          >
            {t('email.thread.replyLast')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
