import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import { CHAT_TIME_REFRESH_MS } from '@app/domain/notifications/notifications.rules';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { ListSearchField } from '@/components/lists/list-search-field';
import { LoadingState } from '@/components/loading-state';
import { ChatListItem, type ChatListEntry } from './chat-list-item';
import { useChatClock } from './use-chat-clock';

// A chat list (group and notes, or SMS): a search box, the chats newest first with their unread badges and
// relative times (refreshed every second), 'Load more' until the list has every chat, and its loading,
// empty and error states.

/** Scrolled this close to the bottom, the next page loads by itself. */
const LOAD_MORE_AT_PX = 120;

type ChatListProps = {
  entries: readonly ChatListEntry[];
  /** How many chats the server has for the search. */
  count: number;
  selectedId: number | null;
  hrefOf: (id: number) => string;
  search: string;
  onSearch: (search: string) => void;
  searchLabel: string;
  status: 'pending' | 'error' | 'success';
  error?: unknown;
  onRetry: () => void;
  canLoadMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** The list's accessible name. */
  label: string;
  emptyTitle: string;
  emptyIcon?: ReactNode;
  /** Buttons above the list (a new chat, a bulk sending). */
  actions?: ReactNode;
};

export function ChatList(props: ChatListProps) {
  const { t, i18n } = useTranslation();
  const now = useChatClock(CHAT_TIME_REFRESH_MS);
  const { entries, status, canLoadMore, loadingMore, onLoadMore } = props;
  const lang = i18n.language === 'ru' ? 'ru' : 'en';
  const more = canLoadMore && entries.length > 0 && status === 'success';

  let body: ReactNode;
  if (status === 'pending' && entries.length === 0) body = <LoadingState />;
  else if (status === 'error' && entries.length === 0)
    body = <ErrorState error={props.error} onRetry={props.onRetry} />;
  else if (entries.length === 0)
    body = (
      <EmptyState
        compact
        icon={props.emptyIcon}
        title={props.search ? t('chat.nothingFound', { search: props.search }) : props.emptyTitle}
      />
    );
  else
    body = (
      <List dense disablePadding aria-label={props.label}>
        {entries.map((entry) => (
          <ChatListItem
            key={entry.id}
            entry={entry}
            href={props.hrefOf(entry.id)}
            selected={entry.id === props.selectedId}
            now={now}
            lang={lang}
          />
        ))}
      </List>
    );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          gap: 0.75,
          p: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <ListSearchField
          fullWidth
          value={props.search}
          onSearch={props.onSearch}
          label={props.searchLabel}
          placeholder={props.searchLabel}
        />
        {props.actions && <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>{props.actions}</Box>}
      </Box>
      <Box
        data-testid="chat-list-scroller"
        onScroll={(event) => {
          const element = event.currentTarget;
          if (
            more &&
            !loadingMore &&
            element.scrollHeight - element.scrollTop - element.clientHeight < LOAD_MORE_AT_PX
          )
            onLoadMore();
        }}
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
      >
        {body}
        {more && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
            <Button size="small" onClick={onLoadMore} loading={loadingMore}>
              {t('chat.loadMore', { shown: entries.length, count: props.count })}
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );
}
