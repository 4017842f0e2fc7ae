import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import VolumeOffOutlined from '@mui/icons-material/VolumeOffOutlined';
import VolumeUpOutlined from '@mui/icons-material/VolumeUpOutlined';
import { NOTIFICATION_TYPES } from '@app/domain/common/lookups';
import { notificationDeepLink } from '@app/domain/notifications/notifications.rules';
import type { NotificationItem as Item } from '@app/domain/notifications/notifications.rules';
import { EmptyState } from '@/components/empty-state';
import { currentLang } from '@/i18n/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { useSocketStatus } from '@/lib/socket-provider';
import { isSoundEnabled, setSoundEnabled } from '../notification-sound';
import { useNotifications } from '../notifications-provider';
import { NotificationItem } from './notification-item';
import { notificationContent, notificationLabel } from './notification-text';

type NotificationListProps = {
  /** Text typed in the panel's search box: only notifications that contain it are shown. */
  filter: string;
  compact: boolean;
  /** Called after a notification was opened (the phone drawer closes). */
  onNavigate?: () => void;
};

/** The search finds a notification by what it shows in either language as well as what the server wrote. */
function matches(item: Item, needle: string, t: TFunction): boolean {
  if (!needle) return true;
  const type = NOTIFICATION_TYPES.find((entry) => entry.id === item.type.id);
  const actor = item.actor ? `${item.actor.first_name} ${item.actor.last_name}` : '';
  const shown = [notificationLabel(item, t), notificationContent(item, t, currentLang())];
  return [item.label, item.content, ...shown, type?.en, type?.ru, actor]
    .filter(Boolean)
    .some((text) => text!.toLowerCase().includes(needle));
}

/**
 * The Home tab: the user's notifications, newest first. A click opens the notification's page (the spec's
 * deep link for its type and the user's role) and marks it read; the ✓ button only marks it read. The
 * speaker button switches the sounds (the load sound notification flag).
 */
export function NotificationList({ filter, compact, onNavigate }: NotificationListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const notifications = useNotifications();
  const socketStatus = useSocketStatus();
  const [soundOn, setSoundOn] = useState(isSoundEnabled);
  const needle = filter.trim().toLowerCase();
  const items = notifications.list.items;
  const shown = useMemo(() => items.filter((item) => matches(item, needle, t)), [items, needle, t]);

  const open = (item: Item) => {
    void notifications.markRead(item);
    void navigate(notificationDeepLink(item, user.role));
    onNavigate?.();
  };

  const toggleSound = () => {
    setSoundEnabled(!soundOn);
    setSoundOn(!soundOn);
  };

  const soundLabel = soundOn ? t('notifications.soundOff') : t('notifications.soundOn');

  let body;
  if (notifications.status === 'loading' && items.length === 0) {
    body = (
      <Box
        role="progressbar"
        aria-label={t('notifications.loading')}
        sx={{ display: 'flex', justifyContent: 'center', py: 3 }}
      >
        <CircularProgress size={18} thickness={5} />
      </Box>
    );
  } else if (notifications.status === 'error' && items.length === 0) {
    body = (
      <EmptyState
        compact
        icon={<CloudOffOutlined />}
        title={t('notifications.loadError')}
        action={
          <Button variant="outlined" onClick={notifications.retry}>
            {t('notifications.reload')}
          </Button>
        }
      />
    );
  } else if (items.length === 0) {
    body = <EmptyState compact icon={<NotificationsNoneOutlined />} title={t('notifications.empty')} />;
  } else if (shown.length === 0) {
    body = <EmptyState compact icon={<SearchOffOutlined />} title={t('notifications.noMatch')} />;
  } else {
    body = (
      <List dense disablePadding aria-label={t('notifications.title')}>
        {shown.map((item) => (
          <NotificationItem
            key={item.id}
            item={item}
            compact={compact}
            onOpen={open}
            onMarkRead={(read) => void notifications.markRead(read)}
          />
        ))}
      </List>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          pl: 1.25,
          pr: 0.5,
          height: 36,
          borderBottom: 1,
          borderColor: 'divider',
          flexShrink: 0,
        }}
      >
        <Typography variant="subtitle2" noWrap sx={{ flex: 1 }}>
          {t('notifications.title')}
          {items.length > 0 && (
            <Typography component="span" variant="caption" sx={{ color: 'text.secondary', ml: 0.75 }}>
              {items.length}
            </Typography>
          )}
        </Typography>
        <Tooltip title={soundLabel}>
          <IconButton aria-label={soundLabel} aria-pressed={soundOn} onClick={toggleSound}>
            {soundOn ? (
              <VolumeUpOutlined sx={{ fontSize: 18 }} />
            ) : (
              <VolumeOffOutlined sx={{ fontSize: 18 }} />
            )}
          </IconButton>
        </Tooltip>
      </Box>
      {socketStatus === 'reconnecting' && (
        <Typography
          role="status"
          variant="caption"
          sx={{ px: 1.25, py: 0.5, bgcolor: 'warning.main', color: '#fff', flexShrink: 0 }}
        >
          {t('notifications.reconnecting')}
        </Typography>
      )}
      <Box sx={{ flex: 1 }}>{body}</Box>
      {notifications.hasMore && items.length > 0 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
          <Button onClick={() => void notifications.loadMore()} disabled={notifications.loadingMore}>
            {notifications.loadingMore ? t('notifications.loadingMore') : t('notifications.showMore')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
