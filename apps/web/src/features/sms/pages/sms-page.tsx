import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import AddCommentOutlined from '@mui/icons-material/AddCommentOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import type { SmsChatListItem } from '@app/domain/sms/sms.schema';
import { canViewNumber } from '@app/domain/telephony/telephony.rules';
import { ChatLayout } from '@/components/chat/chat-layout';
import { ChatList } from '@/components/chat/chat-list';
import type { ChatListEntry } from '@/components/chat/chat-list-item';
import { useCurrentUser } from '@/lib/current-user';
import { BulkSmsDialog } from '../components/bulk-sms-dialog';
import { NewSmsDialog } from '../components/new-sms-dialog';
import { SmsChatView } from '../components/sms-chat-view';
import { useSmsChats } from '../components/use-sms-chats';

// /sms/ and /sms/{chatId}: the company's SMS chats with drivers, owners and unknown phones on the left,
// the open one on the right (on a phone one after the other), and 'Send to many' for one text to many.

type Translate = (key: string, options?: Record<string, unknown>) => string;

function entryOf(chat: SmsChatListItem, showNumber: boolean, t: Translate): ChatListEntry {
  const last = chat.last_message;
  const who = [
    chat.unit_id ? t('sms.unit', { unit: chat.unit_id }) : null,
    showNumber ? chat.phone_number : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const text = last ? last.content || last.files.map((file) => file.name).join(', ') : '';
  return {
    id: chat.id,
    title: chat.title,
    preview: last
      ? `${last.direction === 'out' ? `${t('sms.you')}: ` : ''}${text}`
      : who || t('sms.noMessages'),
    avatar: chat.entity?.avatar ?? null,
    unread: chat.unread_count,
    time: last?.created_date ?? chat.updated_date,
    tag: t(`sms.type.${chat.type}`),
  };
}

export function SmsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const params = useParams();
  const chatId = params.chatId && /^\d+$/.test(params.chatId) ? Number(params.chatId) : null;
  const chats = useSmsChats(chatId);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [newOpen, setNewOpen] = useState(false);
  const showNumber = canViewNumber(user);
  const entries = useMemo(
    () => chats.list.chats.map((chat) => entryOf(chat, showNumber, t)),
    [chats.list.chats, showNumber, t],
  );

  return (
    <>
      <ChatLayout
        placeholder={t('sms.choose')}
        list={
          <ChatList
            label={t('sms.listLabel')}
            entries={entries}
            count={chats.list.count}
            selectedId={chatId}
            hrefOf={(id) => `/sms/${id}/`}
            search={chats.search}
            onSearch={chats.setSearch}
            searchLabel={t('sms.search')}
            status={chats.status}
            error={chats.error}
            onRetry={chats.refetch}
            canLoadMore={chats.canLoadMore}
            loadingMore={chats.loadingMore}
            onLoadMore={chats.loadMore}
            emptyTitle={t('sms.empty')}
            emptyIcon={<SmsOutlined />}
            actions={
              <>
                <Button
                  size="small"
                  variant="contained"
                  disableElevation
                  startIcon={<AddCommentOutlined sx={{ fontSize: 16 }} />}
                  onClick={() => setNewOpen(true)}
                >
                  {t('sms.new.button')}
                </Button>
                <Tooltip describeChild title={t('sms.bulk.hint')}>
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<GroupsOutlined sx={{ fontSize: 16 }} />}
                    onClick={() => setBulkOpen(true)}
                    sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
                  >
                    {t('sms.bulk.button')}
                  </Button>
                </Tooltip>
              </>
            }
          />
        }
        conversation={
          chatId === null ? null : (
            <SmsChatView
              key={chatId}
              id={chatId}
              onRead={chats.markRead}
              onChanged={(chat) => chats.apply({ type: 'updated', chat })}
            />
          )
        }
      />
      {bulkOpen && <BulkSmsDialog onClose={() => setBulkOpen(false)} />}
      {newOpen && <NewSmsDialog onClose={() => setNewOpen(false)} />}
    </>
  );
}
