import { damageReportSchema } from '@app/domain/loads/damage-report.schema';
import { notificationDeepLink } from '@app/domain/notifications/notifications.rules';
import {
  notificationListResponseSchema,
  notificationSchema,
  type NotificationListResponse,
} from '@app/domain/notifications/notifications.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type Session } from '../../../test/auth-helpers';
import { createUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { recordEvents } from '../../../test/test-suite';
import type { RealtimeEvent } from '../../realtime/event-bus';
import { createWorld, insertLoad, LOADS_API, type World } from './loads.fixtures';

const NOTIFICATIONS_API = '/backend/api/v2/notifications';

let database: TestDatabase;
let testApp: TestApp;
let world: World;
let other: World;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database.db);
  world = await createWorld(database.db, testApp.app);
  other = await createWorld(database.db, testApp.app);
});

afterAll(async () => {
  await testApp?.close();
  await database?.drop();
});

/** A load of the dispatcher's team (the manager leads the team, the dispatcher its subgroup). */
function teamLoad(status: 1 | 2 | 5 | 8 | 10 | 12 = 2, accountingNumber: number | null = null) {
  return insertLoad(database.db, world.company.id, {
    status,
    dispatcherId: world.users.dispatcher.id,
    workingGroupId: world.team.id,
    subgroupId: world.team.subgroupId,
    accountingNumber,
  });
}

function report(
  loadId: number | string,
  session: Session | null,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return testApp.app.inject({
    method: 'POST',
    url: `${LOADS_API}/${loadId}/damage-report`,
    headers: { ...(session?.headers ?? {}), ...headers },
    payload: payload as object,
  });
}

/** Reports damage and records what went out on the bus meanwhile. */
async function reportRecorded(loadId: number, session: Session, description: string) {
  const recorder = recordEvents(testApp.bus);
  const response = await report(loadId, session, { description });
  recorder.stop();
  return { response, notices: newNotices(recorder.events), events: recorder.events };
}

const newNotices = (events: RealtimeEvent[]) =>
  events
    .filter((event) => event.event === 'new_notice')
    .map((event) => ({ userIds: event.userIds ?? [], notification: event.data }));

async function notificationsOf(session: Session, path = ''): Promise<NotificationListResponse> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `${NOTIFICATIONS_API}${path}`,
    headers: session.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return notificationListResponseSchema.parse(response.json());
}

const damageOf = (page: NotificationListResponse, loadId: number) =>
  page.results.filter((item) => item.type.id === 9 && item.load?.id === loadId);

async function storedReports(loadId: number) {
  return database.db
    .selectFrom('load_damage_reports')
    .select(['description', 'created_by', 'company_id'])
    .where('load_id', '=', loadId)
    .orderBy('id')
    .execute();
}

describe('POST loads/{id}/damage-report', () => {
  it("records the report and tells the load's dispatcher, its team leads and the company's managers, never the reporter", async () => {
    const secondManager = await createUser(database.db, { companyId: world.company.id, role: 4 });
    const firedManager = await createUser(database.db, {
      companyId: world.company.id,
      role: 4,
      status: 'Fired',
    });
    const member = await createUser(database.db, { companyId: world.company.id, role: 5 });
    await database.db
      .insertInto('subgroup_members')
      .values({ subgroup_id: world.team.subgroupId, user_id: member.id })
      .execute();
    await database.db
      .updateTable('users')
      .set({ first_name: 'Terry', last_name: 'Tracker' })
      .where('id', '=', world.users.tracker.id)
      .execute();
    const loadId = await teamLoad(5, 77);
    const description = '  Two pallets crushed at the rear door; the consignee signed with a note.  ';

    let recorded;
    try {
      recorded = await reportRecorded(loadId, world.sessions.tracker, description);
    } finally {
      // The other tests count on the company's one manager.
      await database.db
        .updateTable('users')
        .set({ status: 'Fired' })
        .where('id', '=', secondManager.id)
        .execute();
    }
    const { response, notices, events } = recorded;
    expect(response.statusCode, response.body).toBe(200);
    // Colleagues' open load pages and lists learn of the new history line: the history's action name.
    expect(events.filter((event) => event.event !== 'new_notice')).toEqual([
      {
        event: 'update_loads',
        data: { ids: [loadId], action: 'damage_report' },
        companyId: world.company.id,
        roles: [3, 4, 5, 6, 7],
      },
    ]);
    const answer = damageReportSchema.parse(response.json());
    expect(answer).toEqual({
      id: expect.any(Number) as number,
      load_id: loadId,
      description: description.trim(),
      created_by: { id: world.users.tracker.id, first_name: 'Terry', last_name: 'Tracker' },
      created_date: expect.any(String) as string,
    });
    expect(await storedReports(loadId)).toEqual([
      { description: description.trim(), created_by: world.users.tracker.id, company_id: world.company.id },
    ]);
    // And a line of the load's history, as the load page shows it.
    const detail = await testApp.app.inject({
      method: 'GET',
      url: `${LOADS_API}/active/${loadId}`,
      headers: world.sessions.dispatcher.headers,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(
      detail
        .json<{ history: { action: string; after: unknown; user: { id: number } | null }[] }>()
        .history.filter((entry) => entry.action === 'damage_report')
        .map((entry) => ({ after: entry.after, user: entry.user?.id })),
    ).toEqual([{ after: description.trim(), user: world.users.tracker.id }]);

    // The manager (team lead and manager) once, the dispatcher (also the subgroup's lead), the other
    // manager; not the subgroup member, not the fired manager, not the tracker who reported it.
    expect(notices.map((notice) => notice.userIds)).toEqual([
      [world.users.manager.id],
      [world.users.dispatcher.id],
      [secondManager.id],
    ]);
    for (const left of [member.id, firedManager.id, world.users.tracker.id, world.users.admin.id]) {
      expect(notices.flatMap((notice) => notice.userIds)).not.toContain(left);
    }
    const notice = notices[0]!.notification;
    expect(notice).toEqual({
      id: expect.any(Number) as number,
      type: { id: 9, name: 'damage_notice' },
      label: 'Load #000077',
      content: description.trim(),
      created_date: expect.any(String) as string,
      load: { id: loadId, status: 5, accounting_status: null },
      load_info: { id: loadId, status: 5, accounting_status: null, load_accounting_number: 77 },
      actor: { first_name: 'Terry', last_name: 'Tracker', avatar: null, responsible_dispatcher: null },
    });
    expect(notificationSchema.parse(notice)).toEqual(notice);
    expect(notificationDeepLink(notice, 4)).toBe(`/load/active/${loadId}`);

    // Stored for each of them, as the list answers it.
    const listed = damageOf(await notificationsOf(world.sessions.dispatcher), loadId);
    expect(listed).toEqual([{ ...notices[1]!.notification }]);
    expect(damageOf(await notificationsOf(world.sessions.tracker), loadId)).toEqual([]);
  });

  it('a newer report on the same load replaces the unread notice of it; another load has its own', async () => {
    const loadId = await teamLoad();
    const otherLoadId = await teamLoad();
    await reportRecorded(loadId, world.sessions.tracker, 'Scratched panel');
    await reportRecorded(otherLoadId, world.sessions.tracker, 'Wet boxes');
    const { notices } = await reportRecorded(loadId, world.sessions.dispatcher, 'Also a broken strap');
    // The dispatcher reported this one: the others are told, the dispatcher is not.
    expect(notices.map((notice) => notice.userIds)).toEqual([[world.users.manager.id]]);

    const page = await notificationsOf(world.sessions.manager);
    expect(damageOf(page, loadId).map((item) => [item.content, item.actor?.first_name])).toEqual([
      ['Also a broken strap', world.users.dispatcher.first_name],
    ]);
    expect(damageOf(page, otherLoadId).map((item) => item.content)).toEqual(['Wet boxes']);
    // The dispatcher keeps the notice of the tracker's first report.
    expect(
      damageOf(await notificationsOf(world.sessions.dispatcher), loadId).map((item) => item.content),
    ).toEqual(['Scratched panel']);
    expect(await storedReports(loadId)).toHaveLength(2);
  });

  it('is urgent, and reading it takes it off both lists', async () => {
    const loadId = await teamLoad();
    await reportRecorded(loadId, world.sessions.dispatcher, 'Forklift damage on two cartons');
    const [urgentNotice] = damageOf(await notificationsOf(world.sessions.manager, '/urgent'), loadId);
    expect(urgentNotice?.content).toBe('Forklift damage on two cartons');

    const recorder = recordEvents(testApp.bus);
    const read = await testApp.app.inject({
      method: 'PUT',
      url: `${NOTIFICATIONS_API}/${urgentNotice!.id}/set-read`,
      headers: world.sessions.manager.headers,
    });
    recorder.stop();
    expect(read.statusCode, read.body).toBe(200);
    expect(recorder.events).toEqual([
      {
        event: 'read_notice',
        data: { id: urgentNotice!.id },
        companyId: world.company.id,
        userIds: [world.users.manager.id],
      },
    ]);
    expect(damageOf(await notificationsOf(world.sessions.manager, '/urgent'), loadId)).toEqual([]);
    expect(damageOf(await notificationsOf(world.sessions.manager), loadId)).toEqual([]);
  });

  it('answers 400 naming description when it is missing, empty or longer than 2,000 characters, and changes nothing', async () => {
    const loadId = await teamLoad();
    for (const payload of [
      {},
      { description: '' },
      { description: '   \n ' },
      { description: 'x'.repeat(2001) },
      { description: 42 },
    ]) {
      const recorder = recordEvents(testApp.bus);
      const response = await report(loadId, world.sessions.dispatcher, payload);
      recorder.stop();
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json<{ code: string; fields: Record<string, string[]> }>();
      expect(body.code).toBe('validation_error');
      expect(Object.keys(body.fields)).toEqual(['description']);
      expect(recorder.events).toEqual([]);
    }
    expect(
      (await report(loadId, world.sessions.dispatcher, { description: 'x'.repeat(2001) })).json<{
        fields: Record<string, string[]>;
      }>().fields.description,
    ).toEqual(['Must have at most 2000 characters']);
    expect(await storedReports(loadId)).toEqual([]);
    // 2,000 characters are fine.
    expect(
      (await report(loadId, world.sessions.dispatcher, { description: 'y'.repeat(2000) })).statusCode,
    ).toBe(200);
  });

  it('is for whoever sees the load: 403 for other roles and for a list the role does not see', async () => {
    const active = await teamLoad(2);
    const checkout = await teamLoad(8);
    const completed = await teamLoad(10);
    for (const role of ['admin', 'manager', 'dispatcher', 'tracker', 'accountant'] as const) {
      expect(
        (await report(active, world.sessions[role], { description: `By ${role}` })).statusCode,
        role,
      ).toBe(200);
    }
    expect(
      (await report(completed, world.sessions.accountant, { description: 'Found at audit' })).statusCode,
    ).toBe(200);
    // HR sees no loads; a tracker does not see the checkout and completed lists; a driver is no staff.
    expect((await report(active, world.sessions.hr, { description: 'x' })).statusCode).toBe(403);
    for (const loadId of [checkout, completed]) {
      expect((await report(loadId, world.sessions.tracker, { description: 'x' })).statusCode).toBe(403);
    }
    const driver = await createUser(database.db, { companyId: world.company.id, role: 10 });
    const driverSession = await login(testApp.app, driver.email, driver.password);
    expect((await report(active, driverSession, { description: 'x' })).statusCode).toBe(403);
    expect((await report(active, null, { description: 'x' })).statusCode).toBe(401);
    expect((await storedReports(checkout)).length + (await storedReports(completed)).length).toBe(1);
  });

  it("answers 404 for another company's load and for no load, and tells nobody", async () => {
    const theirs = await insertLoad(database.db, other.company.id, {
      status: 2,
      dispatcherId: other.users.dispatcher.id,
    });
    for (const loadId of [theirs, 999_999_999]) {
      const recorder = recordEvents(testApp.bus);
      const response = await report(loadId, world.sessions.manager, { description: 'Damaged' });
      recorder.stop();
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
      expect(recorder.events).toEqual([]);
    }
    expect(await storedReports(theirs)).toEqual([]);
    expect((await report('abc', world.sessions.manager, { description: 'x' })).statusCode).toBe(400);
  });

  it('a retry with the same Idempotency-Key answers the first report and notifies nobody again', async () => {
    const loadId = await teamLoad();
    const send = async () => {
      const recorder = recordEvents(testApp.bus);
      const response = await report(
        loadId,
        world.sessions.tracker,
        { description: 'Dented crate' },
        { 'idempotency-key': `damage-${loadId}` },
      );
      recorder.stop();
      return { response, notices: newNotices(recorder.events), events: recorder.events };
    };
    const first = await send();
    const second = await send();
    expect(first.response.statusCode).toBe(200);
    expect(second.response.statusCode).toBe(200);
    expect(second.response.headers['idempotent-replayed']).toBe('true');
    expect(second.response.json()).toEqual(first.response.json());
    expect(first.notices).toHaveLength(2);
    expect(second.notices).toEqual([]);
    expect(first.events.filter((event) => event.event === 'update_loads')).toHaveLength(1);
    // The replay changed nothing: nothing is published again.
    expect(second.events).toEqual([]);
    expect(await storedReports(loadId)).toHaveLength(1);
  });
});
