import type { Employee } from '@app/domain/users/employees.schema';
import { describe, expect, it } from 'vitest';
import { login } from '../../../test/auth-helpers';
import { insertVehicle } from '../../../test/factories';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import { createEmployeesWorld, hire, send } from './employees.fixtures';

// PUT users/{id}/update/: names, role, team and subgroup, status; who may change whom (nobody raises their
// own role, only an admin makes or changes an admin, the last active admin stays); status Fired only when
// there is nothing to hand over; another company's people answer 404.

const REFRESH = '/backend/api/v2/rest-auth/token/refresh/';
const { testApp, world, database } = setUpTestApp(createEmployeesWorld);
const recorded = recordEventsOfEachTest(testApp);

type Refusal = { code: string; detail: string; fields: Record<string, string[]> };
const update = (id: number, payload: unknown, session = world.sessions.accountant) =>
  send<Employee & Refusal>(testApp.app, session, 'PUT', `${id}/update/`, payload);
const rowOf = (id: number) =>
  database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const subgroupsOf = (id: number) =>
  database.db.selectFrom('subgroup_members').select('subgroup_id').where('user_id', '=', id).execute();

describe('PUT users/{id}/update/', () => {
  it('changes names, role, team and subgroup, and tells the people page', async () => {
    const person = await hire(database.db, world.company.id, 6);
    const { status, body } = await update(person.id, {
      first_name: ' Nina ',
      last_name: 'Hart',
      role: 5,
      working_group: world.team.id,
      subgroup: world.team.subgroupId,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      id: person.id,
      first_name: 'Nina',
      last_name: 'Hart',
      role: 5,
      status: 'Active',
      working_group: { id: world.team.id, name: world.team.name },
      subgroup: { id: world.team.subgroupId, name: world.team.subgroupName },
    });
    expect(await subgroupsOf(person.id)).toEqual([{ subgroup_id: world.team.subgroupId }]);
    expect(recorded.events.map((event) => event.event)).toEqual(
      expect.arrayContaining(['update_users', 'update_working_groups']),
    );
    expect(recorded.events.find((event) => event.event === 'update_users')!.data).toEqual({
      ids: [person.id],
    });

    // A team without a subgroup takes them out of the subgroup; null takes them out of the team.
    expect((await update(person.id, { working_group: world.team.id })).body.subgroup).toBeNull();
    const left = await update(person.id, { working_group: null });
    expect(left.body.working_group).toBeNull();
    expect((await rowOf(person.id)).working_group_id).toBeNull();
  });

  it('answers 400 naming the field for bad input, changing nothing', async () => {
    const person = await hire(database.db, world.company.id, 6);
    const before = await rowOf(person.id);
    for (const [payload, field] of [
      [{ first_name: '' }, 'first_name'],
      [{ role: 10 }, 'role'],
      [{ status: 'Gone' }, 'status'],
      [{ subgroup: world.team.subgroupId }, 'subgroup'],
      [{ working_group: 999_999 }, 'working_group'],
      [{ first_name: 'Changed', working_group: world.team.id, subgroup: 999_999 }, 'subgroup'],
    ] as const) {
      const { status, body } = await update(person.id, payload);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.fields[field], JSON.stringify(body)).toBeDefined();
    }
    expect(await rowOf(person.id)).toEqual(before);
    expect(await subgroupsOf(person.id)).toEqual([]);
  });

  it("refuses raising one's own role (403 own_role_raise_forbidden); a step down is allowed", async () => {
    const manager = await hire(database.db, world.company.id, 4);
    const session = await login(testApp.app, manager.email, manager.password);
    const raised = await update(manager.id, { role: 3 }, session);
    expect(raised.status).toBe(403);
    expect(raised.body).toMatchObject({
      code: 'own_role_raise_forbidden',
      detail: 'You cannot raise your own role.',
    });
    const sideways = await update(world.users.accountant.id, { role: 5 });
    expect(sideways.body.code).toBe('own_role_raise_forbidden');
    expect((await rowOf(world.users.accountant.id)).role).toBe(7);
    // Their own name they may change, and their role downwards.
    expect((await update(manager.id, { first_name: 'Mo' }, session)).status).toBe(200);
    expect((await update(manager.id, { role: 5 }, session)).body.role).toBe(5);
  });

  it("refuses changing one's own status (403 self_dismissal_forbidden)", async () => {
    const refused = await update(world.users.accountant.id, { status: 'Fired' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('self_dismissal_forbidden');
    expect((await rowOf(world.users.accountant.id)).status).toBe('Active');
  });

  it('lets only an admin make or change an admin (403 admin_change_forbidden)', async () => {
    const person = await hire(database.db, world.company.id, 5);
    const byManager = await update(person.id, { role: 3 }, world.sessions.manager);
    expect(byManager.status).toBe(403);
    expect(byManager.body.code).toBe('admin_change_forbidden');
    expect((await rowOf(person.id)).role).toBe(5);
    expect((await update(person.id, { role: 3 }, world.sessions.admin)).body.role).toBe(3);
    const demote = await update(person.id, { role: 5 }, world.sessions.accountant);
    expect(demote.body.code).toBe('admin_change_forbidden');
    expect((await update(person.id, { role: 5 }, world.sessions.admin)).body.role).toBe(5);
  });

  it('keeps the last active admin (409 last_admin)', async () => {
    const { db } = database;
    // The world's admin is the only active one: a second admin of the company is pending.
    const pendingAdmin = await hire(db, world.company.id, 3);
    await db.updateTable('users').set({ status: 'Pending' }).where('id', '=', pendingAdmin.id).execute();
    const self = await update(world.users.admin.id, { role: 4 }, world.sessions.admin);
    expect(self.status).toBe(409);
    expect(self.body).toMatchObject({
      code: 'last_admin',
      detail: "The company's last active admin cannot be dismissed or given another role.",
    });
    expect((await rowOf(world.users.admin.id)).role).toBe(3);
    // With a second active admin, one of them may step down.
    await db.updateTable('users').set({ status: 'Active' }).where('id', '=', pendingAdmin.id).execute();
    const stepDown = await update(pendingAdmin.id, { role: 4 }, world.sessions.admin);
    expect(stepDown.status).toBe(200);
    expect((await update(world.users.admin.id, { role: 4 }, world.sessions.admin)).body.code).toBe(
      'last_admin',
    );
  });

  it('sets status Fired only when they run nothing; their sign-in ends at once', async () => {
    const busy = await hire(database.db, world.company.id, 5);
    await insertVehicle(database.db, world.company.id, { dispatcher_id: busy.id });
    const refused = await update(busy.id, { status: 'Fired' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'fire_needs_handover',
      fields: { open_loads: ['0'], vehicles: ['1'] },
    });
    expect((await rowOf(busy.id)).status).toBe('Active');

    const idle = await hire(database.db, world.company.id, 6);
    const session = await login(testApp.app, idle.email, idle.password);
    const fired = await update(idle.id, { status: 'Fired' });
    expect(fired.status).toBe(200);
    expect(fired.body.status).toBe('Fired');
    const refresh = await testApp.app.inject({
      method: 'POST',
      url: REFRESH,
      payload: { refresh: session.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await send(testApp.app, session, 'GET', 'company-employees/')).status).toBe(401);
  });

  it("is for admins, managers and accountants; another company's person answers 404", async () => {
    const person = await hire(database.db, world.company.id, 6);
    for (const name of ['dispatcher', 'tracker', 'hr', 'conflictManager'] as const) {
      expect((await update(person.id, { first_name: 'X' }, world.sessions[name])).status, name).toBe(403);
    }
    for (const name of ['admin', 'manager', 'accountant'] as const) {
      expect((await update(person.id, { first_name: name }, world.sessions[name])).status, name).toBe(200);
    }
    const foreign = await update(person.id, { first_name: 'Foreign' }, world.other.sessions.accountant);
    expect(foreign.status).toBe(404);
    expect((await rowOf(person.id)).first_name).toBe('accountant');
    const driver = await database.db
      .insertInto('users')
      .values({
        email: 'driver-account@carrier.test',
        password_hash: 'x',
        company_id: world.company.id,
        role: 10,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await update(driver.id, { first_name: 'D' })).status).toBe(404);
  });
});
