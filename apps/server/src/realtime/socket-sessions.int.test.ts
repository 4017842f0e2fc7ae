import type { RefreshResponse } from '@app/domain/auth/auth.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type Session } from '../../test/auth-helpers';
import { createCompany, createUser, type TestCompany, type TestUser } from '../../test/factories';
import { buildTestApp, listenTestApp, type TestApp } from '../../test/test-app';
import { setUpTestApp } from '../../test/test-suite';
import { companyEvent } from './events';
import { SOCKET_CLOSE, type SocketHub } from './socket-hub';
import { openSocket, refusal, socketUrl, type SocketClose, type TestSocket } from './socket.fixtures';

// An open socket stops with its sign-in: logout, a reused refresh token, a password change, a dismissed user
// or one moved out of the company close it with 3008 within seconds, not when its access token expires. The
// web client answers 3008 by refreshing first, and the refresh of an ended sign-in is refused, which signs
// the tab out instead of reconnecting.
//
// Two server processes on one database: `first` ends sign-ins and checks no sockets on its own (so that what
// closes its sockets is the ending itself); `second` checks its sockets' sign-ins every few hundred ms.

const REFRESH = '/backend/api/v2/rest-auth/token/refresh/';
const LOGOUT = '/backend/api/v2/rest-auth/logout/';
const CHANGE_PASSWORD = '/backend/api/v2/profile/me/change-password/';
const CHECK_INTERVAL_MS = 300;
const SESSION_ENDED: SocketClose = { code: SOCKET_CLOSE.sessionEnded, reason: 'Session ended' };
const CLOSE_CODES = { expired: 3008, badToken: 4001, forbidden: 4003 };

let firstHub: SocketHub;
let secondHub: SocketHub;
const { database, testApp: first } = setUpTestApp(undefined, {
  auth: { refreshReuseGraceSeconds: 0 },
  realtime: { sessionCheckIntervalMs: false, onHub: (hub) => (firstHub = hub) },
});
let second: TestApp;
const bases = new Map<TestApp, string>();
let company: TestCompany;
let otherCompany: TestCompany;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  company = await createCompany(database.db);
  otherCompany = await createCompany(database.db);
  second = await buildTestApp(database.db, {
    realtime: { sessionCheckIntervalMs: CHECK_INTERVAL_MS, onHub: (hub) => (secondHub = hub) },
  });
  bases.set(first, await listenTestApp(first));
  bases.set(second, await listenTestApp(second));
});

afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
  await second?.close();
});

const hubOf = (app: TestApp) => (app === first ? firstHub : secondHub);

async function dispatcherWithTwoSignIns(): Promise<{ user: TestUser; one: Session; two: Session }> {
  const user = await createUser(database.db, { companyId: company.id, role: 5 });
  const one = await login(first.app, user.email, user.password);
  const two = await login(first.app, user.email, user.password);
  return { user, one, two };
}

/** An open socket of a sign-in on a server process, once that process has registered it. */
async function connect(app: TestApp, session: Session, userId: number): Promise<TestSocket> {
  const hub = hubOf(app);
  const before = hub.count(userId);
  const socket = await openSocket(socketUrl(bases.get(app)!, company.company_hash, session.access));
  sockets.push(socket);
  await expect.poll(() => hub.count(userId)).toBe(before + 1);
  return socket;
}

/** How the socket closed, and how long after `since` (it fails when the socket stays open `withinMs`). */
async function closing(socket: TestSocket, since: number, withinMs: number) {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`The socket was still open after ${withinMs} ms`)), withinMs),
  );
  const close = await Promise.race([socket.closed, timeout]);
  return { close, afterMs: Date.now() - since };
}

/** The socket is open and still receives the company's events. */
async function expectLive(app: TestApp, socket: TestSocket, id: number) {
  expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  await app.bus.publish(companyEvent('update_loads', company.id, { ids: [id], action: 'edit' }));
  await socket.next(
    (message) => JSON.stringify(message.data) === JSON.stringify({ ids: [id], action: 'edit' }),
  );
}

const refresh = (refreshToken: string) =>
  first.app.inject({ method: 'POST', url: REFRESH, payload: { refresh: refreshToken } });

describe('a socket whose sign-in ends on the same server process', () => {
  it('closes with 3008 at logout, and the sign-in can be neither refreshed nor used to reconnect', async () => {
    const { user, one, two } = await dispatcherWithTwoSignIns();
    const ended = await connect(first, one, user.id);
    const otherSignIn = await connect(first, two, user.id);

    const at = Date.now();
    const logout = await first.app.inject({
      method: 'POST',
      url: LOGOUT,
      headers: one.headers,
      payload: { refresh: one.refresh },
    });
    expect(logout.statusCode).toBe(200);
    const { close, afterMs } = await closing(ended, at, 2_000);
    expect(close).toEqual(SESSION_ENDED);
    expect(close.code).toBe(CLOSE_CODES.expired);
    // This process checks no sockets on its own: the logout closed it.
    expect(afterMs).toBeLessThan(1_000);

    // What the web client does on 3008 (refresh first) cannot bring the ended sign-in back.
    expect((await refresh(one.refresh)).statusCode).toBe(401);
    expect((await refusal(socketUrl(bases.get(first)!, company.company_hash, one.access))).code).toBe(
      CLOSE_CODES.badToken,
    );
    // The user's other sign-in keeps its socket.
    await expectLive(first, otherSignIn, 101);
  });

  it('closes with 3008 when its refresh token is reused, with the socket of the rotated pair', async () => {
    const { user, one, two } = await dispatcherWithTwoSignIns();
    const rotated = await refresh(one.refresh);
    expect(rotated.statusCode).toBe(200);
    const pair = rotated.json<RefreshResponse>();
    const before = await connect(first, one, user.id);
    const after = await connect(first, { ...one, access: pair.access }, user.id);
    const otherSignIn = await connect(first, two, user.id);

    const at = Date.now();
    expect((await refresh(one.refresh)).statusCode).toBe(401);
    for (const socket of [before, after]) {
      const { close, afterMs } = await closing(socket, at, 2_000);
      expect(close).toEqual(SESSION_ENDED);
      expect(afterMs).toBeLessThan(1_000);
    }
    expect((await refresh(pair.refresh)).statusCode).toBe(401);
    await expectLive(first, otherSignIn, 102);
  });

  it("closes the other sign-ins' sockets after a password change, and keeps the changer's", async () => {
    const { user, one, two } = await dispatcherWithTwoSignIns();
    const changer = await connect(first, one, user.id);
    const elsewhere = await connect(first, two, user.id);
    const at = Date.now();
    const changed = await first.app.inject({
      method: 'PUT',
      url: CHANGE_PASSWORD,
      headers: one.headers,
      payload: {
        old_password: user.password,
        new_password1: 'another-pass-9',
        new_password2: 'another-pass-9',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await closing(elsewhere, at, 2_000)).close).toEqual(SESSION_ENDED);
    await expectLive(first, changer, 103);
  });
});

describe('a socket on another server process', () => {
  it('closes with 3008 within seconds of a logout made on the first process', async () => {
    const { user, one, two } = await dispatcherWithTwoSignIns();
    const ended = await connect(second, one, user.id);
    const otherSignIn = await connect(second, two, user.id);

    const at = Date.now();
    const logout = await first.app.inject({
      method: 'POST',
      url: LOGOUT,
      headers: one.headers,
      payload: { refresh: one.refresh },
    });
    expect(logout.statusCode).toBe(200);
    expect((await closing(ended, at, 3_000)).close).toEqual(SESSION_ENDED);

    // Several checks later the other sign-in's socket is still open and live.
    await new Promise((resolve) => setTimeout(resolve, CHECK_INTERVAL_MS * 3));
    await expectLive(second, otherSignIn, 104);
  });

  it('closes with 3008 within seconds of a refresh-token reuse detected on the first process', async () => {
    const { user, one, two } = await dispatcherWithTwoSignIns();
    const ended = await connect(second, one, user.id);
    const otherSignIn = await connect(second, two, user.id);
    expect((await refresh(one.refresh)).statusCode).toBe(200);

    const at = Date.now();
    expect((await refresh(one.refresh)).statusCode).toBe(401);
    expect((await closing(ended, at, 3_000)).close).toEqual(SESSION_ENDED);
    await new Promise((resolve) => setTimeout(resolve, CHECK_INTERVAL_MS * 3));
    await expectLive(second, otherSignIn, 105);
  });
});

describe('a socket whose user changes', () => {
  it('closes with 3008 once the user is dismissed, and the refresh the web client tries is refused', async () => {
    const { user, one } = await dispatcherWithTwoSignIns();
    const colleague = await createUser(database.db, { companyId: company.id, role: 5 });
    const colleagueSocket = await connect(
      second,
      await login(first.app, colleague.email, colleague.password),
      colleague.id,
    );
    const socket = await connect(second, one, user.id);

    const at = Date.now();
    await database.db.updateTable('users').set({ status: 'Fired' }).where('id', '=', user.id).execute();
    expect((await closing(socket, at, 3_000)).close).toEqual(SESSION_ENDED);
    expect((await refresh(one.refresh)).statusCode).toBe(401);
    await expectLive(second, colleagueSocket, 106);
  });

  it('closes with 3008 once the user is moved out of the company; reconnecting to it is refused', async () => {
    const { user, one } = await dispatcherWithTwoSignIns();
    const socket = await connect(second, one, user.id);

    const at = Date.now();
    await database.db
      .updateTable('users')
      .set({ company_id: otherCompany.id })
      .where('id', '=', user.id)
      .execute();
    expect((await closing(socket, at, 3_000)).close).toEqual(SESSION_ENDED);
    // The sign-in stands, so the web client's refresh works, and the old company's socket is then refused.
    const refreshed = await refresh(one.refresh);
    expect(refreshed.statusCode).toBe(200);
    const access = refreshed.json<RefreshResponse>().access;
    expect((await refusal(socketUrl(bases.get(second)!, company.company_hash, access))).code).toBe(
      CLOSE_CODES.forbidden,
    );
  });

  it('closes with 3008 once the user has another role, and the socket reconnects as that role', async () => {
    const { user, one } = await dispatcherWithTwoSignIns();
    const socket = await connect(second, one, user.id);

    const at = Date.now();
    await database.db.updateTable('users').set({ role: 6 }).where('id', '=', user.id).execute();
    expect((await closing(socket, at, 3_000)).close).toEqual(SESSION_ENDED);
    await expect.poll(() => secondHub.count(user.id)).toBe(0);
    const again = await connect(second, one, user.id);
    await new Promise((resolve) => setTimeout(resolve, CHECK_INTERVAL_MS * 3));
    await expectLive(second, again, 107);
  });
});
