import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import { canSuperviseChats, type ChatListItem } from '@app/domain/chats/chats.schema';
import { ChatLayout } from '@/components/chat/chat-layout';
import { ChatList } from '@/components/chat/chat-list';
import type { ChatListEntry } from '@/components/chat/chat-list-item';
import { useCurrentUser } from '@/lib/current-user';
import { GroupChatView } from '../components/group-chat-view';
import { TeamChatDialog } from '../components/team-chat-dialog';
import { useGroupChats } from '../components/use-group-chats';

// /group-chats/ and /group-chats/{chatId} (?dir=notes opens the load's notes): the caller's load and team
// chats on the left, the open one on the right; on a phone one after the other. Admins and managers make a
// team's chat here ('New team chat').

type Translate = (key: string, options?: Record<string, unknown>) => string;

function previewOf(chat: ChatListItem, t: Translate): string {
  const last = chat.last_message;
  if (last) {
    const text = last.content || last.files.map((file) => file.name).join(', ');
    return `${last.user_from.full_name}: ${text}`;
  }
  if (chat.entity?.resp_driver) return t('groupChats.driver', { name: chat.entity.resp_driver.full_name });
  return t('groupChats.noMessagesYet');
}

function entryOf(chat: ChatListItem, t: Translate): ChatListEntry {
  return {
    id: chat.id,
    title: chat.title,
    preview: previewOf(chat, t),
    avatar: chat.entity?.resp_driver?.avatar ?? chat.entity?.avatar ?? chat.user?.avatar ?? null,
    avatarName: chat.entity?.resp_driver?.full_name ?? chat.title,
    unread: chat.unread_count,
    notes: chat.notes_unread_count,
    time: chat.last_message?.created_date ?? chat.updated_date,
    tag:
      chat.type === 'Load' ? t('groupChats.load') : chat.type === 'Team' ? t('groupChats.team') : undefined,
  };
}

export function GroupChatsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const params = useParams();
  const [query] = useSearchParams();
  const chatId = params.chatId && /^\d+$/.test(params.chatId) ? Number(params.chatId) : null;
  const notes = query.get('dir') === 'notes';
  const chats = useGroupChats(chatId === null ? null : { id: chatId, notes }, user.id);
  const entries = useMemo(() => chats.list.chats.map((chat) => entryOf(chat, t)), [chats.list.chats, t]);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const { refetch } = chats;

  return (
    <>
      <ChatLayout
        placeholder={t('groupChats.choose')}
        list={
          <ChatList
            label={t('groupChats.listLabel')}
            entries={entries}
            count={chats.list.count}
            selectedId={chatId}
            hrefOf={(id) => `/group-chats/${id}/`}
            search={chats.search}
            onSearch={chats.setSearch}
            searchLabel={t('groupChats.search')}
            status={chats.status}
            error={chats.error}
            onRetry={chats.refetch}
            canLoadMore={chats.canLoadMore}
            loadingMore={chats.loadingMore}
            onLoadMore={chats.loadMore}
            emptyTitle={t('groupChats.empty')}
            emptyIcon={<ForumOutlined />}
            actions={
              canSuperviseChats(user) ? (
                <Button
                  size="small"
                  variant="contained"
                  disableElevation
                  startIcon={<GroupAddOutlined sx={{ fontSize: 16 }} />}
                  onClick={() => setCreating(true)}
                >
                  {t('groupChats.new.button')}
                </Button>
              ) : undefined
            }
          />
        }
        conversation={
          chatId === null ? null : (
            <GroupChatView
              key={`${chatId}-${notes}`}
              id={chatId}
              notes={notes}
              userId={user.id}
              userRole={user.role}
              onRead={chats.markedRead}
            />
          )
        }
      />
      {creating && (
        <TeamChatDialog
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            refetch();
            void navigate(`/group-chats/${id}/`);
          }}
        />
      )}
    </>
  );
}
