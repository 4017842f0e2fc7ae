import {
  notificationListResponseSchema,
  notificationSchema,
  type NotificationListResponse,
} from '@app/domain/notifications/notifications.schema';
import { notificationDeepLink } from '@app/domain/notifications/notifications.rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type Session } from '../../../test/auth-helpers';
import { countingPlugin } from '../../../test/database-probes';
import { createCompany, createUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { recordEvents } from '../../../test/test-suite';
import type { RealtimeEvent } from '../../realtime/event-bus';
import { createWorld, insertLoad, LOADS_API, type World } from '../loads/loads.fixtures';
import { createNotificationsService, type NotificationsService } from './notifications.service';

const API = '/backend/api/v2/notifications';

let database: TestDatabase;
let testApp: TestApp;
let world: World;
let other: World;
let notifications: NotificationsService;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database.db);
  world = await createWorld(database.db, testApp.app);
  other = await createWorld(database.db, testApp.app);
  // The service other modules call, on the app's bus: what it publishes reaches the app's sockets.
  notifications = createNotificationsService({ db: database.db, bus: testApp.bus, now: () => new Date() });
});

afterAll(async () => {
  await testApp?.close();
  await database?.drop();
});

async function list(session: Session, query = ''): Promise<NotificationListResponse> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `${API}?${query}`,
    headers: session.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return notificationListResponseSchema.parse(response.json());
}

async function urgent(session: Session): Promise<NotificationListResponse> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `${API}/urgent`,
    headers: session.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return notificationListResponseSchema.parse(response.json());
}

function setRead(session: Session, id: number | string) {
  return testApp.app.inject({
    method: 'PUT',
    url: `${API}/${encodeURIComponent(String(id))}/set-read`,
    headers: session.headers,
  });
}

/** A load of the dispatcher's team in the first company. */
function teamLoad(status: 1 | 2 | 4 | 5 | 7 | 10 = 2, accountingNumber: number | null = null) {
  return insertLoad(database.db, world.company.id, {
    status,
    dispatcherId: world.users.dispatcher.id,
    workingGroupId: world.team.id,
    subgroupId: world.team.subgroupId,
    accountingNumber,
    files: ['proof_of_delivery'],
  });
}

function changePrice(
  loadId: number,
  session: Session,
  prices: { broker_price: number | string; driver_price: number },
) {
  return testApp.app.inject({
    method: 'PUT',
    url: `${LOADS_API}/active/${loadId}/change-price`,
    headers: session.headers,
    payload: prices,
  });
}

const newNotices = (events: RealtimeEvent[]) =>
  events
    .filter((event) => event.event === 'new_notice')
    .map((event) => ({ userIds: event.userIds, notification: event.data }));

describe('GET notifications', () => {
  it('pages the unread notifications, newest first, as {count, results}; each user sees only their own', async () => {
    const user = await createUser(database.db, { companyId: world.company.id, role: 5 });
    const session = await login(testApp.app, user.email, user.password);
    for (const n of [1, 2, 3, 4, 5]) {
      await notifications.notifyNow({
        companyId: world.company.id,
        userIds: [user.id],
        type: 4,
        label: `Load ${n}`,
        content: `A load was assigned to you (${n})`,
      });
    }
    const labels = (page: NotificationListResponse) => page.results.map((item) => item.label);
    const first = await list(session, 'page=1&limit=2');
    expect(first.count).toBe(5);
    expect(labels(first)).toEqual(['Load 5', 'Load 4']);
    expect(labels(await list(session, 'page=2&limit=2'))).toEqual(['Load 3', 'Load 2']);
    expect(labels(await list(session, 'page=3&limit=2'))).toEqual(['Load 1']);
    expect(await list(session, 'page=4&limit=2')).toEqual({ count: 5, results: [] });
    // Another user of the company, and a user of another company, have none of them.
    expect((await list(world.sessions.hr)).count).toBe(0);
    expect((await list(other.sessions.dispatcher)).count).toBe(0);
  });

  it('answers 400 naming the field for a bad page or limit, 401 without a token', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `${API}?page=0`,
      headers: world.sessions.hr.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ fields: object }>().fields)).toEqual(['page']);
    expect((await testApp.app.inject({ method: 'GET', url: API })).statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'GET', url: `${API}/urgent` })).statusCode).toBe(401);
  });

  it('is for staff: a driver of the company gets 403', async () => {
    const driver = await createUser(database.db, { companyId: world.company.id, role: 10 });
    const session = await login(testApp.app, driver.email, driver.password);
    expect((await testApp.app.inject({ method: 'GET', url: API, headers: session.headers })).statusCode).toBe(
      403,
    );
  });

  it('runs the same number of queries for a page of 5 and of 100', async () => {
    const user = await createUser(database.db, { companyId: world.company.id, role: 4 });
    const loadId = await teamLoad();
    for (let n = 0; n < 105; n += 1) {
      await notifications.notifyNow({
        companyId: world.company.id,
        userIds: [user.id],
        type: 4,
        label: `L${n}`,
        content: 'c',
        loadId,
        details: (load) => ({ load_info: load! }),
      });
    }
    const counter = countingPlugin();
    const counted = await buildTestApp(database.db.withPlugin(counter));
    try {
      const session = await login(counted.app, user.email, user.password);
      const queriesOf = async (limit: number) => {
        const before = counter.count;
        const response = await counted.app.inject({
          method: 'GET',
          url: `${API}?limit=${limit}`,
          headers: session.headers,
        });
        expect(response.json<NotificationListResponse>().results).toHaveLength(limit);
        return counter.count - before;
      };
      // The caller's session, the count and the page (with its loads), and the chats' notices (their
      // count and newest in one).
      expect(await queriesOf(5)).toBe(4);
      expect(await queriesOf(100)).toBe(4);
    } finally {
      await counted.close();
    }
  });
});

describe('a rate notice', () => {
  it("has the spec's fields: type id and name, label, content, created_date, load, load_info, prices and actor", async () => {
    await database.db
      .updateTable('users')
      .set({ first_name: 'Maria', last_name: 'Manager', avatar: '/backend/media/avatars/maria.png' })
      .where('id', '=', world.users.manager.id)
      .execute();
    const loadId = await teamLoad(2, 1234);
    const before = Date.now();
    expect(
      (await changePrice(loadId, world.sessions.manager, { broker_price: '$1,500.25', driver_price: 1100 }))
        .statusCode,
    ).toBe(200);

    const page = await list(world.sessions.dispatcher);
    const notice = page.results.find((item) => item.load?.id === loadId)!;
    expect(notice).toEqual({
      id: expect.any(Number) as number,
      type: { id: 8, name: 'rate_notice' },
      label: 'Load #001234',
      content: 'Broker price $1,000.00 → $1,500.25; Driver price $800.00 → $1,100.00',
      created_date: expect.any(String) as string,
      load: { id: loadId, status: 2, accounting_status: null },
      load_info: { id: loadId, status: 2, accounting_status: null, load_accounting_number: 1234 },
      actor: {
        first_name: 'Maria',
        last_name: 'Manager',
        avatar: '/backend/media/avatars/maria.png',
        responsible_dispatcher: null,
      },
      broker_price: 1500.25,
      old_broker_price: 1000,
      driver_price: 1100,
      old_driver_price: 800,
    });
    expect(notificationSchema.parse(notice)).toEqual(notice);
    expect(new Date(notice.created_date).getTime()).toBeGreaterThanOrEqual(before - 1000);
    // It is urgent (it needs the dispatcher's attention) and links to the load.
    expect((await urgent(world.sessions.dispatcher)).results.map((item) => item.id)).toContain(notice.id);
    expect(notificationDeepLink(notice, 5)).toBe(`/load/active/${loadId}`);
  });

  it('follows the load to its current list: the link of a completed load opens accounting for roles 3, 4 and 7', async () => {
    const loadId = await teamLoad(7, 55);
    expect(
      (await changePrice(loadId, world.sessions.dispatcher, { broker_price: 1200, driver_price: 900 }))
        .statusCode,
    ).toBe(200);
    await database.db
      .updateTable('loads')
      .set({ status: 10, accounting_status: 8 })
      .where('id', '=', loadId)
      .execute();
    const notice = (await list(world.sessions.manager)).results.find((item) => item.load?.id === loadId)!;
    expect(notice.load).toEqual({ id: loadId, status: 10, accounting_status: 8 });
    expect(notice.load_info).toMatchObject({ status: 10, accounting_status: 8 });
    expect(notificationDeepLink(notice, 4)).toBe(`/accounting/income/completed/${loadId}`);
    expect(notificationDeepLink(notice, 5)).toBe(`/load/completed/${loadId}`);
  });

  it('goes to the load dispatcher and the team leads, not to the one who changed it; a newer one replaces it', async () => {
    const member = await createUser(database.db, { companyId: world.company.id, role: 5 });
    await database.db
      .insertInto('subgroup_members')
      .values({ subgroup_id: world.team.subgroupId, user_id: member.id })
      .execute();
    const loadId = await teamLoad();
    const recorder = recordEvents(testApp.bus);
    await changePrice(loadId, world.sessions.admin, { broker_price: 1100, driver_price: 800 });
    recorder.stop();
    // The dispatcher (also the subgroup's lead) and the manager (the team's lead); not the subgroup member.
    expect(newNotices(recorder.events).map((notice) => notice.userIds)).toEqual([
      [world.users.manager.id],
      [world.users.dispatcher.id],
    ]);

    const first = (await list(world.sessions.dispatcher)).results.filter((item) => item.load?.id === loadId);
    expect(first).toHaveLength(1);
    // The manager changes it again: the manager is not told, the dispatcher's older notice is replaced.
    const again = recordEvents(testApp.bus);
    await changePrice(loadId, world.sessions.manager, { broker_price: 1300, driver_price: 800 });
    again.stop();
    expect(newNotices(again.events).map((notice) => notice.userIds)).toEqual([[world.users.dispatcher.id]]);
    const second = (await list(world.sessions.dispatcher)).results.filter((item) => item.load?.id === loadId);
    expect(second.map((item) => [item.old_broker_price, item.broker_price])).toEqual([[1100, 1300]]);
    // Replaced in place: the same notification, with the newer prices and time.
    expect(second[0]!.id).toBe(first[0]!.id);
  });

  it('is not sent when the prices stay the same', async () => {
    const loadId = await teamLoad();
    const recorder = recordEvents(testApp.bus);
    await changePrice(loadId, world.sessions.manager, { broker_price: 1000, driver_price: 800 });
    recorder.stop();
    expect(newNotices(recorder.events)).toEqual([]);
  });
});

describe('a load status notification', () => {
  it('goes to the dispatcher and the team who may see the new list, in their language, and is never stored', async () => {
    const russian = await createUser(database.db, { companyId: world.company.id, role: 5, lang: 'ru' });
    const fired = await createUser(database.db, { companyId: world.company.id, role: 5 });
    const tracker = world.users.tracker;
    await database.db
      .insertInto('subgroup_members')
      .values(
        [russian, fired, tracker].map((user) => ({ subgroup_id: world.team.subgroupId, user_id: user.id })),
      )
      .execute();
    await database.db.updateTable('users').set({ status: 'Fired' }).where('id', '=', fired.id).execute();
    const loadId = await teamLoad(7, 9);

    const recorder = recordEvents(testApp.bus);
    const moved = await testApp.app.inject({
      method: 'PUT',
      url: `${LOADS_API}/${loadId}/set-next-status`,
      headers: world.sessions.manager.headers,
    });
    recorder.stop();
    expect(moved.statusCode, moved.body).toBe(200);

    const notices = newNotices(recorder.events);
    // Unloaded -> Delivered moves the load into checkout, which trackers do not see; the manager moved it.
    const recipients = notices.map((notice) => notice.userIds![0]);
    expect(recipients).toEqual(expect.arrayContaining([world.users.dispatcher.id, russian.id]));
    for (const left of [tracker.id, fired.id, world.users.manager.id]) expect(recipients).not.toContain(left);
    expect(new Set(recipients).size).toBe(recipients.length);
    const byUser = new Map(notices.map((notice) => [notice.userIds![0], notice.notification]));
    expect(byUser.get(world.users.dispatcher.id)).toMatchObject({
      type: { id: 100, name: 'load_status' },
      label: 'Load #000009',
      content: 'Status: Unloaded → Delivered',
      load: { id: loadId, status: 8, accounting_status: 1 },
      load_status: { id: loadId, status: 8, previous_status: 7 },
    });
    expect(byUser.get(russian.id)).toMatchObject({
      label: 'Груз #000009',
      content: 'Статус: Разгружен → Доставлен',
    });
    for (const notification of byUser.values()) {
      expect(notification.id).toMatch(/^t-[0-9a-f-]{36}$/);
      expect(notificationSchema.parse(notification)).toEqual(notification);
    }
    // Transient: not listed, and its id may still be marked read (the user's other tabs drop it).
    expect((await list(world.sessions.dispatcher)).results.some((item) => item.type.id === 100)).toBe(false);
    const readRecorder = recordEvents(testApp.bus);
    const transientId = byUser.get(world.users.dispatcher.id)!.id!;
    expect((await setRead(world.sessions.dispatcher, transientId)).statusCode).toBe(200);
    readRecorder.stop();
    expect(readRecorder.events).toEqual([
      {
        event: 'read_notice',
        data: { id: transientId },
        companyId: world.company.id,
        userIds: [world.users.dispatcher.id],
      },
    ]);
  });
});

describe('GET notifications/urgent', () => {
  it('answers the unread tracking, rate and damage notices, newest first', async () => {
    const user = await createUser(database.db, { companyId: world.company.id, role: 4 });
    const session = await login(testApp.app, user.email, user.password);
    const loadId = await teamLoad();
    const make = (type: 1 | 3 | 4 | 5 | 6 | 8 | 9, label: string) =>
      notifications.notifyNow({
        companyId: world.company.id,
        userIds: [user.id],
        type,
        label,
        content: label,
        loadId: type === 1 ? null : loadId,
        details:
          type === 1
            ? { group_chat: { id: 5, name: 'Team East', type: 'Group' } }
            : type === 5 || type === 6
              ? {
                  tracking_info: {
                    vehicle_id: world.vehicles[0]!.id,
                    unit_id: world.vehicles[0]!.unit_id,
                    load_id: loadId,
                    last_update_time: null,
                    last_location: null,
                  },
                }
              : {},
      });
    await make(5, 'tracking lost');
    await make(1, 'group message');
    await make(8, 'rate');
    await make(3, 'bid');
    await make(9, 'damage');
    await make(4, 'load');
    await make(6, 'tracking back');
    const answer = await urgent(session);
    expect(answer.count).toBe(4);
    expect(answer.results.map((item) => [item.type.id, item.label])).toEqual([
      [6, 'tracking back'],
      [9, 'damage'],
      [8, 'rate'],
      [5, 'tracking lost'],
    ]);
    expect((await list(session)).count).toBe(7);
  });
});

describe('PUT notifications/{id}/set-read', () => {
  it('marks it read: gone from the lists, read_notice to the reader; again changes nothing', async () => {
    const user = await createUser(database.db, { companyId: world.company.id, role: 5 });
    const session = await login(testApp.app, user.email, user.password);
    await notifications.notifyNow({
      companyId: world.company.id,
      userIds: [user.id],
      type: 9,
      label: 'Damage',
      content: 'A damaged pallet',
    });
    const [notice] = (await list(session)).results;
    const recorder = recordEvents(testApp.bus);
    const response = await setRead(session, notice!.id!);
    recorder.stop();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ detail: 'Notification marked as read.' });
    expect(recorder.events).toEqual([
      { event: 'read_notice', data: { id: notice!.id }, companyId: world.company.id, userIds: [user.id] },
    ]);
    expect(await list(session)).toEqual({ count: 0, results: [] });
    expect((await urgent(session)).count).toBe(0);

    const again = recordEvents(testApp.bus);
    expect((await setRead(session, notice!.id!)).statusCode).toBe(200);
    again.stop();
    expect(again.events).toEqual([]);
  });

  it("answers 404 for another user's notification, another company's, and ids that are none", async () => {
    const owner = await createUser(database.db, { companyId: world.company.id, role: 5 });
    await notifications.notifyNow({
      companyId: world.company.id,
      userIds: [owner.id],
      type: 8,
      label: 'Rate',
      content: 'Rate',
    });
    const row = await database.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    for (const session of [world.sessions.manager, other.sessions.admin]) {
      const response = await setRead(session, row.id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
    for (const id of ['999999999', 'abc', 't-not-a-uuid', '0', '1.5', '99999999999999999999']) {
      expect((await setRead(world.sessions.manager, id)).statusCode, id).toBe(404);
    }
    const still = await database.db
      .selectFrom('notifications')
      .select('read_at')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(still.read_at).toBeNull();
  });
});

describe('notify', () => {
  it('stores each one in the recipient’s language, for the roles given (a superuser too), replacing their unread one', async () => {
    const english = await createUser(database.db, { companyId: world.company.id, role: 5 });
    const russian = await createUser(database.db, { companyId: world.company.id, role: 5, lang: 'ru' });
    const tracker = await createUser(database.db, { companyId: world.company.id, role: 6 });
    const superuser = await createUser(database.db, { companyId: world.company.id, is_superuser: true });
    const chat = { id: 987_654, name: 'Team chat', type: 'Group' as const };
    const send = (content: string) =>
      database.db.transaction().execute((trx) =>
        notifications.notify(trx, {
          companyId: world.company.id,
          userIds: [english.id, russian.id, tracker.id, superuser.id, world.users.admin.id],
          type: 1,
          roles: [5],
          actor: { userId: world.users.admin.id },
          details: { group_chat: chat },
          label: (lang) => (lang === 'ru' ? 'Командный чат' : 'Team chat'),
          content: (lang) => (lang === 'ru' ? `Новое: ${content}` : `New: ${content}`),
        }),
      );
    await send('first');
    const events = await send('second');

    expect(events.map((event) => event.userIds)).toEqual([[english.id], [russian.id], [superuser.id]]);
    const stored = await database.db
      .selectFrom('notifications')
      .select(['id', 'user_id', 'label', 'content', 'replacement_key'])
      .where('user_id', 'in', [english.id, russian.id, tracker.id, superuser.id])
      .orderBy('user_id')
      .execute();
    // One each (the first replaced), in their language; the tracker's role may not open a group chat.
    expect(stored.map((row) => [row.user_id, row.label, row.content, row.replacement_key])).toEqual([
      [english.id, 'Team chat', 'New: second', '1:987654'],
      [russian.id, 'Командный чат', 'Новое: second', '1:987654'],
      [superuser.id, 'Team chat', 'New: second', '1:987654'],
    ]);
    const byUser = new Map(events.map((event) => [event.userIds![0], event.data as Record<string, unknown>]));
    for (const row of stored) {
      expect(byUser.get(row.user_id)).toMatchObject({
        id: row.id,
        type: { id: 1, name: 'group_chat' },
        label: row.label,
        content: row.content,
        group_chat: chat,
        actor: { first_name: world.users.admin.first_name, last_name: world.users.admin.last_name },
      });
    }
  });

  it('creates nothing and publishes nothing when the transaction it ran in rolls back', async () => {
    const user = await createUser(database.db, { companyId: world.company.id, role: 5 });
    const recorder = recordEvents(testApp.bus);
    await expect(
      database.db.transaction().execute(async (trx) => {
        const events = await notifications.notify(trx, {
          companyId: world.company.id,
          userIds: [user.id],
          type: 4,
          label: 'Load',
          content: 'never',
        });
        expect(events).toHaveLength(1);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    recorder.stop();
    expect(recorder.events).toEqual([]);
    const rows = await database.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it("tells only the company's users who are not fired, each once, never the actor", async () => {
    const stranger = await createCompany(database.db);
    const outsider = await createUser(database.db, { companyId: stranger.id, role: 5 });
    const fired = await createUser(database.db, { companyId: world.company.id, role: 5, status: 'Fired' });
    const recorder = recordEvents(testApp.bus);
    await notifications.notifyNow({
      companyId: world.company.id,
      userIds: [world.users.hr.id, world.users.hr.id, outsider.id, fired.id, world.users.admin.id],
      type: 4,
      label: 'Load',
      content: 'assigned',
      actor: { userId: world.users.admin.id },
    });
    recorder.stop();
    expect(newNotices(recorder.events).map((notice) => notice.userIds)).toEqual([[world.users.hr.id]]);
  });
});
