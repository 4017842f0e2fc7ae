import { bidStatusClass } from '../bids/bids.rules';
import { isTransientNotificationType } from '../common/lookups';
import { accountingStatusClass, loadStatusClass } from '../loads/loads.rules';
import type {
  Notification,
  NotificationId,
  NotificationLoad,
  NotificationTrackingInfo,
} from './notifications.schema';

// The notification list of the right-hand panel as a pure reducer, with the sound, deep link, time refresh
// and menu badge of each notification. Type ids: 1 group chat, 2 sms chat, 3 bid, 4 load, 5 and 6
// tracking, 7 notes chat, 8 rate notice, 9 damage notice, 10 e-mail chat message, 11 owner sms chat,
// 100 load status (transient).

/** Types from 100 up disappear this long after they arrive. */
export const TRANSIENT_NOTIFICATION_LIFETIME_MS = 30_000;
/** Relative times ('5 min ago') of chat notifications refresh every second... */
export const CHAT_TIME_REFRESH_MS = 1_000;
/** ...and those of the others every minute. */
export const SIMPLE_TIME_REFRESH_MS = 60_000;

const GROUP_CHAT = 1;
const SMS_CHAT = 2;
const BID_INFO = 3;
const LOAD_INFO = 4;
/** A tracked vehicle stopped reporting its location (5), or reports it again (6). */
const TRACKING_STOPPED = 5;
const TRACKING_RESUMED = 6;
const TRACKING_INFO = [TRACKING_STOPPED, TRACKING_RESUMED];
const NOTES_CHAT = 7;
const RATE_NOTICE = 8;
const DAMAGE_NOTICE = 9;
const EMAIL_CHAT = 10;
const OWNER_SMS_CHAT = 11;
const LOAD_STATUS = 100;

const CHAT_TYPES = [GROUP_CHAT, SMS_CHAT, NOTES_CHAT, EMAIL_CHAT, OWNER_SMS_CHAT];

/** A notification in the list: it always has an id, and the list knows when it arrived. */
export type NotificationItem = Notification & { id: NotificationId; received_at: number };

export type NotificationListState = {
  /** Newest first: fresh ones at the front, fetched pages after. */
  items: NotificationItem[];
  /** The next local id for a notification that comes without one. */
  nextLocalId: number;
};

export type NotificationListAction =
  /** A page of GET notifications (or notifications/urgent): appended to the end. */
  | { type: 'fetched'; notifications: readonly Notification[]; now: number }
  /** A `new_notice` event: a fresh notification, to the front. */
  | { type: 'new_notice'; notification: Notification; now: number }
  /** A `read_notice` event. */
  | { type: 'read_notice'; id: NotificationId }
  /** The user marked it read here (PUT notifications/{id}/set-read). */
  | { type: 'marked_read'; id: NotificationId }
  /**
   * The first page fetched again after a reconnect: it takes the place of what was listed, except the
   * transient notifications (the server does not list them) and what arrived at or after `since` (when the
   * page was asked for), which may be newer than the page.
   */
  | { type: 'refetched'; notifications: readonly Notification[]; now: number; since: number }
  /** The clock ticked: transient notifications past their time go. */
  | { type: 'expire'; now: number }
  /** Sign-out, or a refetch from scratch after a reconnect. */
  | { type: 'reset' };

export const initialNotificationListState: NotificationListState = { items: [], nextLocalId: 1 };

/** The local id given to the n-th notification that came without one. */
export function localNotificationId(sequence: number): string {
  return `local-${sequence}`;
}

/** Whether an id is one given here to a notification that came without one (the server does not know it). */
export function isLocalNotificationId(id: NotificationId): boolean {
  return typeof id === 'string' && /^local-\d+$/.test(id);
}

const hasId = (id: NotificationId | null | undefined): id is NotificationId =>
  id !== null && id !== undefined && id !== '';

/**
 * Notifications of these kinds stand for their chat or load: a new one replaces an older one for the same
 * chat (group, sms, notes, owner sms, e-mail chat) or load (rate notice, damage notice). The key is null for
 * the other kinds, which never replace each other.
 */
export function replacementKey(notification: Notification): string | null {
  const typeId = notification.type.id;
  let subject: number | null | undefined;
  switch (typeId) {
    case GROUP_CHAT:
      subject = notification.group_chat?.id;
      break;
    case SMS_CHAT:
    case OWNER_SMS_CHAT:
      subject = notification.sms_chat?.id;
      break;
    case NOTES_CHAT:
      subject = notification.group_chat?.id ?? notificationLoadId(notification);
      break;
    case EMAIL_CHAT:
      subject = notification.email_chat_info?.id;
      break;
    case RATE_NOTICE:
    case DAMAGE_NOTICE:
      subject = notificationLoadId(notification);
      break;
    default:
      return null;
  }
  return subject === null || subject === undefined ? null : `${typeId}:${subject}`;
}

function notificationLoadId(notification: Notification): number | null {
  return (
    notification.load?.id ??
    notification.load_info?.id ??
    notification.load_status?.id ??
    notification.tracking_info?.load_id ??
    null
  );
}

/** When a transient notification (type 100 and up) leaves the list; null for the others. */
export function transientExpiresAt(item: Pick<NotificationItem, 'type' | 'received_at'>): number | null {
  return isTransientNotificationType(item.type.id)
    ? item.received_at + TRANSIENT_NOTIFICATION_LIFETIME_MS
    : null;
}

/** The earliest time an item of the list expires, to set one timer for the `expire` action; null if none. */
export function nextExpiry(state: NotificationListState): number | null {
  let earliest: number | null = null;
  for (const item of state.items) {
    const expiresAt = transientExpiresAt(item);
    if (expiresAt !== null && (earliest === null || expiresAt < earliest)) earliest = expiresAt;
  }
  return earliest;
}

function withId(
  state: NotificationListState,
  notification: Notification,
  now: number,
): { item: NotificationItem; nextLocalId: number } {
  if (hasId(notification.id)) {
    return {
      item: { ...notification, id: notification.id, received_at: now },
      nextLocalId: state.nextLocalId,
    };
  }
  const id = localNotificationId(state.nextLocalId);
  return { item: { ...notification, id, received_at: now }, nextLocalId: state.nextLocalId + 1 };
}

function without(state: NotificationListState, id: NotificationId): NotificationListState {
  const items = state.items.filter((item) => item.id !== id);
  return items.length === state.items.length ? state : { ...state, items };
}

export function notificationListReducer(
  state: NotificationListState,
  action: NotificationListAction,
): NotificationListState {
  switch (action.type) {
    case 'new_notice': {
      const { item, nextLocalId } = withId(state, action.notification, action.now);
      const key = replacementKey(item);
      const rest = state.items.filter(
        (existing) => existing.id !== item.id && (key === null || replacementKey(existing) !== key),
      );
      return { items: [item, ...rest], nextLocalId };
    }
    case 'fetched': {
      // A page may overlap what is shown (a fresh one that is also on the server, or a page that shifted);
      // each notification and each chat or load of the replacing kinds is listed once.
      const ids = new Set(state.items.map((item) => item.id));
      const keys = new Set(state.items.map(replacementKey).filter((key) => key !== null));
      let { nextLocalId } = state;
      const appended: NotificationItem[] = [];
      for (const notification of action.notifications) {
        if (hasId(notification.id) && ids.has(notification.id)) continue;
        const key = replacementKey(notification);
        if (key !== null && keys.has(key)) continue;
        const added = withId({ ...state, nextLocalId }, notification, action.now);
        nextLocalId = added.nextLocalId;
        ids.add(added.item.id);
        if (key !== null) keys.add(key);
        appended.push(added.item);
      }
      if (appended.length === 0) return state;
      return { items: [...state.items, ...appended], nextLocalId };
    }
    case 'refetched': {
      const kept = state.items.filter(
        (item) => isTransientNotificationType(item.type.id) || item.received_at >= action.since,
      );
      return notificationListReducer(
        { ...state, items: kept },
        { type: 'fetched', notifications: action.notifications, now: action.now },
      );
    }
    case 'read_notice':
    case 'marked_read':
      return without(state, action.id);
    case 'expire': {
      const items = state.items.filter((item) => {
        const expiresAt = transientExpiresAt(item);
        return expiresAt === null || expiresAt > action.now;
      });
      return items.length === state.items.length ? state : { ...state, items };
    }
    case 'reset':
      return { items: [], nextLocalId: state.nextLocalId };
  }
}

// ---------------------------------------------------------------- sounds

export type NotificationSound = 'message' | 'notification';

const MESSAGE_SOUND_TYPES = [
  GROUP_CHAT,
  SMS_CHAT,
  LOAD_STATUS,
  NOTES_CHAT,
  RATE_NOTICE,
  EMAIL_CHAT,
  OWNER_SMS_CHAT,
];
const NOTIFICATION_SOUND_TYPES = [BID_INFO, LOAD_INFO, ...TRACKING_INFO, DAMAGE_NOTICE];

/**
 * The sound a fresh notification plays: the message sound for group, sms, load status, notes, rate notice,
 * e-mail and owner sms; the notification sound for bid, load, tracking and damage; none for another type.
 */
export function soundForNotification(notification: Pick<Notification, 'type'>): NotificationSound | null {
  const typeId = notification.type.id;
  if (MESSAGE_SOUND_TYPES.includes(typeId)) return 'message';
  if (NOTIFICATION_SOUND_TYPES.includes(typeId)) return 'notification';
  return null;
}

// ---------------------------------------------------------------- deep links

/** Admins, managers and accountants open completed loads on the accounting (income) pages. */
export const ACCOUNTING_LINK_ROLES: readonly number[] = [3, 4, 7];

export const NOTIFICATION_FALLBACK_LINK = '/my-loads';

/**
 * The page of a load: /load/{active|checkout|completed|canceled}/{id} by its status; for roles 3, 4 and 7 a
 * completed load opens on the income pages instead, /accounting/income/completed/{id} once its accounting
 * status is completed (8) and /accounting/income/active/{id} before.
 */
export function loadDeepLink(load: NotificationLoad, role: number | null | undefined): string {
  const statusClass = loadStatusClass(load.status);
  if (
    statusClass === 'completed' &&
    role !== null &&
    role !== undefined &&
    ACCOUNTING_LINK_ROLES.includes(role)
  ) {
    const income = accountingStatusClass(load.accounting_status) === 'completed' ? 'completed' : 'active';
    return `/accounting/income/${income}/${load.id}`;
  }
  return `/load/${statusClass}/${load.id}`;
}

/** The load of a notification with its statuses, from the top-level load or the nested object. */
function notificationLoad(notification: Notification): NotificationLoad | null {
  if (notification.load) return notification.load;
  if (notification.load_info) return notification.load_info;
  if (notification.load_status) {
    return {
      id: notification.load_status.id,
      status: notification.load_status.status,
      accounting_status: null,
    };
  }
  return null;
}

/** The vehicles page, searched for one unit: where a tracking notice leads. */
export const VEHICLES_PAGE_PATH = '/units/vehicles/';

/** The vehicles page showing the unit: /units/vehicles/?search={unit id}. */
export function vehicleDeepLink(tracking: Pick<NotificationTrackingInfo, 'unit_id'>): string {
  return `${VEHICLES_PAGE_PATH}?search=${encodeURIComponent(tracking.unit_id)}`;
}

/** The query value of `dir` that opens the e-mail thread drawer over a page (with chat={id}). */
export const EMAIL_THREAD_DIR = 'email';

/** A page with an e-mail thread open over it: '/bid/active/7?dir=email&chat=40'. */
export function emailThreadLink(path: string, chatId: number): string {
  return `${path}${path.includes('?') ? '&' : '?'}dir=${EMAIL_THREAD_DIR}&chat=${chatId}`;
}

/** A load known only by its id is taken as active: the lists redirect a load that has moved on. */
const activeLoad = (id: number): NotificationLoad => ({ id, status: 1, accounting_status: null });

function bidDeepLink(notification: Notification): string | null {
  const bid = notification.bid_info;
  if (!bid) return null;
  if (bid.kind === 'driver') {
    const driver = bid.driver_id === null ? '' : `?active_driver=${bid.driver_id}`;
    return `/loadboard/${bid.load_id}${driver}`;
  }
  return `/bid/${bidStatusClass(bid.status)}/${bid.id}`;
}

/**
 * Where clicking a notification goes: group chats /group-chats/{chatId}; sms and owner sms /sms/{chatId};
 * notes /group-chats/{chatId}?dir=notes; a driver's bid /loadboard/{loadId}?active_driver={driverId}, a
 * dispatcher's bid /bid/{active|completed}/{id}; load, load status, rate and damage notices the load's page
 * (loadDeepLink, with the accounting rule of roles 3, 4 and 7); tracking notices (the spec names no page for
 * them) the vehicle on the vehicles page, /units/vehicles/?search={unit id}; e-mail the bid or load the
 * chain is about with the thread open over it (?dir=email&chat={chatId}); otherwise /my-loads.
 */
export function notificationDeepLink(notification: Notification, role: number | null | undefined): string {
  const typeId = notification.type.id;
  const load = notificationLoad(notification);
  const loadLink = () => (load ? loadDeepLink(load, role) : null);
  let link: string | null;
  switch (typeId) {
    case GROUP_CHAT:
      link = notification.group_chat ? `/group-chats/${notification.group_chat.id}` : null;
      break;
    case SMS_CHAT:
    case OWNER_SMS_CHAT:
      link = notification.sms_chat ? `/sms/${notification.sms_chat.id}` : null;
      break;
    case NOTES_CHAT: {
      const chat = notification.group_chat;
      const page = chat ? `/group-chats/${chat.id}` : loadLink();
      link = page === null ? null : `${page}?dir=notes`;
      break;
    }
    case BID_INFO:
      link = bidDeepLink(notification);
      break;
    case EMAIL_CHAT: {
      const chain = notification.email_chat_info;
      if (chain?.type === 1 && chain.bid !== null) {
        link = bidDeepLink(notification) ?? `/bid/active/${chain.bid}`;
      } else if (chain && chain.load !== null) {
        link = loadDeepLink(load?.id === chain.load ? load : activeLoad(chain.load), role);
      } else {
        link = loadLink();
      }
      // The thread opens over that page, in the e-mail drawer.
      if (chain) link = emailThreadLink(link ?? NOTIFICATION_FALLBACK_LINK, chain.id);
      break;
    }
    case TRACKING_STOPPED:
    case TRACKING_RESUMED:
      link = notification.tracking_info ? vehicleDeepLink(notification.tracking_info) : null;
      break;
    default:
      link = loadLink();
  }
  return link ?? NOTIFICATION_FALLBACK_LINK;
}

// ---------------------------------------------------------------- time and badges

/** How often the notification's relative time is refreshed: every second for chats, every minute otherwise. */
export function relativeTimeRefreshMs(notification: Pick<Notification, 'type'>): number {
  return CHAT_TYPES.includes(notification.type.id) ? CHAT_TIME_REFRESH_MS : SIMPLE_TIME_REFRESH_MS;
}

export type MenuBadgeCounts = {
  /** Group and notes chats with news: the groupChats menu entry. */
  groupChats: number;
  /** Driver and owner SMS chats with news: the sms menu entry. */
  sms: number;
  /** Every notification in the list: the bell badge on phones. */
  total: number;
};

/** The unread counts behind the menu dots and the bell badge. */
export function menuBadgeCounts(items: readonly Pick<Notification, 'type'>[]): MenuBadgeCounts {
  let groupChats = 0;
  let sms = 0;
  for (const item of items) {
    const typeId = item.type.id;
    if (typeId === GROUP_CHAT || typeId === NOTES_CHAT) groupChats += 1;
    else if (typeId === SMS_CHAT || typeId === OWNER_SMS_CHAT) sms += 1;
  }
  return { groupChats, sms, total: items.length };
}
