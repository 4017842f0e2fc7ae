import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '../common/lookups';
import {
  CHAT_TIME_REFRESH_MS,
  emailThreadLink,
  initialNotificationListState,
  isLocalNotificationId,
  loadDeepLink,
  menuBadgeCounts,
  nextExpiry,
  notificationDeepLink,
  notificationListReducer,
  relativeTimeRefreshMs,
  replacementKey,
  SIMPLE_TIME_REFRESH_MS,
  soundForNotification,
  transientExpiresAt,
  TRANSIENT_NOTIFICATION_LIFETIME_MS,
  vehicleDeepLink,
  type NotificationListAction,
  type NotificationListState,
} from './notifications.rules';
import { notificationSchema, type Notification } from './notifications.schema';

const NOW = Date.parse('2026-03-10T16:00:00Z');

function typeOf(id: number): Notification['type'] {
  const entry = NOTIFICATION_TYPES.find((type) => type.id === id);
  if (!entry) throw new Error(`No notification type ${id}`);
  return { id: entry.id, name: entry.name };
}

function notification(typeId: number, fields: Partial<Notification> = {}): Notification {
  return {
    type: typeOf(typeId),
    label: 'Label',
    content: 'Content',
    created_date: '2026-03-10T12:00:00-04:00',
    ...fields,
  };
}

const groupChat = (id: number, chatId: number) =>
  notification(1, { id, group_chat: { id: chatId, name: 'Team', type: 'Group' } });
const smsChat = (id: number, chatId: number, typeId = 2) =>
  notification(typeId, { id, sms_chat: { id: chatId, full_name: 'Carl Dunn', phone_number: null } });
const load = (id: number, status = 2, accounting_status: number | null = null) => ({
  id,
  status,
  accounting_status,
});

function run(actions: NotificationListAction[], state: NotificationListState = initialNotificationListState) {
  return actions.reduce(notificationListReducer, state);
}
const ids = (state: NotificationListState) => state.items.map((item) => item.id);

describe('notification list: created and removed', () => {
  it('a new_notice creates a notification', () => {
    const state = run([{ type: 'new_notice', notification: groupChat(1, 10), now: NOW }]);
    expect(state.items).toEqual([{ ...groupChat(1, 10), id: 1, received_at: NOW }]);
  });
  it('fresh ones go to the front', () => {
    const state = run([
      { type: 'new_notice', notification: notification(3, { id: 1 }), now: NOW },
      { type: 'new_notice', notification: notification(4, { id: 2 }), now: NOW + 1 },
    ]);
    expect(ids(state)).toEqual([2, 1]);
  });
  it('fetched ones go to the end, in their order', () => {
    const state = run([
      { type: 'new_notice', notification: notification(3, { id: 9 }), now: NOW },
      { type: 'fetched', notifications: [notification(4, { id: 5 }), notification(4, { id: 4 })], now: NOW },
    ]);
    expect(ids(state)).toEqual([9, 5, 4]);
  });
  it('a fetched notification already listed is not listed twice', () => {
    const state = run([
      { type: 'new_notice', notification: notification(3, { id: 9 }), now: NOW },
      { type: 'fetched', notifications: [notification(3, { id: 9 }), notification(4, { id: 8 })], now: NOW },
      { type: 'fetched', notifications: [notification(4, { id: 8 })], now: NOW },
    ]);
    expect(ids(state)).toEqual([9, 8]);
  });
  it('a read_notice removes it', () => {
    const state = run([
      { type: 'fetched', notifications: [notification(4, { id: 1 }), notification(4, { id: 2 })], now: NOW },
      { type: 'read_notice', id: 1 },
    ]);
    expect(ids(state)).toEqual([2]);
  });
  it('marking it read removes it', () => {
    const state = run([
      { type: 'fetched', notifications: [notification(8, { id: 1, load: load(5) })], now: NOW },
      { type: 'marked_read', id: 1 },
    ]);
    expect(state.items).toEqual([]);
  });
  it('reading one that is not listed changes nothing', () => {
    const before = run([{ type: 'fetched', notifications: [notification(4, { id: 1 })], now: NOW }]);
    expect(notificationListReducer(before, { type: 'read_notice', id: 99 })).toBe(before);
  });
  it('a notification without id gets a generated unique id', () => {
    const state = run([
      {
        type: 'new_notice',
        notification: notification(100, { load_status: { id: 5, status: 3, previous_status: 2 } }),
        now: NOW,
      },
      {
        type: 'new_notice',
        notification: notification(100, { id: null, load_status: { id: 5, status: 4, previous_status: 3 } }),
        now: NOW,
      },
      { type: 'fetched', notifications: [notification(4)], now: NOW },
    ]);
    expect(ids(state)).toEqual(['local-2', 'local-1', 'local-3']);
  });
  it('a generated id is known as local; the server ids (numbers, transient strings) are not', () => {
    expect(isLocalNotificationId('local-3')).toBe(true);
    expect(isLocalNotificationId(3)).toBe(false);
    expect(isLocalNotificationId('t-0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(false);
  });
  it('reset empties the list and keeps ids unique', () => {
    const state = run([
      { type: 'new_notice', notification: notification(100), now: NOW },
      { type: 'reset' },
      { type: 'new_notice', notification: notification(100), now: NOW },
    ]);
    expect(ids(state)).toEqual(['local-2']);
  });
});

describe('notification list: refetched after a reconnect', () => {
  it('the page takes the place of what was listed; what was read meanwhile is gone', () => {
    const state = run([
      { type: 'fetched', notifications: [notification(4, { id: 3 }), notification(4, { id: 2 })], now: NOW },
      { type: 'new_notice', notification: notification(3, { id: 4 }), now: NOW + 1 },
      {
        type: 'refetched',
        notifications: [notification(3, { id: 5 }), notification(3, { id: 4 }), notification(4, { id: 2 })],
        now: NOW + 10,
        since: NOW + 5,
      },
    ]);
    expect(ids(state)).toEqual([5, 4, 2]);
  });
  it('keeps the transient ones, which the server does not list, and what arrived while the page was asked for', () => {
    const state = run([
      { type: 'new_notice', notification: notification(100, { id: 7 }), now: NOW },
      { type: 'fetched', notifications: [notification(4, { id: 1 })], now: NOW },
      { type: 'new_notice', notification: notification(3, { id: 8 }), now: NOW + 6 },
      { type: 'refetched', notifications: [notification(4, { id: 2 })], now: NOW + 10, since: NOW + 5 },
    ]);
    expect(ids(state)).toEqual([8, 7, 2]);
    // A transient one keeps its arrival time: it still goes 30 seconds after it came.
    expect(state.items[1]?.received_at).toBe(NOW);
  });
});

describe('notification list: a new one replaces an older one of the same kind', () => {
  it('group chat: for the same chat', () => {
    const state = run([
      { type: 'new_notice', notification: groupChat(1, 10), now: NOW },
      { type: 'new_notice', notification: groupChat(2, 11), now: NOW },
      { type: 'new_notice', notification: groupChat(3, 10), now: NOW },
    ]);
    expect(ids(state)).toEqual([3, 2]);
  });
  it('sms chat: for the same chat', () => {
    const state = run([
      { type: 'new_notice', notification: smsChat(1, 20), now: NOW },
      { type: 'new_notice', notification: smsChat(2, 20), now: NOW },
    ]);
    expect(ids(state)).toEqual([2]);
  });
  it('owner sms chat: for the same chat', () => {
    const state = run([
      { type: 'new_notice', notification: smsChat(1, 20, 11), now: NOW },
      { type: 'new_notice', notification: smsChat(2, 20, 11), now: NOW },
    ]);
    expect(ids(state)).toEqual([2]);
  });
  it('notes chat: for the same chat', () => {
    const notes = (id: number) =>
      notification(7, { id, group_chat: { id: 30, name: 'Load 5', type: 'Note' }, load: load(5) });
    const state = run([
      { type: 'new_notice', notification: notes(1), now: NOW },
      { type: 'new_notice', notification: notes(2), now: NOW },
    ]);
    expect(ids(state)).toEqual([2]);
  });
  it('e-mail chat: for the same chain', () => {
    const email = (id: number) =>
      notification(10, { id, email_chat_info: { id: 40, type: 2, bid: null, load: 5, subject: 'Load 5' } });
    const state = run([
      { type: 'new_notice', notification: email(1), now: NOW },
      { type: 'new_notice', notification: email(2), now: NOW },
    ]);
    expect(ids(state)).toEqual([2]);
  });
  it('rate notice: for the same load', () => {
    const state = run([
      { type: 'new_notice', notification: notification(8, { id: 1, load: load(5) }), now: NOW },
      { type: 'new_notice', notification: notification(8, { id: 2, load: load(6) }), now: NOW },
      { type: 'new_notice', notification: notification(8, { id: 3, load: load(5) }), now: NOW },
    ]);
    expect(ids(state)).toEqual([3, 2]);
  });
  it('damage notice: for the same load', () => {
    const state = run([
      { type: 'new_notice', notification: notification(9, { id: 1, load: load(5) }), now: NOW },
      { type: 'new_notice', notification: notification(9, { id: 2, load: load(5) }), now: NOW },
    ]);
    expect(ids(state)).toEqual([2]);
  });
  it('kinds do not replace each other: a rate and a damage notice for one load both stay', () => {
    const state = run([
      { type: 'new_notice', notification: notification(8, { id: 1, load: load(5) }), now: NOW },
      { type: 'new_notice', notification: notification(9, { id: 2, load: load(5) }), now: NOW },
    ]);
    expect(ids(state)).toEqual([2, 1]);
  });
  it('bid, load and tracking notifications never replace each other', () => {
    for (const typeId of [3, 4, 5, 6]) {
      const state = run([
        { type: 'new_notice', notification: notification(typeId, { id: 1, load: load(5) }), now: NOW },
        { type: 'new_notice', notification: notification(typeId, { id: 2, load: load(5) }), now: NOW },
      ]);
      expect(ids(state)).toEqual([2, 1]);
      expect(replacementKey(state.items[0]!)).toBeNull();
    }
  });
  it('a fetched one for a chat already listed is not added', () => {
    const state = run([
      { type: 'new_notice', notification: groupChat(5, 10), now: NOW },
      { type: 'fetched', notifications: [groupChat(4, 10), groupChat(3, 11), groupChat(2, 11)], now: NOW },
    ]);
    expect(ids(state)).toEqual([5, 3]);
  });
});

describe('notification list: transient types', () => {
  it('types 100 and above disappear after 30000 ms', () => {
    expect(TRANSIENT_NOTIFICATION_LIFETIME_MS).toBe(30_000);
    const state = run([{ type: 'new_notice', notification: notification(100, { id: 1 }), now: NOW }]);
    expect(transientExpiresAt(state.items[0]!)).toBe(NOW + 30_000);
    expect(ids(notificationListReducer(state, { type: 'expire', now: NOW + 29_999 }))).toEqual([1]);
    expect(ids(notificationListReducer(state, { type: 'expire', now: NOW + 30_000 }))).toEqual([]);
  });
  it('types below 100 stay', () => {
    const state = run([
      { type: 'new_notice', notification: notification(4, { id: 1 }), now: NOW },
      { type: 'expire', now: NOW + 3_600_000 },
    ]);
    expect(ids(state)).toEqual([1]);
    expect(transientExpiresAt(state.items[0]!)).toBeNull();
  });
  it('the next expiry is the earliest transient one', () => {
    const state = run([
      { type: 'new_notice', notification: notification(4, { id: 1 }), now: NOW },
      { type: 'new_notice', notification: notification(100, { id: 2 }), now: NOW + 5_000 },
      { type: 'new_notice', notification: notification(100, { id: 3 }), now: NOW + 9_000 },
    ]);
    expect(nextExpiry(state)).toBe(NOW + 35_000);
    expect(nextExpiry(initialNotificationListState)).toBeNull();
  });
  it('expiring nothing keeps the state', () => {
    const state = run([{ type: 'new_notice', notification: notification(4, { id: 1 }), now: NOW }]);
    expect(notificationListReducer(state, { type: 'expire', now: NOW })).toBe(state);
  });
});

describe('sounds', () => {
  it.each([
    [1, 'group'],
    [2, 'sms'],
    [100, 'load_status'],
    [7, 'notes'],
    [8, 'rate notice'],
    [10, 'e-mail'],
    [11, 'owner sms'],
  ])('type %i (%s) plays the message sound', (typeId) => {
    expect(soundForNotification(notification(typeId))).toBe('message');
  });
  it.each([
    [3, 'bid'],
    [4, 'load'],
    [5, 'tracking'],
    [6, 'tracking'],
    [9, 'damage'],
  ])('type %i (%s) plays the notification sound', (typeId) => {
    expect(soundForNotification(notification(typeId))).toBe('notification');
  });
});

describe('deep links', () => {
  it('group chat: /group-chats/{chatId}', () => {
    expect(notificationDeepLink(groupChat(1, 10), 5)).toBe('/group-chats/10');
  });
  it('sms and owner sms: /sms/{chatId}', () => {
    expect(notificationDeepLink(smsChat(1, 20), 5)).toBe('/sms/20');
    expect(notificationDeepLink(smsChat(1, 21, 11), 5)).toBe('/sms/21');
  });
  it('notes chat: /group-chats/{chatId}?dir=notes', () => {
    const notes = notification(7, { group_chat: { id: 30, name: 'Load 5', type: 'Note' }, load: load(5) });
    expect(notificationDeepLink(notes, 5)).toBe('/group-chats/30?dir=notes');
  });
  it("a driver's bid: /loadboard/{loadId}?active_driver={driverId}", () => {
    const bid = notification(3, {
      bid_info: { id: 7, status: 1, kind: 'driver', load_id: 42, driver_id: 11 },
    });
    expect(notificationDeepLink(bid, 5)).toBe('/loadboard/42?active_driver=11');
  });
  it("a dispatcher's bid: /bid/active/{id} or /bid/completed/{id} by its status", () => {
    const bid = (status: number) =>
      notification(3, { bid_info: { id: 7, status, kind: 'dispatcher', load_id: 42, driver_id: null } });
    expect(notificationDeepLink(bid(1), 5)).toBe('/bid/active/7');
    expect(notificationDeepLink(bid(2), 5)).toBe('/bid/completed/7');
    expect(notificationDeepLink(bid(3), 5)).toBe('/bid/completed/7');
  });
  it('a load: /load/{active|checkout|completed|canceled}/{id} by its status', () => {
    expect(notificationDeepLink(notification(4, { load: load(42, 7) }), 5)).toBe('/load/active/42');
    expect(notificationDeepLink(notification(4, { load: load(42, 8) }), 5)).toBe('/load/checkout/42');
    expect(notificationDeepLink(notification(4, { load: load(42, 9) }), 5)).toBe('/load/checkout/42');
    expect(notificationDeepLink(notification(4, { load: load(42, 10) }), 5)).toBe('/load/completed/42');
    expect(notificationDeepLink(notification(4, { load: load(42, 12) }), 5)).toBe('/load/canceled/42');
  });
  it('roles 3, 4 and 7 open a completed load on the accounting income pages', () => {
    for (const role of [3, 4, 7]) {
      expect(notificationDeepLink(notification(4, { load: load(42, 10, 2) }), role)).toBe(
        '/accounting/income/active/42',
      );
      expect(notificationDeepLink(notification(4, { load: load(42, 11, 8) }), role)).toBe(
        '/accounting/income/completed/42',
      );
    }
  });
  it('other roles open a completed load on its load page', () => {
    for (const role of [5, 6, 8, 13, null]) {
      expect(notificationDeepLink(notification(4, { load: load(42, 10, 8) }), role)).toBe(
        '/load/completed/42',
      );
    }
  });
  it('roles 3, 4 and 7 open loads that are not completed on their load page', () => {
    expect(notificationDeepLink(notification(4, { load: load(42, 8, 1) }), 7)).toBe('/load/checkout/42');
  });
  it('load status (type 100) links to the load by its new status', () => {
    const status = notification(100, { load_status: { id: 42, status: 8, previous_status: 7 } });
    expect(notificationDeepLink(status, 5)).toBe('/load/checkout/42');
  });
  it('rate and damage notices link to the load', () => {
    expect(notificationDeepLink(notification(8, { load: load(42, 3) }), 5)).toBe('/load/active/42');
    expect(notificationDeepLink(notification(9, { load: load(42, 12) }), 5)).toBe('/load/canceled/42');
  });
  it('tracking (stopped and reporting again) links to the unit on the vehicles page, even when it is on a load', () => {
    const tracking = (typeId: 5 | 6, unitId: string) =>
      notification(typeId, {
        tracking_info: {
          vehicle_id: 1,
          unit_id: unitId,
          load_id: 42,
          last_update_time: '2026-03-10T12:00:00-04:00',
          last_location: { address: null, city: 'Dallas', state: 'TX', lat: 32.78, lon: -96.8 },
        },
      });
    expect(notificationDeepLink(tracking(5, '1042'), 5)).toBe('/units/vehicles/?search=1042');
    expect(notificationDeepLink(tracking(6, '1042'), 6)).toBe('/units/vehicles/?search=1042');
    // The unit id is a query value: spaces and signs are encoded.
    expect(notificationDeepLink(tracking(5, 'TX 7&8'), 4)).toBe('/units/vehicles/?search=TX%207%268');
    expect(vehicleDeepLink({ unit_id: 'A-1' })).toBe('/units/vehicles/?search=A-1');
    // Without its nested object there is nothing to open but the default page.
    expect(notificationDeepLink(notification(5), 5)).toBe('/my-loads');
  });
  it('e-mail links to the bid or load of the chain, with the thread open over it', () => {
    const chain = (type: 1 | 2 | 3, bid: number | null, loadId: number | null) =>
      notification(10, { email_chat_info: { id: 40, type, bid, load: loadId, subject: null } });
    expect(notificationDeepLink(chain(1, 7, null), 5)).toBe('/bid/active/7?dir=email&chat=40');
    expect(notificationDeepLink(chain(2, null, 42), 5)).toBe('/load/active/42?dir=email&chat=40');
    expect(notificationDeepLink({ ...chain(3, null, 42), load: load(42, 10, 8) }, 7)).toBe(
      '/accounting/income/completed/42?dir=email&chat=40',
    );
    // An accounting thread about no load opens over the default page.
    expect(notificationDeepLink(chain(3, null, null), 7)).toBe('/my-loads?dir=email&chat=40');
    expect(emailThreadLink('/loadboard/5?active_driver=3', 40)).toBe(
      '/loadboard/5?active_driver=3&dir=email&chat=40',
    );
  });
  it('anything else goes to /my-loads', () => {
    expect(notificationDeepLink(notification(4), 5)).toBe('/my-loads');
    expect(notificationDeepLink(notification(1), 5)).toBe('/my-loads');
  });
  it('the load link rule stands alone too', () => {
    expect(loadDeepLink(load(1, 10, 8), 4)).toBe('/accounting/income/completed/1');
  });
});

describe('relative time refresh', () => {
  it('chat items every 1000 ms', () => {
    expect(CHAT_TIME_REFRESH_MS).toBe(1000);
    for (const typeId of [1, 2, 7, 10, 11]) expect(relativeTimeRefreshMs(notification(typeId))).toBe(1000);
  });
  it('others every 60000 ms', () => {
    expect(SIMPLE_TIME_REFRESH_MS).toBe(60_000);
    for (const typeId of [3, 4, 5, 6, 8, 9, 100])
      expect(relativeTimeRefreshMs(notification(typeId))).toBe(60_000);
  });
});

describe('menu badges', () => {
  it('count group and notes chats for groupChats, sms and owner sms for sms', () => {
    const items = [
      groupChat(1, 10),
      notification(7, { group_chat: { id: 30, name: 'Load 5', type: 'Note' } }),
      smsChat(3, 20),
      smsChat(4, 21, 11),
      smsChat(5, 22),
      notification(4, { load: load(5) }),
    ];
    expect(menuBadgeCounts(items)).toEqual({ groupChats: 2, sms: 3, total: 6 });
  });
  it('are zero without notifications', () => {
    expect(menuBadgeCounts([])).toEqual({ groupChats: 0, sms: 0, total: 0 });
  });
});

describe('notification schema', () => {
  it('takes a rate notice with its prices', () => {
    const rate = notification(8, {
      id: 1,
      load: load(42, 3),
      actor: { first_name: 'Ann', last_name: 'Lee', avatar: null, responsible_dispatcher: null },
      broker_price: 1500,
      old_broker_price: 1200.5,
      driver_price: 1100,
      old_driver_price: 900,
    });
    expect(notificationSchema.parse(rate)).toEqual(rate);
  });
  it('takes one without an id', () => {
    expect(notificationSchema.safeParse(notification(100)).success).toBe(true);
  });
  it('refuses an unknown type', () => {
    expect(
      notificationSchema.safeParse({ ...notification(4), type: { id: 12, name: 'load_info' } }).success,
    ).toBe(false);
  });
});
