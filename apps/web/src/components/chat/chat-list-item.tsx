import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { NOTES_BADGE_CAP } from '@app/domain/chats/chats.schema';
import type { Lang } from '@app/domain/common/lookups';
import { relativeTime } from '@app/domain/common/time';
import { ChatAvatar } from './chat-avatar';

/** A chat of a list as the list shows it, whatever its kind. */
export type ChatListEntry = {
  id: number;
  title: string;
  /** The second line: the last message, or who the chat is with. */
  preview: string;
  avatar: string | null;
  /** Whose initials stand for a missing picture (the title's unless given). */
  avatarName?: string;
  unread: number;
  /** Unread notes of a load chat; the badge caps at 99. */
  notes?: number;
  /** When the last message came (the list's order). */
  time: string | null;
  /** A short word before the title (Load, Team, Owner...). */
  tag?: string;
};

type ChatListItemProps = {
  entry: ChatListEntry;
  href: string;
  selected: boolean;
  now: Date;
  lang: Lang;
};

export const ChatListItem = memo(function ChatListItem({
  entry,
  href,
  selected,
  now,
  lang,
}: ChatListItemProps) {
  const { t } = useTranslation();
  const unread = entry.unread > 0;
  return (
    <ListItemButton
      component={RouterLink}
      to={href}
      selected={selected}
      data-chat-id={entry.id}
      aria-current={selected ? 'page' : undefined}
      sx={{ gap: 1.25, py: 0.75, px: 1.25, alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}
    >
      <ChatAvatar src={entry.avatar} name={entry.avatarName ?? entry.title} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.75 }}>
          {entry.tag && (
            <Typography variant="caption" sx={{ color: 'text.secondary', flexShrink: 0 }}>
              {entry.tag}
            </Typography>
          )}
          <Typography
            variant="body2"
            noWrap
            sx={{ flex: 1, minWidth: 0, fontWeight: unread ? 700 : 500, fontSize: '0.8125rem' }}
          >
            {entry.title}
          </Typography>
          {entry.time && (
            <Typography
              variant="caption"
              data-testid="chat-time"
              sx={{ flexShrink: 0, color: unread ? 'primary.main' : 'text.secondary', fontSize: '0.6875rem' }}
            >
              {relativeTime(entry.time, now, lang)}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 20 }}>
          <Typography
            variant="caption"
            noWrap
            sx={{ flex: 1, minWidth: 0, color: unread ? 'text.primary' : 'text.secondary' }}
          >
            {entry.preview}
          </Typography>
          {(entry.notes ?? 0) > 0 && (
            <Badge
              color="warning"
              max={NOTES_BADGE_CAP}
              badgeContent={entry.notes}
              aria-label={t('chat.unreadNotes', { count: entry.notes })}
              sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' }, mr: 0.5 }}
            >
              <Typography variant="caption" sx={{ mr: 0.5, color: 'warning.dark' }}>
                {t('chat.notes')}
              </Typography>
            </Badge>
          )}
          {unread && (
            <Badge
              color="primary"
              badgeContent={entry.unread}
              max={999}
              aria-label={t('chat.unreadMessages', { count: entry.unread })}
              sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
            />
          )}
        </Box>
      </Box>
    </ListItemButton>
  );
});
