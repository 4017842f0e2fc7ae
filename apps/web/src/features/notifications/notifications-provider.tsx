import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { menuBadgeCounts } from '@app/domain/notifications/notifications.rules';
import type { MenuBadgeCounts } from '@app/domain/notifications/notifications.rules';
import { useSocketEvent, useSocketReconnect } from '@/lib/socket-provider';
import { NOTIFICATION_PAGE_SIZE } from './api/notification-api';
import { fetchNotificationList } from './api/notification-list';
import { isNotificationGone, setNotificationRead } from './api/set-notification-read';
import { fetchUrgentNotifications } from './api/urgent-notifications';
import { isSoundEnabled, playNotificationSound, unlockAudioOnFirstGesture } from './notification-sound';
import { createNotificationStore } from './notification-store';
import type { NotificationStore, NotificationStoreState } from './notification-store';

/** Raised on window for each fresh notification that chose a sound; detail is the store's LastSound. */
export const NOTIFICATION_SOUND_EVENT = 'notification-sound';

const NotificationsContext = createContext<NotificationStore | null>(null);

/**
 * The notifications of the signed-in user, for the right-hand panel, the menu dots and the bell. Mounted
 * inside the socket provider: the list starts with the shell and follows new_notice and read_notice.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() =>
    createNotificationStore({
      fetchPage: fetchNotificationList,
      fetchUrgent: fetchUrgentNotifications,
      setRead: setNotificationRead,
      isGone: isNotificationGone,
      pageSize: NOTIFICATION_PAGE_SIZE,
      soundEnabled: isSoundEnabled,
      playSound: playNotificationSound,
      now: () => Date.now(),
    }),
  );

  useEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);

  useEffect(() => unlockAudioOnFirstGesture(), []);

  useEffect(() => {
    let last = store.getState().lastSound;
    return store.subscribe(() => {
      const next = store.getState().lastSound;
      if (next === last) return;
      last = next;
      if (next) window.dispatchEvent(new CustomEvent(NOTIFICATION_SOUND_EVENT, { detail: next }));
    });
  }, [store]);

  useSocketEvent('new_notice', (data) => store.receive('new_notice', data));
  useSocketEvent('read_notice', (data) => store.receive('read_notice', data));
  useSocketReconnect(() => void store.refetch());

  return <NotificationsContext.Provider value={store}>{children}</NotificationsContext.Provider>;
}

function useStore(): NotificationStore {
  const store = useContext(NotificationsContext);
  if (!store) throw new Error('useNotifications is used outside NotificationsProvider');
  return store;
}

/** The list with its state and what the panel can do with it. */
export function useNotifications(): NotificationStoreState & {
  markRead: NotificationStore['markRead'];
  loadMore: NotificationStore['loadMore'];
  retry: NotificationStore['retry'];
} {
  const store = useStore();
  const state = useSyncExternalStore(store.subscribe, store.getState);
  return { ...state, markRead: store.markRead, loadMore: store.loadMore, retry: store.retry };
}

/** The unread counts behind the menu dots and the bell badge (domain rules). */
export function useNotificationBadges(): MenuBadgeCounts {
  const store = useStore();
  const items = useSyncExternalStore(store.subscribe, () => store.getState().list.items);
  return useMemo(() => menuBadgeCounts(items), [items]);
}
