import { beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../../test/auth-helpers';
import { createUser, insertVehicle } from '../../../test/factories';
import { setUpTestApp } from '../../../test/test-suite';
import { insertLoad } from '../loads/loads.fixtures';
import { createEmployeesWorld, hire, send, type EmployeeList } from './employees.fixtures';

// GET users/company-employees/: the company's office staff with each filter (role, status, team, text in
// name, e-mail or phone) and paging; who may read it; another company's people never show.

const { testApp, world, database } = setUpTestApp(createEmployeesWorld);
const list = (query: string, session = world.sessions.accountant) =>
  send<EmployeeList>(testApp.app, session, 'GET', `company-employees/${query}`);

let pending: { id: number };
let fired: { id: number };
let zelda: { id: number; email: string };

beforeAll(async () => {
  const db = database.db;
  pending = await hire(db, world.company.id, 5, { first_name: 'Pat', last_name: 'Pending' });
  await db.updateTable('users').set({ status: 'Pending' }).where('id', '=', pending.id).execute();
  fired = await hire(db, world.company.id, 6, { first_name: 'Fred', last_name: 'Gone' });
  await db.updateTable('users').set({ status: 'Fired' }).where('id', '=', fired.id).execute();
  zelda = await hire(db, world.company.id, 5, {
    first_name: 'Zelda',
    last_name: 'Quill',
    email: 'zelda.quill@carrier.test',
  });
  await db.updateTable('users').set({ phone_number: '(312) 555-0199' }).where('id', '=', zelda.id).execute();
  // A driver and an owner with accounts, and a newcomer without a company, are no office staff.
  await createUser(db, { companyId: world.company.id, role: 10, first_name: 'Zed', last_name: 'Driver' });
  await createUser(db, { first_name: 'Zora', last_name: 'Newcomer' });
});

describe('GET users/company-employees/', () => {
  it('lists the office staff by name with their team, subgroup, sign-in and what they run', async () => {
    await insertLoad(database.db, world.company.id, { dispatcherId: world.users.dispatcher.id, status: 3 });
    await insertLoad(database.db, world.company.id, { dispatcherId: world.users.dispatcher.id, status: 8 });
    // A completed load is no longer open: it keeps its dispatcher and is not counted.
    await insertLoad(database.db, world.company.id, { dispatcherId: world.users.dispatcher.id, status: 10 });
    await insertVehicle(database.db, world.company.id, { dispatcher_id: world.users.dispatcher.id });

    const { status, body } = await list('?limit=100');
    expect(status).toBe(200);
    // Seven office roles, the pending, the fired and Zelda; no driver, no newcomer, nobody of the other company.
    expect(body.count).toBe(10);
    const names = body.results.map((person) => person.first_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names).not.toContain('Zed');
    expect(names).not.toContain('Zora');
    const ids = body.results.map((person) => person.id);
    for (const other of Object.values(world.other.users)) expect(ids).not.toContain(other.id);

    const dispatcher = body.results.find((person) => person.id === world.users.dispatcher.id)!;
    expect(dispatcher).toMatchObject({
      role: 5,
      status: 'Active',
      email: world.users.dispatcher.email,
      working_group: { id: world.team.id, name: world.team.name },
      subgroup: { id: world.team.subgroupId, name: world.team.subgroupName },
      open_loads: 2,
      vehicles: 1,
    });
    // Everyone of the world signed in once; the pending user never did.
    expect(Date.parse(dispatcher.last_login!)).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect(body.results.find((person) => person.id === pending.id)!.last_login).toBeNull();
    expect(body.results.find((person) => person.id === world.users.manager.id)!.working_group).toBeNull();
  });

  it('filters by role, status, team and a text in the name, e-mail or phone', async () => {
    const idsOf = async (query: string) => {
      const { status, body } = await list(query);
      expect(status, query).toBe(200);
      return body.results.map((person) => person.id).sort((a, b) => a - b);
    };
    expect(await idsOf('?role=7')).toEqual([world.users.accountant.id]);
    expect(await idsOf('?role=5')).toEqual(
      [world.users.dispatcher.id, pending.id, zelda.id].sort((a, b) => a - b),
    );
    expect(await idsOf('?status=Pending')).toEqual([pending.id]);
    expect(await idsOf('?status=Fired')).toEqual([fired.id]);
    expect(await idsOf('?role=5&status=Active')).toEqual(
      [world.users.dispatcher.id, zelda.id].sort((a, b) => a - b),
    );
    expect(await idsOf(`?working_group=${world.team.id}`)).toEqual([world.users.dispatcher.id]);
    expect(await idsOf('?text=zelda%20qu')).toEqual([zelda.id]);
    expect(await idsOf('?text=QUILL@CARRIER')).toEqual([zelda.id]);
    expect(await idsOf('?text=555-0199')).toEqual([zelda.id]);
    // The wildcards of a search are taken as text.
    expect(await idsOf('?text=%25')).toEqual([]);
  });

  it('pages with page and limit, the count staying the whole match', async () => {
    const first = await list('?limit=4&page=1');
    const third = await list('?limit=4&page=3');
    expect(first.body.count).toBe(10);
    expect(first.body.results).toHaveLength(4);
    expect(third.body.results).toHaveLength(2);
    const all = await list('?limit=100');
    expect(third.body.results.map((person) => person.id)).toEqual(
      all.body.results.slice(8).map((person) => person.id),
    );
  });

  it('answers 400 naming the field for a bad filter', async () => {
    for (const [query, field] of [
      ['?role=10', 'role'],
      ['?status=Gone', 'status'],
      ['?working_group=abc', 'working_group'],
      ['?limit=0', 'limit'],
    ] as const) {
      const { status, body } = await list(query);
      expect(status, query).toBe(400);
      expect((body as unknown as { fields: Record<string, string[]> }).fields[field], query).toBeDefined();
    }
  });

  it('is read by admins, managers, accountants and HR; the other roles get 403', async () => {
    for (const name of ['admin', 'manager', 'accountant', 'hr'] as const) {
      expect((await list('', world.sessions[name])).status, name).toBe(200);
    }
    for (const name of ['dispatcher', 'tracker', 'conflictManager'] as const) {
      expect((await list('', world.sessions[name])).status, name).toBe(403);
    }
    const driver = await createUser(database.db, { companyId: world.company.id, role: 10 });
    const driverSession = await login(testApp.app, driver.email, driver.password);
    expect((await list('', driverSession)).status).toBe(403);
  });

  it("shows another company's accountant only their own people", async () => {
    const { body } = await list('?limit=100', world.other.sessions.accountant);
    expect(body.count).toBe(7);
    expect(body.results.map((person) => person.id).sort((a, b) => a - b)).toEqual(
      Object.values(world.other.users)
        .map((user) => user.id)
        .sort((a, b) => a - b),
    );
  });
});
