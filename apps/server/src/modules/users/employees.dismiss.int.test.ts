import type { EmployeeDismissal } from '@app/domain/users/employees.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../../test/auth-helpers';
import { insertVehicle } from '../../../test/factories';
import { listenTestApp } from '../../../test/test-app';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import { SOCKET_CLOSE } from '../../realtime/socket-close';
import type { SocketHub } from '../../realtime/socket-hub';
import { openSocket, socketUrl } from '../../realtime/socket.fixtures';
import { insertLoad } from '../loads/loads.fixtures';
import { createEmployeesWorld, hire, send } from './employees.fixtures';

// DELETE users/{id}/delete/: the user becomes Fired, their sign-ins end at once (refresh 401, access token
// refused, open socket closed), their open loads and vehicles go to the colleague named by hand_to with the
// loads' history recording it; without hand_to while they run any, 409 naming the counts. Nothing is deleted.

const REFRESH = '/backend/api/v2/rest-auth/token/refresh/';
let hub: SocketHub;
// No periodic check of sockets: what closes the dismissed user's socket is the dismissal itself.
const { testApp, world, database } = setUpTestApp(createEmployeesWorld, {
  realtime: { sessionCheckIntervalMs: false, onHub: (created) => (hub = created) },
});
const recorded = recordEventsOfEachTest(testApp);
let base: string;

beforeAll(async () => {
  base = await listenTestApp(testApp);
});

type Refusal = { code: string; detail: string; fields: Record<string, string[]> };
const dismiss = (id: number, payload?: unknown, session = world.sessions.accountant, query = '') =>
  send<EmployeeDismissal & Refusal>(testApp.app, session, 'DELETE', `${id}/delete/${query}`, payload);
const rowOf = (id: number) =>
  database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const loadOf = (id: number) =>
  database.db.selectFrom('loads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('DELETE users/{id}/delete/', () => {
  it('dismisses: Fired, sign-ins ended at once, socket closed, loads and vehicles handed over with history', async () => {
    const { db } = database;
    const leaving = await hire(db, world.company.id, 5, { first_name: 'Lena', last_name: 'Leaving' });
    const session = await login(testApp.app, leaving.email, leaving.password);
    const active = await insertLoad(db, world.company.id, { dispatcherId: leaving.id, status: 2 });
    const checkout = await insertLoad(db, world.company.id, { dispatcherId: leaving.id, status: 8 });
    const completed = await insertLoad(db, world.company.id, { dispatcherId: leaving.id, status: 10 });
    const vehicle = await insertVehicle(db, world.company.id, { dispatcher_id: leaving.id });
    const socket = await openSocket(socketUrl(base, world.company.company_hash, session.access));
    await expect.poll(() => hub.count(leaving.id)).toBe(1);

    const colleague = world.users.dispatcher;
    const { status, body } = await dismiss(leaving.id, { hand_to: colleague.id });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      user: { id: leaving.id, status: 'Fired', open_loads: 0, vehicles: 0 },
      handed_to: colleague.id,
      handed_over: { open_loads: 2, vehicles: 1 },
    });

    // Signed out at once: the socket closes with 3008, the refresh is refused, the access token too.
    expect(await socket.closed).toEqual({ code: SOCKET_CLOSE.sessionEnded, reason: 'Session ended' });
    const refresh = await testApp.app.inject({
      method: 'POST',
      url: REFRESH,
      payload: { refresh: session.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    const me = await testApp.app.inject({
      method: 'GET',
      url: '/backend/api/users/my/',
      headers: session.headers,
    });
    expect(me.statusCode).toBe(401);
    const relogin = await testApp.app.inject({
      method: 'POST',
      url: '/backend/api/v2/rest-auth/login/',
      payload: { email: leaving.email, password: leaving.password },
    });
    expect(relogin.statusCode).toBe(400);

    // The open loads and the vehicle are the colleague's, in the colleague's team; the completed load keeps
    // its dispatcher. The history of each moved load names who took it over, written by the accountant.
    for (const id of [active, checkout]) {
      expect(await loadOf(id)).toMatchObject({
        dispatcher_id: colleague.id,
        working_group_id: world.team.id,
        subgroup_id: world.team.subgroupId,
      });
    }
    expect((await loadOf(completed)).dispatcher_id).toBe(leaving.id);
    const moved = await db
      .selectFrom('vehicles')
      .select(['dispatcher_id', 'working_group_id'])
      .where('id', '=', vehicle.id)
      .executeTakeFirstOrThrow();
    expect(moved).toEqual({ dispatcher_id: colleague.id, working_group_id: world.team.id });
    const history = await db
      .selectFrom('load_history')
      .select(['load_id', 'user_id', 'action', 'field', 'before', 'after'])
      .where('load_id', 'in', [active, checkout, completed])
      .orderBy('load_id')
      .execute();
    expect(history).toEqual(
      [active, checkout].map((loadId) => ({
        load_id: loadId,
        user_id: world.users.accountant.id,
        action: 'change_responsible',
        field: 'dispatcher',
        before: { id: leaving.id, name: 'Lena Leaving' },
        after: { id: colleague.id, name: `${colleague.first_name} ${colleague.last_name}` },
      })),
    );
    // Nothing deleted: the row stays, Fired.
    expect((await rowOf(leaving.id)).status).toBe('Fired');

    const events = recorded.events.map((event) => [event.event, event.data]);
    expect(events).toEqual(
      expect.arrayContaining([
        ['update_loads', { ids: [active, checkout], action: 'change_responsible' }],
        ['update_units', { kind: 'vehicle', ids: [vehicle.id] }],
        ['update_users', { ids: [leaving.id] }],
      ]),
    );
  });

  it('answers 409 employee_has_open_work naming the counts without hand_to, changing nothing', async () => {
    const { db } = database;
    const busy = await hire(db, world.company.id, 5);
    const session = await login(testApp.app, busy.email, busy.password);
    const load = await insertLoad(db, world.company.id, { dispatcherId: busy.id, status: 1 });
    await insertVehicle(db, world.company.id, { dispatcher_id: busy.id });
    await insertVehicle(db, world.company.id, { dispatcher_id: busy.id });

    const { status, body } = await dismiss(busy.id);
    expect(status).toBe(409);
    expect(body).toMatchObject({
      code: 'employee_has_open_work',
      detail: 'This user still runs 1 open loads and 2 vehicles. Choose a colleague to hand them to.',
      fields: { open_loads: ['1'], vehicles: ['2'] },
    });
    expect((await rowOf(busy.id)).status).toBe('Active');
    expect((await loadOf(load)).dispatcher_id).toBe(busy.id);
    const refresh = await testApp.app.inject({
      method: 'POST',
      url: REFRESH,
      payload: { refresh: session.refresh },
    });
    expect(refresh.statusCode).toBe(200);
    expect(recorded.events).toEqual([]);

    // hand_to may come in the query string too.
    const handed = await dismiss(
      busy.id,
      undefined,
      world.sessions.manager,
      `?hand_to=${world.users.manager.id}`,
    );
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    expect(handed.body.handed_over).toEqual({ open_loads: 1, vehicles: 2 });
    expect((await loadOf(load)).dispatcher_id).toBe(world.users.manager.id);
  });

  it('dismisses someone who runs nothing without hand_to; again is harmless', async () => {
    const idle = await hire(database.db, world.company.id, 6);
    const first = await dismiss(idle.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      user: { status: 'Fired' },
      handed_to: null,
      handed_over: { open_loads: 0, vehicles: 0 },
    });
    expect((await dismiss(idle.id)).status).toBe(200);
  });

  it('refuses a colleague who may not take the work (400 hand_to_invalid), changing nothing', async () => {
    const { db } = database;
    const busy = await hire(db, world.company.id, 5);
    const load = await insertLoad(db, world.company.id, { dispatcherId: busy.id, status: 1 });
    const fired = await hire(db, world.company.id, 5);
    await db.updateTable('users').set({ status: 'Fired' }).where('id', '=', fired.id).execute();
    for (const handTo of [busy.id, fired.id, world.users.accountant.id, world.other.users.dispatcher.id]) {
      const { status, body } = await dismiss(busy.id, { hand_to: handTo });
      expect(status, String(handTo)).toBe(400);
      expect(body.code).toBe('hand_to_invalid');
      expect(body.fields.hand_to).toHaveLength(1);
    }
    expect((await rowOf(busy.id)).status).toBe('Active');
    expect((await loadOf(load)).dispatcher_id).toBe(busy.id);
  });

  it('refuses dismissing oneself, an admin by a non-admin, and the last active admin', async () => {
    const self = await dismiss(world.users.accountant.id);
    expect(self.status).toBe(403);
    expect(self.body).toMatchObject({ code: 'self_dismissal_forbidden' });
    const admin = await dismiss(world.users.admin.id, undefined, world.sessions.manager);
    expect(admin.status).toBe(403);
    expect(admin.body.code).toBe('admin_change_forbidden');

    // A superuser admin dismissing the only active admin of the company.
    const superuser = await hire(database.db, world.company.id, 4);
    await database.db
      .updateTable('users')
      .set({ is_superuser: true })
      .where('id', '=', superuser.id)
      .execute();
    const superSession = await login(testApp.app, superuser.email, superuser.password);
    const last = await dismiss(world.users.admin.id, undefined, superSession);
    expect(last.status).toBe(409);
    expect(last.body.code).toBe('last_admin');
    expect((await rowOf(world.users.admin.id)).status).toBe('Active');
  });

  it("is for admins, managers and accountants; another company's person answers 404", async () => {
    const person = await hire(database.db, world.company.id, 6);
    for (const name of ['dispatcher', 'tracker', 'hr', 'conflictManager'] as const) {
      expect((await dismiss(person.id, undefined, world.sessions[name])).status, name).toBe(403);
    }
    expect((await dismiss(person.id, undefined, world.other.sessions.admin)).status).toBe(404);
    expect((await rowOf(person.id)).status).toBe('Active');
    expect((await dismiss(person.id, undefined, world.sessions.admin)).status).toBe(200);
  });
});
