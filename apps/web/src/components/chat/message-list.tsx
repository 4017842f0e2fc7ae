import { useLayoutEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { nearTopOfChat } from '@app/domain/chats/chat-list.rules';
import { EmptyState } from '@/components/empty-state';
import { MessageBubble, type ChatMessageView } from './message-bubble';

// The messages of a chat, newest last. Older pages (25 a page) load when the view is scrolled within 50 px
// of its top, and the message being read stays where it was when they arrive above it. A new message
// scrolls the view to it when the reader was at the bottom, or when it is the reader's own.

type MessageListProps = {
  /** Oldest first. */
  messages: readonly ChatMessageView[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** The list's accessible name. */
  label: string;
  emptyTitle: string;
  emptyIcon?: ReactNode;
};

/** How close to the bottom counts as reading the newest message. */
const AT_BOTTOM_PX = 80;

type Snapshot = {
  firstId: ChatMessageView['id'] | null;
  lastId: ChatMessageView['id'] | null;
  height: number;
};

export function MessageList({
  messages,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  label,
  emptyTitle,
  emptyIcon,
}: MessageListProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const before = useRef<Snapshot | null>(null);
  const atBottom = useRef(true);

  const firstId = messages[0]?.id ?? null;
  const last = messages[messages.length - 1];
  const lastId = last?.id ?? null;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const previous = before.current;
    if (previous === null || previous.lastId === null) {
      // First messages shown: the newest one.
      element.scrollTop = element.scrollHeight;
    } else if (previous.firstId !== firstId && previous.lastId === lastId) {
      // Older messages arrived above: the one being read stays in place.
      element.scrollTop += element.scrollHeight - previous.height;
    } else if (previous.lastId !== lastId && (atBottom.current || last?.own)) {
      element.scrollTop = element.scrollHeight;
    }
    before.current = { firstId, lastId, height: element.scrollHeight };
    // A short page that does not fill the view cannot be scrolled up: the older one is asked at once.
    if (
      hasOlder &&
      !loadingOlder &&
      element.clientHeight > 0 &&
      element.scrollHeight <= element.clientHeight
    ) {
      onLoadOlder();
    }
  }, [firstId, lastId, last?.own, hasOlder, loadingOlder, onLoadOlder]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight <= AT_BOTTOM_PX;
    // Pictures that finished loading change the height: the next page's shift is measured from now.
    if (before.current) before.current.height = element.scrollHeight;
    if (hasOlder && !loadingOlder && nearTopOfChat(element.scrollTop)) onLoadOlder();
  };

  return (
    <Box
      ref={scroller}
      onScroll={onScroll}
      data-testid="chat-messages"
      sx={{
        position: 'relative',
        flex: 1,
        minHeight: 0,
        overflowY: 'auto',
        overflowAnchor: 'none',
        bgcolor: 'grey.50',
        py: 1,
      }}
    >
      {loadingOlder && (
        <Box
          role="progressbar"
          aria-label={t('chat.loadingOlder')}
          sx={{ position: 'absolute', top: 8, left: 0, right: 0, display: 'flex', justifyContent: 'center' }}
        >
          <CircularProgress size={16} />
        </Box>
      )}
      {messages.length === 0 ? (
        <EmptyState compact title={emptyTitle} icon={emptyIcon} />
      ) : (
        <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} />
          ))}
        </Box>
      )}
    </Box>
  );
}
