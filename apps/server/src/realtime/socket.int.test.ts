import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/auth-helpers';
import { createUser } from '../../test/factories';
import { listenTestApp, TEST_JWT_SECRET } from '../../test/test-app';
import { setUpTestApp } from '../../test/test-suite';
import { createTokenSigner } from '../modules/auth/tokens';
import { createWorld, insertLoad, LOADS_API, type World } from '../modules/loads/loads.fixtures';
import type { RealtimeEvent } from './event-bus';
import { companyEvent, userEvent } from './events';
import { SOCKET_CLOSE, type SocketHub } from './socket-hub';
import { openSocket, refusal, socketUrl, type SocketMessage, type TestSocket } from './socket.fixtures';
import { barrierData, testNotice } from '../../test/realtime-data';

let hub: SocketHub;
const { database, testApp, world } = setUpTestApp(createWorld, {
  realtime: { onHub: (created) => (hub = created) },
});
let base: string;
let other: World;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  base = await listenTestApp(testApp);
  other = await createWorld(database.db, testApp.app);
});

afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
});

/** An open socket of the role's user of the world (the first company by default). */
async function connect(
  role: keyof World['sessions'],
  from: World = world,
  options: { autoPong?: boolean } = {},
): Promise<TestSocket> {
  const socket = await openSocket(
    socketUrl(base, from.company.company_hash, from.sessions[role].access),
    options,
  );
  sockets.push(socket);
  // The server registers the socket after checking its token: wait until the hub counts it.
  const userId = from.users[role].id;
  const before = hub.count(userId);
  await expect.poll(() => hub.count(userId) > before || socket.messages.length > 0).toBe(true);
  return socket;
}

/**
 * Publishes `event`, then a barrier event to every socket of both companies, so that once a socket has
 * the barrier it has everything meant for it: what it lacks then was not meant for it.
 */
let barrierCount = 0;
async function publishAndSettle(event: RealtimeEvent, listeners: TestSocket[]): Promise<void> {
  await testApp.bus.publish(event);
  barrierCount += 1;
  const barrier = barrierData(barrierCount);
  await testApp.bus.publish(companyEvent('update_loads', world.company.id, barrier, null));
  await testApp.bus.publish(companyEvent('update_loads', other.company.id, barrier, null));
  await Promise.all(
    listeners.map((socket) =>
      socket.next((message) => JSON.stringify(message.data) === JSON.stringify(barrier)),
    ),
  );
}

const named = (event: string) => (message: SocketMessage) => message.event === event;

describe('connecting', () => {
  it('accepts the company hash of the user, with or without the trailing slash', async () => {
    for (const slash of [true, false]) {
      const socket = await openSocket(
        socketUrl(base, world.company.company_hash, world.sessions.dispatcher.access, slash),
      );
      sockets.push(socket);
      socket.send({ event: 'ping' });
      const pong = await socket.next(named('pong'));
      expect(pong.data).toEqual({ time: expect.any(String) as string });
    }
  });

  it('closes with 3008 when the access token has expired', async () => {
    const signer = createTokenSigner(TEST_JWT_SECRET, 60);
    const { token } = await signer.signAccess(
      { userId: world.users.dispatcher.id, familyId: 'expired-family' },
      new Date(Date.now() - 5 * 60_000),
    );
    expect(await refusal(socketUrl(base, world.company.company_hash, token))).toEqual({
      code: 3008,
      reason: 'Token expired',
    });
  });

  it('closes with 4001 for no token, a token that is not valid, a refresh token, or a fired user', async () => {
    const hash = world.company.company_hash;
    const forged = await createTokenSigner('another-secret-that-is-long-enough-for-hs256', 60).signAccess(
      { userId: world.users.dispatcher.id, familyId: 'forged' },
      new Date(),
    );
    const fired = await createUser(database.db, { companyId: world.company.id, role: 5 });
    const firedSession = await login(testApp.app, fired.email, fired.password);
    await database.db.updateTable('users').set({ status: 'Fired' }).where('id', '=', fired.id).execute();
    for (const token of [
      null,
      '',
      'not-a-token',
      forged.token,
      world.sessions.dispatcher.refresh,
      firedSession.access,
    ]) {
      expect(await refusal(socketUrl(base, hash, token))).toEqual({ code: 4001, reason: 'Invalid token' });
    }
  });

  it("closes with 4003 for another company's hash, an unknown hash, or a user without a company", async () => {
    const token = world.sessions.dispatcher.access;
    expect(await refusal(socketUrl(base, other.company.company_hash, token))).toEqual({
      code: 4003,
      reason: 'Forbidden',
    });
    expect((await refusal(socketUrl(base, 'no-such-hash', token))).code).toBe(4003);
    const newcomer = await createUser(database.db);
    const session = await login(testApp.app, newcomer.email, newcomer.password);
    expect((await refusal(socketUrl(base, world.company.company_hash, session.access))).code).toBe(4003);
  });

  it('answers a ping event, and ignores unknown events, other JSON, text and binary frames', async () => {
    const socket = await connect('tracker');
    socket.send({ event: 'subscribe_everything', data: { company: other.company.id } });
    socket.send('{"event": ');
    socket.send('[1, 2, 3]');
    socket.send('hello');
    socket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    socket.send({ event: 'ping', data: { n: 1 } });
    await socket.next(named('pong'));
    expect(socket.messages.map((message) => message.event)).toEqual(['pong']);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  });

  it('pings idle sockets, keeps those that answer and terminates those that do not', async () => {
    const alive = await connect('hr');
    const dead = await connect('hr', world, { autoPong: false });
    hub.sweep();
    // Give the live one's pong time to arrive, then the next sweep finds the dead one silent.
    await new Promise((resolve) => setTimeout(resolve, 200));
    hub.sweep();
    expect((await dead.closed).code).toBe(1006);
    await new Promise((resolve) => setTimeout(resolve, 200));
    hub.sweep();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alive.ws.readyState).toBe(alive.ws.OPEN);
  });

  it('closes a connected socket with 3008 once its access token expires', async () => {
    const signer = createTokenSigner(TEST_JWT_SECRET, 1);
    const { token } = await signer.signAccess(
      { userId: world.users.accountant.id, familyId: 'short-lived' },
      new Date(),
    );
    const socket = await openSocket(socketUrl(base, world.company.company_hash, token));
    sockets.push(socket);
    await expect.poll(() => hub.count(world.users.accountant.id)).toBeGreaterThan(0);
    hub.sweep();
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    hub.sweep();
    expect(await socket.closed).toEqual({ code: SOCKET_CLOSE.tokenExpired, reason: 'Token expired' });
  });
});

describe('who receives what', () => {
  it('company events reach only that company, and only the roles they name', async () => {
    const manager = await connect('manager');
    const accountant = await connect('accountant');
    const otherManager = await connect('manager', other);
    const listeners = [manager, accountant, otherManager];

    await publishAndSettle(
      companyEvent('update_loads', world.company.id, { ids: [1], action: 'edit' }),
      listeners,
    );
    expect(manager.messages).toContainEqual({ event: 'update_loads', data: { ids: [1], action: 'edit' } });
    expect(accountant.messages).toContainEqual({ event: 'update_loads', data: { ids: [1], action: 'edit' } });
    expect(otherManager.messages.some((m) => JSON.stringify(m.data).includes('"ids":[1]'))).toBe(false);

    // The loads board is not the accountant's (roles 3, 4, 5, 6).
    await publishAndSettle(
      companyEvent('update_loadboard', world.company.id, { load: { id: 7 } }),
      listeners,
    );
    expect(manager.events('update_loadboard')).toEqual([
      { event: 'update_loadboard', data: { load: { id: 7 } } },
    ]);
    expect(accountant.events('update_loadboard')).toEqual([]);
    expect(otherManager.events('update_loadboard')).toEqual([]);
  });

  it('a superuser receives company events of every role', async () => {
    const admin = await createUser(database.db, { companyId: world.company.id, role: 8, is_superuser: true });
    const session = await login(testApp.app, admin.email, admin.password);
    const socket = await openSocket(socketUrl(base, world.company.company_hash, session.access));
    sockets.push(socket);
    await expect.poll(() => hub.count(admin.id)).toBe(1);
    await publishAndSettle(companyEvent('update_loadboard', world.company.id, { load: { id: 8 } }), [socket]);
    expect(socket.events('update_loadboard')).toEqual([
      { event: 'update_loadboard', data: { load: { id: 8 } } },
    ]);
  });

  it("user events reach every socket of those users, and no one else's", async () => {
    const first = await connect('dispatcher');
    const second = await connect('dispatcher');
    const colleague = await connect('tracker');
    const stranger = await connect('dispatcher', other);
    const notice = testNotice(991, 'for the dispatcher only');
    await publishAndSettle(userEvent('new_notice', world.company.id, [world.users.dispatcher.id], notice), [
      first,
      second,
      colleague,
      stranger,
    ]);
    expect(first.events('new_notice')).toContainEqual({ event: 'new_notice', data: notice });
    expect(second.events('new_notice')).toContainEqual({ event: 'new_notice', data: notice });
    expect(colleague.events('new_notice')).toEqual([]);
    expect(stranger.events('new_notice')).toEqual([]);

    // A user event names its company too: the same user id in another company's event reaches nobody.
    await publishAndSettle(
      userEvent('new_notice', other.company.id, [world.users.dispatcher.id], testNotice(992)),
      [first, second],
    );
    expect(first.events('new_notice').map((m) => (m.data as { id: number }).id)).not.toContain(992);
  });
});

describe('what the loads service publishes', () => {
  it('a status move: load_status_change and update_loads to the load roles, a load status notification to the team', async () => {
    const manager = await connect('manager');
    const dispatcher = await connect('dispatcher');
    const hr = await connect('hr');
    const otherManager = await connect('manager', other);
    const id = await insertLoad(database.db, world.company.id, {
      status: 4,
      dispatcherId: world.users.dispatcher.id,
      workingGroupId: world.team.id,
      subgroupId: world.team.subgroupId,
      accountingNumber: 42,
    });

    const moved = await testApp.app.inject({
      method: 'PUT',
      url: `${LOADS_API}/${id}/set-next-status`,
      headers: world.sessions.dispatcher.headers,
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const statusChange = { id, status: 5, old_status: 4, accounting_status: null };
    for (const socket of [manager, dispatcher]) {
      await socket.next((m) => m.event === 'load_status_change' && (m.data as { id: number }).id === id);
      expect(socket.events('load_status_change')).toContainEqual({
        event: 'load_status_change',
        data: statusChange,
      });
      await socket.next(
        (m) =>
          m.event === 'update_loads' &&
          JSON.stringify(m.data) === JSON.stringify({ ids: [id], action: 'status' }),
      );
    }
    // The manager leads the dispatcher's team; the dispatcher made the change and is not told about it.
    const notice = await manager.next(named('new_notice'));
    expect(notice.data).toMatchObject({
      id: expect.stringMatching(/^t-/) as string,
      type: { id: 100, name: 'load_status' },
      label: 'Load #000042',
      content: 'Status: Loaded → In Transit to Delivery',
      load: { id, status: 5, accounting_status: null },
      load_status: { id, status: 5, previous_status: 4 },
      actor: {
        first_name: expect.any(String) as string,
        last_name: expect.any(String) as string,
        avatar: null,
        responsible_dispatcher: null,
      },
    });
    await publishAndSettle(companyEvent('update_loads', world.company.id, { ids: [], action: 'edit' }), [
      dispatcher,
      hr,
      otherManager,
    ]);
    expect(dispatcher.events('new_notice')).toEqual([]);
    // HR (role 8) sees no load list: neither the status event nor the list refresh.
    expect(hr.events('load_status_change')).toEqual([]);
    expect(hr.messages.some((m) => JSON.stringify(m.data).includes(`"ids":[${id}]`))).toBe(false);
    expect(otherManager.events('load_status_change')).toEqual([]);
  });

  it('a vehicle that follows its load: car_status_change to those who see vehicles', async () => {
    const hr = await connect('hr');
    const vehicle = world.vehicles[1]!.id;
    const id = await insertLoad(database.db, world.company.id, {
      status: 7,
      vehicleId: vehicle,
      files: ['proof_of_delivery'],
    });
    await database.db.updateTable('vehicles').set({ status: 3 }).where('id', '=', vehicle).execute();
    const moved = await testApp.app.inject({
      method: 'PUT',
      url: `${LOADS_API}/${id}/set-next-status`,
      headers: world.sessions.manager.headers,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await hr.next(named('car_status_change'))).data).toEqual({
      id: vehicle,
      status: { id: 1, name: 'Available' },
    });
  });

  it('a price change: a rate notice to the load dispatcher and team leads, with the prices before and after', async () => {
    const dispatcher = await connect('dispatcher');
    const id = await insertLoad(database.db, world.company.id, {
      status: 2,
      dispatcherId: world.users.dispatcher.id,
      workingGroupId: world.team.id,
      subgroupId: world.team.subgroupId,
      accountingNumber: 77,
    });
    const changed = await testApp.app.inject({
      method: 'PUT',
      url: `${LOADS_API}/active/${id}/change-price`,
      headers: world.sessions.manager.headers,
      payload: { broker_price: '$1,250.50', driver_price: 900 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const notice = await dispatcher.next(
      (m) => m.event === 'new_notice' && (m.data as { type: { id: number } }).type.id === 8,
    );
    expect(notice.data).toMatchObject({
      id: expect.any(Number) as number,
      type: { id: 8, name: 'rate_notice' },
      label: 'Load #000077',
      content: 'Broker price $1,000.00 → $1,250.50; Driver price $800.00 → $900.00',
      load: { id, status: 2, accounting_status: null },
      load_info: { id, status: 2, accounting_status: null, load_accounting_number: 77 },
      broker_price: 1250.5,
      old_broker_price: 1000,
      driver_price: 900,
      old_driver_price: 800,
    });
  });

  it('set-read: read_notice to every socket of the reader', async () => {
    const first = await connect('dispatcher');
    const second = await connect('dispatcher');
    const id = await insertLoad(database.db, world.company.id, {
      status: 2,
      dispatcherId: world.users.dispatcher.id,
    });
    await testApp.app.inject({
      method: 'PUT',
      url: `${LOADS_API}/active/${id}/change-price`,
      headers: world.sessions.manager.headers,
      payload: { broker_price: 10, driver_price: 5 },
    });
    const notice = await first.next(
      (m) => m.event === 'new_notice' && (m.data as { load: { id: number } | null }).load?.id === id,
    );
    const noticeId = (notice.data as { id: number }).id;
    const read = await testApp.app.inject({
      method: 'PUT',
      url: `/backend/api/v2/notifications/${noticeId}/set-read`,
      headers: world.sessions.dispatcher.headers,
    });
    expect(read.statusCode, read.body).toBe(200);
    for (const socket of [first, second]) {
      expect((await socket.next(named('read_notice'))).data).toEqual({ id: noticeId });
    }
  });
});
