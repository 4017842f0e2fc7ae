import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MailOutline from '@mui/icons-material/MailOutlineOutlined';
import type { EmailChat } from '@app/domain/email/email.schema';
import { EMAIL_SEARCH_LIMIT } from '@app/domain/email/email.schema';
import { truncateTopic } from '@app/domain/email/email.rules';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { ListSearchField } from '@/components/lists/list-search-field';
import { LoadingState } from '@/components/loading-state';
import { openEmailCompose } from '@/lib/email-compose';
import { formatDateTime } from '@/lib/format';
import { useFindEmailChats } from '../../api/find-email-chats';

export type ThreadHint = {
  bid?: number;
  load?: number;
  subject: string;
  to?: string;
  /** Open the record's one thread at once (not after the user came back to the list). */
  autoOpen: boolean;
};

/** Whether a thread is about the record the drawer was opened from. */
export const isAboutRecord = (chat: EmailChat, hint: ThreadHint) =>
  (hint.bid !== undefined && chat.bid === hint.bid) ||
  (hint.load !== undefined && hint.bid === undefined && chat.load === hint.load);

type EmailChatSearchProps = {
  hint: ThreadHint;
  onOpen: (chatId: number) => void;
};

/**
 * Finds threads by subject (find-email-chats, 10 a page). Opened from a bid or a load, it searches that
 * record's subject, lists its threads first and opens the one thread at once; with none, it offers a new
 * message about the record.
 */
export function EmailChatSearch({ hint, onOpen }: EmailChatSearchProps) {
  const { t } = useTranslation();
  const [subject, setSubject] = useState(hint.subject);
  const [page, setPage] = useState(1);
  const found = useFindEmailChats({ subject, page });
  const results = found.data?.results ?? [];
  const ofRecord = results.filter((chat) => isAboutRecord(chat, hint));
  const others = results.filter((chat) => !isAboutRecord(chat, hint));
  const pages = Math.max(1, Math.ceil((found.data?.count ?? 0) / EMAIL_SEARCH_LIMIT));
  const recordAsked = hint.bid !== undefined || hint.load !== undefined;
  const onlyThread =
    hint.autoOpen && recordAsked && subject === hint.subject && page === 1 && ofRecord.length === 1
      ? ofRecord[0]
      : undefined;

  useEffect(() => {
    if (onlyThread) onOpen(onlyThread.id);
  }, [onlyThread, onOpen]);

  const writeNew = () =>
    openEmailCompose({
      chatId: null,
      type: hint.bid !== undefined ? 1 : hint.load !== undefined ? 2 : 3,
      bid: hint.bid,
      load: hint.bid === undefined ? hint.load : undefined,
      subject: hint.subject,
      to: hint.to ? [hint.to] : [],
    });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <ListSearchField
          value={subject}
          onSearch={(text) => {
            setSubject(text);
            setPage(1);
          }}
          label={t('email.search.label')}
          placeholder={t('email.search.placeholder')}
          fullWidth
        />
        <Button size="small" variant="outlined" startIcon={<EditOutlined />} onClick={writeNew}>
          {t(recordAsked ? 'email.search.writeAbout' : 'email.search.write')}
        </Button>
      </Box>
      {found.isPending ? (
        <LoadingState />
      ) : found.isError ? (
        <ErrorState error={found.error} onRetry={() => void found.refetch()} />
      ) : results.length === 0 ? (
        <EmptyState
          compact
          icon={<MailOutline />}
          title={t('email.search.none')}
          description={t(recordAsked ? 'email.search.noneForRecord' : 'email.search.noneHint')}
        />
      ) : (
        <List dense disablePadding aria-label={t('email.search.results')}>
          {[...ofRecord, ...others].map((chat) => (
            <ThreadRow key={chat.id} chat={chat} highlighted={isAboutRecord(chat, hint)} onOpen={onOpen} />
          ))}
        </List>
      )}
      {pages > 1 && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'flex-end' }}>
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('email.search.previous')}
          </Button>
          <Typography variant="caption">{t('email.search.page', { page, pages })}</Typography>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('email.search.next')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

function ThreadRow({
  chat,
  highlighted,
  onOpen,
}: {
  chat: EmailChat;
  highlighted: boolean;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <ListItemButton
      onClick={() => onOpen(chat.id)}
      selected={highlighted}
      sx={{ borderBottom: 1, borderColor: 'divider', gap: 1 }}
    >
      <ListItemText
        primary={
          <Box component="span" title={chat.subject} sx={{ fontWeight: chat.unread_count > 0 ? 700 : 400 }}>
            {truncateTopic(chat.subject)}
          </Box>
        }
        secondary={[t(`email.types.${chat.type}`), chat.broker_email, formatDateTime(chat.last_message_at)]
          .filter(Boolean)
          .join(' · ')}
      />
      <Badge
        color="primary"
        badgeContent={chat.unread_count}
        aria-label={t('email.search.unread', { count: chat.unread_count })}
        sx={{ mr: 1 }}
      />
    </ListItemButton>
  );
}
