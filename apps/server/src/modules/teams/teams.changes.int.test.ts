import { describe, expect, it } from 'vitest';
import { createUser, createWorkingGroup } from '../../../test/factories';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import { API, createTeamsWorld, membershipOf } from './teams.fixtures';

const { database, testApp, world } = setUpTestApp(createTeamsWorld);
const recorded = recordEventsOfEachTest(testApp);

function send(method: 'POST' | 'PUT', url: string, headers: Record<string, string>, payload: object) {
  return testApp.app.inject({ method, url: `${API}/${url}`, headers, payload });
}

const teamEvents = () =>
  recorded.events.filter((event) => event.event === 'update_working_groups').map((event) => event.data);

async function teamRow(id: number) {
  return database.db
    .selectFrom('working_groups')
    .select(['group_name', 'group_lead_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

describe('POST working-groups/create, PUT working-groups/{id}/update and change-responsible', () => {
  it('a manager creates a team with a lead, renames it and changes its lead; each change publishes the event', async () => {
    const { db } = database;
    const headers = world.staff.sessions.manager.headers;
    const lead = await createUser(db, {
      companyId: world.company.id,
      role: 5,
      first_name: 'Lee',
      last_name: 'One',
    });
    const created = await send('POST', 'working-groups/create', headers, {
      group_name: '  East desk ',
      group_lead: lead.id,
    });
    expect(created.statusCode).toBe(200);
    const team = created.json<{ id: number }>();
    expect(created.json()).toMatchObject({
      name: 'East desk',
      group_name: 'East desk',
      group_lead: lead.id,
      group_lead_name: 'Lee One',
      subgroups: [],
      members: [],
      counts: { loads: 0, vehicles: 0, users: 0 },
    });
    expect(teamEvents()).toEqual([{ ids: [team.id] }]);
    // Naming a lead does not move the lead between teams.
    expect((await membershipOf(db, lead.id)).working_group_id).toBeNull();

    const renamed = await send(
      'PUT',
      `working-groups/${team.id}/update`,
      world.staff.sessions.admin.headers,
      {
        group_name: 'East coast desk',
      },
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: team.id, name: 'East coast desk' });

    const other = await createUser(db, { companyId: world.company.id, role: 4 });
    const changed = await send('PUT', `working-groups/${team.id}/change-responsible`, headers, {
      group_lead: other.id,
    });
    expect(changed.statusCode).toBe(200);
    expect(await teamRow(team.id)).toEqual({ group_name: 'East coast desk', group_lead_id: other.id });
    const cleared = await send('PUT', `working-groups/${team.id}/change-responsible`, headers, {
      group_lead: null,
    });
    expect(cleared.json()).toMatchObject({ group_lead: null, group_lead_name: null });
    expect(teamEvents()).toHaveLength(4);
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const { db } = database;
    const headers = world.staff.sessions.admin.headers;
    const team = await createWorkingGroup(db, { companyId: world.company.id, name: 'Unchanged' });
    const fired = await createUser(db, { companyId: world.company.id, role: 5, status: 'Fired' });
    const stranger = await createUser(db, { companyId: world.other.id, role: 5 });
    const driverUser = await createUser(db, { companyId: world.company.id, role: 10 });
    const cases: [string, 'POST' | 'PUT', object, string][] = [
      ['working-groups/create', 'POST', { group_name: '   ' }, 'group_name'],
      ['working-groups/create', 'POST', { group_name: 'x'.repeat(101) }, 'group_name'],
      ['working-groups/create', 'POST', { group_name: 'Ok', group_lead: stranger.id }, 'group_lead'],
      ['working-groups/create', 'POST', { group_name: 'Ok', group_lead: fired.id }, 'group_lead'],
      ['working-groups/create', 'POST', { group_name: 'Ok', group_lead: driverUser.id }, 'group_lead'],
      [`working-groups/${team.id}/update`, 'PUT', {}, 'group_name'],
      [`working-groups/${team.id}/change-responsible`, 'PUT', { group_lead: 'abc' }, 'group_lead'],
      [`working-groups/${team.id}/change-responsible`, 'PUT', { group_lead: stranger.id }, 'group_lead'],
    ];
    const before = await db.selectFrom('working_groups').select('id').execute();
    for (const [url, method, payload, field] of cases) {
      const response = await send(method, url, headers, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(Object.keys(response.json<{ fields: object }>().fields)).toContain(field);
    }
    expect(await db.selectFrom('working_groups').select('id').execute()).toHaveLength(before.length);
    expect(await teamRow(team.id)).toEqual({ group_name: 'Unchanged', group_lead_id: null });
    expect(teamEvents()).toEqual([]);
  });

  it('is for admins and managers: other staff 403; another company answers 404', async () => {
    const team = await createWorkingGroup(database.db, { companyId: world.company.id, name: 'Guarded' });
    for (const role of ['dispatcher', 'tracker', 'accountant', 'hr'] as const) {
      const headers = world.staff.sessions[role].headers;
      expect((await send('POST', 'working-groups/create', headers, { group_name: 'No' })).statusCode).toBe(
        403,
      );
      expect(
        (await send('PUT', `working-groups/${team.id}/update`, headers, { group_name: 'No' })).statusCode,
      ).toBe(403);
    }
    const stranger = world.otherStaff.sessions.admin.headers;
    expect(
      (await send('PUT', `working-groups/${team.id}/update`, stranger, { group_name: 'No' })).statusCode,
    ).toBe(404);
    expect(
      (await send('PUT', `working-groups/${team.id}/change-responsible`, stranger, { group_lead: null }))
        .statusCode,
    ).toBe(404);
    expect(await teamRow(team.id)).toEqual({ group_name: 'Guarded', group_lead_id: null });
  });
});

describe('subgroups: create, change-responsible, change-users', () => {
  it('creates a subgroup, names its lead and sets its members, keeping every membership in step', async () => {
    const { db } = database;
    const companyId = world.company.id;
    const headers = world.staff.sessions.manager.headers;
    const team = await createWorkingGroup(db, { companyId, name: 'Subs' });
    const elsewhere = await createWorkingGroup(db, {
      companyId,
      name: 'Elsewhere',
      subgroups: [{ name: 'Old' }],
    });
    const ann = await createUser(db, { companyId, role: 5 });
    const bob = await createUser(db, { companyId, role: 5 });
    // Bob is in another team's subgroup first: joining this one takes him out of it.
    await db
      .insertInto('working_group_members')
      .values({ working_group_id: elsewhere.id, user_id: bob.id })
      .execute();
    await db
      .insertInto('subgroup_members')
      .values({ subgroup_id: elsewhere.subgroupIds[0]!, user_id: bob.id })
      .execute();
    await db.updateTable('users').set({ working_group_id: elsewhere.id }).where('id', '=', bob.id).execute();

    const created = await send('POST', 'working-groups/subgroups/create', headers, {
      working_group: team.id,
      name: 'Nights',
      subgroup_lead: ann.id,
    });
    expect(created.statusCode).toBe(200);
    const subgroup = created.json<{ subgroups: { id: number }[] }>().subgroups[0]!;
    expect(created.json()).toMatchObject({ subgroups: [{ name: 'Nights', lead: ann.id, users_id: [] }] });

    const members = await send('PUT', `subgroups/${subgroup.id}/change-users`, headers, {
      users_id: [ann.id, bob.id],
    });
    expect(members.statusCode).toBe(200);
    expect(members.json()).toMatchObject({
      counts: { users: 2 },
      subgroups: [{ users_id: [ann.id, bob.id] }],
    });
    expect(await membershipOf(db, bob.id)).toEqual({
      working_group_id: team.id,
      member_of: [team.id],
      subgroups: [subgroup.id],
    });
    expect(teamEvents().at(-1)).toEqual({ ids: [team.id, elsewhere.id].sort((a, b) => a - b) });

    // Ann leaves the subgroup and stays in the team.
    const fewer = await send('PUT', `subgroups/${subgroup.id}/change-users`, headers, { users_id: [bob.id] });
    expect(fewer.statusCode).toBe(200);
    expect(await membershipOf(db, ann.id)).toEqual({
      working_group_id: team.id,
      member_of: [team.id],
      subgroups: [],
    });

    const lead = await send('PUT', `subgroups/${subgroup.id}/change-responsible`, headers, {
      subgroup_lead: bob.id,
    });
    expect(lead.statusCode).toBe(200);
    expect(lead.json()).toMatchObject({
      subgroups: [{ id: subgroup.id, lead: bob.id, subgroup_lead: bob.id }],
    });
  });

  it('refuses bad input with 400 naming the field, another company with 404, other staff with 403', async () => {
    const { db } = database;
    const companyId = world.company.id;
    const team = await createWorkingGroup(db, { companyId, subgroups: [{ name: 'Kept' }] });
    const subgroupId = team.subgroupIds[0]!;
    const theirs = await createWorkingGroup(db, { companyId: world.other.id, subgroups: [{}] });
    const stranger = await createUser(db, { companyId: world.other.id, role: 5 });
    const ann = await createUser(db, { companyId, role: 5 });
    const headers = world.staff.sessions.admin.headers;

    const bad: [string, 'POST' | 'PUT', object, string][] = [
      ['working-groups/subgroups/create', 'POST', { name: 'No team' }, 'working_group'],
      ['working-groups/subgroups/create', 'POST', { working_group: theirs.id }, 'working_group'],
      [
        'working-groups/subgroups/create',
        'POST',
        { working_group: team.id, subgroup_lead: stranger.id },
        'subgroup_lead',
      ],
      [`subgroups/${subgroupId}/change-users`, 'PUT', { users_id: [ann.id, stranger.id] }, 'users_id'],
      [`subgroups/${subgroupId}/change-users`, 'PUT', { users_id: [ann.id, ann.id] }, 'users_id'],
      [`subgroups/${subgroupId}/change-users`, 'PUT', { users_id: 'all' }, 'users_id'],
      [`subgroups/${subgroupId}/change-responsible`, 'PUT', {}, 'subgroup_lead'],
    ];
    for (const [url, method, payload, field] of bad) {
      const response = await send(method, url, headers, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(Object.keys(response.json<{ fields: object }>().fields)).toContain(field);
    }
    expect(await membershipOf(db, ann.id)).toEqual({ working_group_id: null, member_of: [], subgroups: [] });
    expect(
      await db.selectFrom('subgroups').select('id').where('working_group_id', '=', team.id).execute(),
    ).toHaveLength(1);

    const theirSubgroup = theirs.subgroupIds[0]!;
    expect(
      (await send('PUT', `subgroups/${theirSubgroup}/change-users`, headers, { users_id: [ann.id] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await send('PUT', `subgroups/${theirSubgroup}/change-responsible`, headers, { subgroup_lead: null }))
        .statusCode,
    ).toBe(404);
    const dispatcher = world.staff.sessions.dispatcher.headers;
    expect(
      (await send('PUT', `subgroups/${subgroupId}/change-users`, dispatcher, { users_id: [] })).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', 'working-groups/subgroups/create', dispatcher, { working_group: team.id }))
        .statusCode,
    ).toBe(403);
    expect(teamEvents()).toEqual([]);
  });
});
