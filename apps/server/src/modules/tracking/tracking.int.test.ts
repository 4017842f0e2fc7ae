import {
  notificationListResponseSchema,
  notificationSchema,
  type Notification,
  type NotificationListResponse,
} from '@app/domain/notifications/notifications.schema';
import { notificationDeepLink } from '@app/domain/notifications/notifications.rules';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../test/auth-helpers';
import { createCompany, createUser, unique } from '../../../test/factories';
import { buildTestApp, listenTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { recordEvents } from '../../../test/test-suite';
import { createDatabase, type DatabaseHandle } from '../../db/database';
import type { RealtimeEvent } from '../../realtime/event-bus';
import { companyEvent } from '../../realtime/events';
import type { SocketHub } from '../../realtime/socket-hub';
import { openSocket, socketUrl, type TestSocket } from '../../realtime/socket.fixtures';
import { createWorld, insertLoad, type World } from '../loads/loads.fixtures';
import { easternDateTimeText } from '../notifications/notification-shape';
import { createNotificationsService } from '../notifications/notifications.service';
import {
  createTrackingWatch,
  TRACKING_BATCH_SIZE,
  TRACKING_SILENCE_LIMIT_MS,
  type TrackingWatch,
} from './tracking.service';
import { barrierData } from '../../../test/realtime-data';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const V2 = '/backend/api/v2';

const DALLAS = {
  address: '100 Main St, Dallas, TX 75201',
  city: 'Dallas',
  state: 'TX',
  lat: 32.7767,
  lon: -96.797,
};
const CHICAGO = {
  address: '233 S Wacker Dr, Chicago, IL 60606',
  city: 'Chicago',
  state: 'IL',
  zip_code: '60606',
  country: 'US',
  lat: 41.8781,
  lon: -87.6298,
};

// One clock for the app (the vehicles service stamps locations with it) and the watch. It starts at the
// real time (the sessions' tokens are signed with it) and only moves forward.
let clock = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let database: TestDatabase;
let server: TestApp;
let base: string;
let hub: SocketHub;
let world: World;
let other: World;
let watch: TrackingWatch;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await buildTestApp(database.db, {
    now,
    // Tokens expire by the app's clock, which the tests move hours forward: the sessions made at the start
    // are given a day to live (the default is 15 minutes).
    auth: { accessTokenTtlSeconds: 24 * 60 * 60 },
    realtime: { onHub: (created) => (hub = created) },
  });
  base = await listenTestApp(server);
  world = await createWorld(database.db, server.app);
  other = await createWorld(database.db, server.app);
  // The watch of a server process: its notices go out on the app's bus, to the app's sockets.
  watch = createTrackingWatch({
    db: database.db,
    notifications: createNotificationsService({ db: database.db, bus: server.bus, now }),
    now,
  });
});

afterEach(async () => {
  // Each test starts with no vehicle watched: what one test tracks never shows in the next one's run.
  await database.db
    .updateTable('vehicles')
    .set({ is_tracking_active: false, inactive_tracking_until: null, tracking_lost_at: null })
    .execute();
  await Promise.all(sockets.splice(0).map((socket) => socket.close()));
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
});

type VehicleSetup = {
  /** How long ago its location came; null: it never had one. */
  silentFor: number | null;
  dispatcherId?: number | null;
  is_tracking_active?: boolean;
  inactive_tracking_until?: Date | null;
};

/** A vehicle of the company, tracked unless told otherwise, last seen in Dallas `silentFor` ago. */
async function vehicle(from: World | number, setup: VehicleSetup) {
  const companyId = typeof from === 'number' ? from : from.company.id;
  const dispatcherId =
    setup.dispatcherId === undefined && typeof from !== 'number'
      ? from.users.dispatcher.id
      : (setup.dispatcherId ?? null);
  const located = setup.silentFor !== null;
  return database.db
    .insertInto('vehicles')
    .values({
      company_id: companyId,
      unit_id: `W${unique()}`,
      transport_type: 'SPRINTER',
      dispatcher_id: dispatcherId,
      is_tracking_active: setup.is_tracking_active ?? true,
      inactive_tracking_until: setup.inactive_tracking_until ?? null,
      location_address: located ? DALLAS.address : null,
      location_city: located ? DALLAS.city : null,
      location_state: located ? DALLAS.state : null,
      location_lat: located ? DALLAS.lat : null,
      location_lon: located ? DALLAS.lon : null,
      location_updated_at: located ? new Date(clock.getTime() - setup.silentFor!) : null,
    })
    .returning(['id', 'unit_id', 'location_updated_at'])
    .executeTakeFirstOrThrow();
}

const SILENT = TRACKING_SILENCE_LIMIT_MS + MINUTE;

type Notice = { userIds: readonly number[]; notification: Notification };

/** One run of the watch, with the notices it published. */
async function run(runner: TrackingWatch = watch) {
  const recorder = recordEvents(server.bus);
  const result = await runner.runOnce();
  recorder.stop();
  const notices: Notice[] = recorder.events
    .filter((event: RealtimeEvent) => event.event === 'new_notice')
    .map((event) => ({ userIds: event.userIds ?? [], notification: event.data }));
  return { result, notices };
}

const recipients = (notices: Notice[]) => notices.map((notice) => notice.userIds);

async function list(session: Session, path = ''): Promise<NotificationListResponse> {
  const response = await server.app.inject({
    method: 'GET',
    url: `${V2}/notifications${path}`,
    headers: session.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return notificationListResponseSchema.parse(response.json());
}

async function lostAt(vehicleId: number): Promise<Date | null> {
  const row = await database.db
    .selectFrom('vehicles')
    .select('tracking_lost_at')
    .where('id', '=', vehicleId)
    .executeTakeFirstOrThrow();
  return row.tracking_lost_at;
}

describe('times in the texts', () => {
  it('are Eastern time as the product shows them, summer and winter', () => {
    expect(easternDateTimeText(new Date('2026-03-10T14:05:00Z'))).toBe('10:05am 03/10/2026 ET');
    expect(easternDateTimeText(new Date('2026-01-15T17:30:00Z'))).toBe('12:30pm 01/15/2026 ET');
    expect(easternDateTimeText(new Date('2026-01-15T05:00:00Z'))).toBe('12:00am 01/15/2026 ET');
    expect(easternDateTimeText(new Date('2026-07-04T23:59:00Z'))).toBe('07:59pm 07/04/2026 ET');
  });
});

describe('a tracked vehicle that stops reporting', () => {
  it('is told once, after two hours without a location, to its dispatcher and the trackers, not the managers', async () => {
    const unit = await vehicle(world, { silentFor: TRACKING_SILENCE_LIMIT_MS - MINUTE });
    expect(await run()).toEqual({ result: { stopped: 0, resumed: 0, unwatched: 0 }, notices: [] });

    advance(2 * MINUTE);
    const first = await run();
    expect(first.result).toEqual({ stopped: 1, resumed: 0, unwatched: 0 });
    expect(recipients(first.notices)).toEqual([[world.users.dispatcher.id], [world.users.tracker.id]]);
    const notice = first.notices[0]!.notification;
    expect(notice).toEqual({
      id: expect.any(Number) as number,
      type: { id: 5, name: 'tracking_info' },
      label: `Unit ${unit.unit_id}`,
      content: `Stopped reporting its location: last update ${easternDateTimeText(unit.location_updated_at!)} (Dallas, TX)`,
      created_date: clock.toISOString(),
      load: null,
      tracking_info: {
        vehicle_id: unit.id,
        unit_id: unit.unit_id,
        load_id: null,
        last_update_time: unit.location_updated_at!.toISOString(),
        last_location: DALLAS,
      },
      actor: null,
    });
    expect(notificationSchema.parse(notice)).toEqual(notice);
    expect(notificationDeepLink(notice, 6)).toBe(`/units/vehicles/?search=${unit.unit_id}`);
    expect(await lostAt(unit.id)).toEqual(clock);

    // Not again while it stays silent.
    for (const step of [MINUTE, 10 * MINUTE, 3 * HOUR]) {
      advance(step);
      expect(await run()).toEqual({ result: { stopped: 0, resumed: 0, unwatched: 0 }, notices: [] });
    }

    // It is stored and urgent for each of them; the managers have none.
    for (const session of [world.sessions.dispatcher, world.sessions.tracker]) {
      for (const page of [await list(session), await list(session, '/urgent')]) {
        expect(page.results.filter((item) => item.tracking_info?.vehicle_id === unit.id)).toHaveLength(1);
      }
    }
    for (const session of [world.sessions.manager, world.sessions.admin]) {
      const page = await list(session);
      expect(page.results.some((item) => item.tracking_info?.vehicle_id === unit.id)).toBe(false);
    }
  });

  it('names the load it is on, and speaks the language of each recipient', async () => {
    const russian = await createUser(database.db, { companyId: world.company.id, role: 6, lang: 'ru' });
    const unit = await vehicle(world, { silentFor: SILENT });
    const loadId = await insertLoad(database.db, world.company.id, {
      status: 5,
      vehicleId: unit.id,
      dispatcherId: world.users.dispatcher.id,
    });
    let notices: Notice[];
    try {
      notices = (await run()).notices;
    } finally {
      // The other tests count on the company's one tracker.
      await database.db.updateTable('users').set({ status: 'Fired' }).where('id', '=', russian.id).execute();
    }
    expect(recipients(notices)).toEqual([
      [world.users.dispatcher.id],
      [world.users.tracker.id],
      [russian.id],
    ]);
    expect(notices.map((notice) => notice.notification.tracking_info?.load_id)).toEqual([
      loadId,
      loadId,
      loadId,
    ]);
    const inRussian = notices[2]!.notification;
    expect(inRussian.label).toBe(`Юнит ${unit.unit_id}`);
    expect(inRussian.content).toBe(
      `Перестал передавать местоположение: последнее обновление ${easternDateTimeText(unit.location_updated_at!)} (Dallas, TX)`,
    );
    // The link leads to the vehicle, not the load.
    expect(notificationDeepLink(inRussian, 6)).toBe(`/units/vehicles/?search=${unit.unit_id}`);
  });

  it('reports again (type 6) once when its location comes back, to the same people; then it may stop again', async () => {
    const unit = await vehicle(world, { silentFor: SILENT });
    expect((await run()).result.stopped).toBe(1);

    advance(20 * MINUTE);
    const saved = await server.app.inject({
      method: 'PUT',
      url: `${V2}/cars/${unit.id}/update-location`,
      headers: world.sessions.dispatcher.headers,
      payload: { location: CHICAGO, location_status: 1 },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    advance(MINUTE);
    const back = await run();
    expect(back.result).toEqual({ stopped: 0, resumed: 1, unwatched: 0 });
    expect(recipients(back.notices)).toEqual([[world.users.dispatcher.id], [world.users.tracker.id]]);
    const notice = back.notices[0]!.notification;
    const reportedAt = new Date(clock.getTime() - MINUTE);
    expect(notice).toMatchObject({
      type: { id: 6, name: 'tracking_info' },
      label: `Unit ${unit.unit_id}`,
      content: `Reporting its location again: Chicago, IL, ${easternDateTimeText(reportedAt)}`,
      tracking_info: {
        vehicle_id: unit.id,
        last_update_time: reportedAt.toISOString(),
        last_location: {
          address: CHICAGO.address,
          city: 'Chicago',
          state: 'IL',
          lat: CHICAGO.lat,
          lon: CHICAGO.lon,
        },
      },
    });
    expect(notificationSchema.parse(notice)).toEqual(notice);
    expect(await lostAt(unit.id)).toBeNull();
    // Type 6 does not replace type 5: both stay until read.
    const urgent = await list(world.sessions.tracker, '/urgent');
    expect(
      urgent.results.filter((item) => item.tracking_info?.vehicle_id === unit.id).map((item) => item.type.id),
    ).toEqual([6, 5]);

    advance(MINUTE);
    expect((await run()).notices).toEqual([]);

    // Silent for the limit again: a new stop.
    advance(TRACKING_SILENCE_LIMIT_MS);
    const again = await run();
    expect(again.result.stopped).toBe(1);
    expect(again.notices.map((item) => item.notification.type.id)).toEqual([5, 5]);
  });

  it('ends without a notice when its tracking is switched off while it is silent', async () => {
    const unit = await vehicle(world, { silentFor: SILENT });
    expect((await run()).result.stopped).toBe(1);
    const off = await server.app.inject({
      method: 'PUT',
      url: `${V2}/cars/${unit.id}/tracking`,
      headers: world.sessions.tracker.headers,
      payload: { is_tracking_active: false, inactive_tracking_until: null },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await run()).toEqual({ result: { stopped: 0, resumed: 0, unwatched: 1 }, notices: [] });
    expect(await lostAt(unit.id)).toBeNull();
    advance(HOUR);
    expect((await run()).notices).toEqual([]);
  });
});

describe('what the watch leaves alone', () => {
  it('vehicles switched off, paused (until the pause ends), never located, and recently seen', async () => {
    await vehicle(world, { silentFor: SILENT, is_tracking_active: false });
    const paused = await vehicle(world, {
      silentFor: SILENT,
      is_tracking_active: false,
      inactive_tracking_until: new Date(clock.getTime() + HOUR),
    });
    await vehicle(world, { silentFor: null });
    await vehicle(world, { silentFor: 10 * MINUTE });
    expect(await run()).toEqual({ result: { stopped: 0, resumed: 0, unwatched: 0 }, notices: [] });

    // The pause is over: tracking is on again, and the unit has been silent all along.
    advance(HOUR + MINUTE);
    const { notices } = await run();
    expect(notices.map((notice) => notice.notification.tracking_info?.vehicle_id)).toEqual([
      paused.id,
      paused.id,
    ]);
  });

  it("tells each company's people only of their own vehicles", async () => {
    const theirs = await vehicle(other, { silentFor: SILENT });
    const { notices } = await run();
    expect(recipients(notices)).toEqual([[other.users.dispatcher.id], [other.users.tracker.id]]);
    expect(notices.every((notice) => notice.notification.tracking_info?.vehicle_id === theirs.id)).toBe(true);
    const ours = await list(world.sessions.tracker);
    expect(ours.results.some((item) => item.tracking_info?.vehicle_id === theirs.id)).toBe(false);
  });

  it('a vehicle without a dispatcher goes to the trackers; with no dispatcher and no tracker, to the managers', async () => {
    await createUser(database.db, { companyId: world.company.id, role: 6, status: 'Fired' });
    await vehicle(world, { silentFor: SILENT, dispatcherId: null });
    expect(recipients((await run()).notices)).toEqual([[world.users.tracker.id]]);

    const small = await createCompany(database.db);
    const manager = await createUser(database.db, { companyId: small.id, role: 4 });
    await createUser(database.db, { companyId: small.id, role: 6, status: 'Fired' });
    await createUser(database.db, { companyId: small.id, role: 7 });
    await vehicle(small.id, { silentFor: SILENT });
    expect(recipients((await run()).notices)).toEqual([[manager.id]]);
  });
});

describe('several server processes', () => {
  it('two watches running at once on one database notify each vehicle once', async () => {
    // A second process: its own connections, its own notifications service, the same bus for the count.
    const second: DatabaseHandle = await createDatabase(
      { databaseUrl: database.url, dataDir: '' },
      { poolSize: 5 },
    );
    try {
      const count = TRACKING_BATCH_SIZE + 20;
      const units = [];
      for (let n = 0; n < count; n += 1) units.push(await vehicle(world, { silentFor: SILENT + n * MINUTE }));
      const otherWatch = createTrackingWatch({
        db: second.db,
        notifications: createNotificationsService({ db: second.db, bus: server.bus, now }),
        now,
      });
      const recorder = recordEvents(server.bus);
      const [a, b] = await Promise.all([watch.runOnce(), otherWatch.runOnce()]);
      recorder.stop();
      expect(a.stopped + b.stopped).toBe(count);
      const notices = recorder.events.filter((event) => event.event === 'new_notice');
      expect(notices).toHaveLength(2 * count);
      const rows = await database.db
        .selectFrom('notifications')
        .select('details')
        .where('type_id', '=', 5)
        .where('user_id', 'in', [world.users.dispatcher.id, world.users.tracker.id])
        .execute();
      const perVehicle = new Map<number, number>();
      for (const { details } of rows) {
        const vehicleId = (details as { tracking_info: { vehicle_id: number } }).tracking_info.vehicle_id;
        perVehicle.set(vehicleId, (perVehicle.get(vehicleId) ?? 0) + 1);
      }
      for (const unit of units) expect(perVehicle.get(unit.id), unit.unit_id).toBe(2);

      // And once they report again, "reporting again" is sent once too.
      await database.db
        .updateTable('vehicles')
        .set({ location_updated_at: clock })
        .where(
          'id',
          'in',
          units.map((unit) => unit.id),
        )
        .execute();
      const backRecorder = recordEvents(server.bus);
      const [c, d] = await Promise.all([watch.runOnce(), otherWatch.runOnce()]);
      backRecorder.stop();
      expect(c.resumed + d.resumed).toBe(count);
      expect(backRecorder.events.filter((event) => event.event === 'new_notice')).toHaveLength(2 * count);
    } finally {
      await second.close();
    }
  });
});

describe('on the sockets', () => {
  async function connect(from: World, role: 'dispatcher' | 'tracker' | 'manager'): Promise<TestSocket> {
    const socket = await openSocket(socketUrl(base, from.company.company_hash, from.sessions[role].access));
    sockets.push(socket);
    const userId = from.users[role].id;
    await expect.poll(() => hub.count(userId) > 0).toBe(true);
    return socket;
  }

  it("new_notice reaches the sockets of the vehicle's dispatcher and trackers only", async () => {
    const dispatcher = await connect(world, 'dispatcher');
    const tracker = await connect(world, 'tracker');
    const manager = await connect(world, 'manager');
    const otherTracker = await connect(other, 'tracker');
    const unit = await vehicle(world, { silentFor: SILENT });
    await watch.runOnce();

    const isNotice = (message: { event: string; data: unknown }) =>
      message.event === 'new_notice' && (message.data as Notification).tracking_info?.vehicle_id === unit.id;
    for (const socket of [dispatcher, tracker]) {
      const message = await socket.next(isNotice);
      expect(message.data).toMatchObject({ type: { id: 5 }, label: `Unit ${unit.unit_id}` });
    }
    // A barrier to every socket: once each has it, it has everything meant for it.
    const barrier = barrierData(Date.now());
    await server.bus.publish(companyEvent('update_loads', world.company.id, barrier, null));
    await server.bus.publish(companyEvent('update_loads', other.company.id, barrier, null));
    for (const socket of [dispatcher, tracker, manager, otherTracker]) {
      await socket.next((message) => JSON.stringify(message.data) === JSON.stringify(barrier));
    }
    expect(manager.events('new_notice')).toEqual([]);
    expect(otherTracker.events('new_notice')).toEqual([]);
    expect(dispatcher.events('new_notice')).toHaveLength(1);
  });
});

describe('in the server', () => {
  it('a listening server runs the watch every interval, and stops it when it closes', async () => {
    const unit = await vehicle(world, { silentFor: SILENT });
    const running = await buildTestApp(database.db, { now, tracking: { intervalMs: 50 } });
    await listenTestApp(running);
    let closed = false;
    try {
      await expect.poll(async () => await lostAt(unit.id), { timeout: 5_000 }).not.toBeNull();
      const page = await list(world.sessions.tracker);
      expect(page.results.filter((item) => item.tracking_info?.vehicle_id === unit.id)).toHaveLength(1);
      await running.close();
      closed = true;
      // Closed: a vehicle that falls silent now is no longer noticed by it.
      const later = await vehicle(world, { silentFor: SILENT });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await lostAt(later.id)).toBeNull();
    } finally {
      if (!closed) await running.close();
    }
  });
});
