import {
  initialNotificationListState,
  isLocalNotificationId,
  nextExpiry,
  notificationListReducer,
  soundForNotification,
} from '@app/domain/notifications/notifications.rules';
import type {
  NotificationItem,
  NotificationListAction,
  NotificationListState,
  NotificationSound,
} from '@app/domain/notifications/notifications.rules';
import { notificationSchema, readNoticeEventSchema } from '@app/domain/notifications/notifications.schema';
import type {
  Notification,
  NotificationId,
  NotificationListResponse,
} from '@app/domain/notifications/notifications.schema';

// The notifications of the right-hand panel, without React so that the rules can be tested with fake
// fetchers and fake timers. The list itself is the domain reducer (created on new_notice, removed on
// read_notice or when marked read, the replacement rules, fresh ones to the front, fetched ones to the end,
// types 100 and up gone after 30 seconds); this store adds what talks to the world: the first page and the
// urgent ones once after start, further pages on demand, the first page again after a reconnect, the mark
// read call, one timer for the next expiry, and the sound of each fresh notification.

export type LastSound = {
  sound: NotificationSound;
  /** False when the load sound notification flag is off or the browser has no audio. */
  played: boolean;
  notificationId: NotificationId;
  typeId: number;
};

export type NotificationStoreState = {
  list: NotificationListState;
  /** The first page: loading, shown, or failed (the panel offers to try again). */
  status: 'loading' | 'ready' | 'error';
  /** Whether the server has more pages than those fetched. */
  hasMore: boolean;
  loadingMore: boolean;
  /** The sound chosen for the last fresh notification, for the panel's data attributes and the tests. */
  lastSound: LastSound | null;
};

export type NotificationStoreDeps = {
  fetchPage: (page: number, limit: number) => Promise<NotificationListResponse>;
  fetchUrgent: () => Promise<readonly Notification[]>;
  setRead: (id: NotificationId) => Promise<unknown>;
  /** Whether a failed set-read means the notification is gone anyway (404: read or removed elsewhere). */
  isGone?: (error: unknown) => boolean;
  pageSize: number;
  soundEnabled: () => boolean;
  /** Plays it; answers whether it could. */
  playSound: (sound: NotificationSound) => boolean;
  now: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  log?: (message: string, detail?: unknown) => void;
};

export type NotificationStore = ReturnType<typeof createNotificationStore>;

export function createNotificationStore(deps: NotificationStoreDeps) {
  const setTimer = deps.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer = deps.clearTimer ?? ((timer: unknown) => clearTimeout(timer as number));
  const log = deps.log ?? ((message: string, detail?: unknown) => console.warn(message, detail ?? ''));
  const listeners = new Set<() => void>();

  let state: NotificationStoreState = {
    list: initialNotificationListState,
    status: 'loading',
    hasMore: false,
    loadingMore: false,
    lastSound: null,
  };
  let pagesFetched = 0;
  let expiryTimer: unknown = null;
  /** Bumped on start, stop, retry and refetch: a page answer for an older round is dropped. */
  let round = 0;
  /** Bumped on start and stop only: the urgent answer belongs to the session, not to a round of pages. */
  let session = 0;
  let running = false;

  function setState(patch: Partial<NotificationStoreState>): void {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener();
  }

  function dispatch(action: NotificationListAction): void {
    const list = notificationListReducer(state.list, action);
    if (list !== state.list) {
      setState({ list });
      scheduleExpiry();
    }
  }

  /** One timer, for the transient notification that goes first. */
  function scheduleExpiry(): void {
    if (expiryTimer !== null) clearTimer(expiryTimer);
    expiryTimer = null;
    const at = nextExpiry(state.list);
    if (at === null || !running) return;
    expiryTimer = setTimer(
      () => {
        expiryTimer = null;
        dispatch({ type: 'expire', now: deps.now() });
      },
      Math.max(0, at - deps.now()),
    );
  }

  function morePages(page: NotificationListResponse): boolean {
    return page.results.length >= deps.pageSize && pagesFetched * deps.pageSize < page.count;
  }

  async function fetchFirstPage(mine: number): Promise<void> {
    try {
      const page = await deps.fetchPage(1, deps.pageSize);
      if (mine !== round) return;
      pagesFetched = 1;
      setState({ status: 'ready', hasMore: morePages(page) });
      dispatch({ type: 'fetched', notifications: page.results, now: deps.now() });
    } catch (error) {
      if (mine !== round) return;
      log('notifications: the list could not be fetched', error);
      setState({ status: 'error' });
    }
  }

  async function fetchUrgentOnce(mine: number): Promise<void> {
    try {
      const urgent = await deps.fetchUrgent();
      if (mine !== session) return;
      dispatch({ type: 'fetched', notifications: urgent, now: deps.now() });
    } catch (error) {
      // Only logged: the regular list still shows.
      log('notifications: the urgent ones could not be fetched', error);
    }
  }

  function receiveNew(data: unknown): void {
    const parsed = notificationSchema.safeParse(data);
    if (!parsed.success) {
      log('notifications: a new_notice that is not a notification was skipped', parsed.error);
      return;
    }
    const before = state.list;
    dispatch({ type: 'new_notice', notification: parsed.data, now: deps.now() });
    const fresh = state.list.items[0];
    if (state.list === before || !fresh) return;
    const sound = soundForNotification(fresh);
    if (sound === null) return;
    const played = deps.soundEnabled() ? deps.playSound(sound) : false;
    setState({ lastSound: { sound, played, notificationId: fresh.id, typeId: fresh.type.id } });
  }

  function receiveRead(data: unknown): void {
    const parsed = readNoticeEventSchema.safeParse(data);
    if (!parsed.success) {
      log('notifications: a read_notice without an id was skipped', parsed.error);
      return;
    }
    dispatch({ type: 'read_notice', id: parsed.data.id });
  }

  return {
    getState: (): NotificationStoreState => state,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /** After start: the first page, and the urgent ones once. */
    start: (): void => {
      if (running) return;
      running = true;
      round += 1;
      session += 1;
      setState({ status: 'loading' });
      void fetchFirstPage(round);
      void fetchUrgentOnce(session);
    },

    /** Leaving the shell: timers cleared, late answers dropped, the list emptied. */
    stop: (): void => {
      running = false;
      round += 1;
      session += 1;
      if (expiryTimer !== null) clearTimer(expiryTimer);
      expiryTimer = null;
      pagesFetched = 0;
      state = { ...state, list: notificationListReducer(state.list, { type: 'reset' }), loadingMore: false };
    },

    /** A socket message; events other than new_notice and read_notice are not the list's. */
    receive: (event: string, data: unknown): void => {
      if (!running) return;
      if (event === 'new_notice') receiveNew(data);
      else if (event === 'read_notice') receiveRead(data);
    },

    /** After a reconnect: the first page again, in place of what was fetched (domain 'refetched'). */
    refetch: async (): Promise<void> => {
      if (!running) return;
      round += 1;
      const mine = round;
      const since = deps.now();
      try {
        const page = await deps.fetchPage(1, deps.pageSize);
        if (mine !== round) return;
        pagesFetched = 1;
        setState({ status: 'ready', hasMore: morePages(page), loadingMore: false });
        dispatch({ type: 'refetched', notifications: page.results, now: deps.now(), since });
      } catch (error) {
        if (mine !== round) return;
        log('notifications: the list could not be fetched again', error);
        if (state.status !== 'ready') setState({ status: 'error' });
      }
    },

    /** The first page failed: try it again. */
    retry: (): void => {
      if (!running) return;
      round += 1;
      setState({ status: 'loading' });
      void fetchFirstPage(round);
    },

    /** The next page, appended. */
    loadMore: async (): Promise<void> => {
      if (!running || state.loadingMore || !state.hasMore) return;
      const mine = round;
      setState({ loadingMore: true });
      try {
        const page = await deps.fetchPage(pagesFetched + 1, deps.pageSize);
        if (mine !== round) return;
        pagesFetched += 1;
        setState({ loadingMore: false, hasMore: morePages(page) });
        dispatch({ type: 'fetched', notifications: page.results, now: deps.now() });
      } catch (error) {
        if (mine !== round) return;
        log('notifications: the next page could not be fetched', error);
        setState({ loadingMore: false });
      }
    },

    /**
     * The user read it here: it leaves the list at once and the server is told (it then tells the user's
     * other tabs with read_notice). When the call fails, the notification comes back at the end, unless the
     * server no longer knows it (read on another device meanwhile).
     */
    markRead: async (item: NotificationItem): Promise<void> => {
      dispatch({ type: 'marked_read', id: item.id });
      // Stored notifications have numbers, transient ones the server's 't-…' string (set-read dismisses
      // them on the user's other tabs); a local id is known only here.
      if (isLocalNotificationId(item.id)) return;
      try {
        await deps.setRead(item.id);
      } catch (error) {
        if (deps.isGone?.(error)) return;
        log('notifications: marking read failed', error);
        if (running) dispatch({ type: 'fetched', notifications: [item], now: deps.now() });
      }
    },
  };
}
