import { ID_MESSAGE } from '@app/domain/common/ids';
import { describe, expect, it } from 'vitest';
import { login } from '../../../test/auth-helpers';
import { createUser, createWorkingGroup, insertVehicle } from '../../../test/factories';
import { setUpTestApp } from '../../../test/test-suite';
import { insertLoad } from '../loads/loads.fixtures';
import { API, createTeamsWorld } from './teams.fixtures';

const { database, testApp, world } = setUpTestApp(createTeamsWorld);

const get = (url: string, headers: Record<string, string>) =>
  testApp.app.inject({ method: 'GET', url: `${API}/${url}`, headers });

describe('GET working-groups/all', () => {
  it("answers the company's teams with name, lead, subgroups, members and counts; never another company's", async () => {
    const { db } = database;
    const companyId = world.company.id;
    const lead = await createUser(db, { companyId, role: 4 });
    const subLead = await createUser(db, { companyId, role: 5 });
    const memberA = await createUser(db, { companyId, role: 5 });
    const memberB = await createUser(db, { companyId, role: 5 });
    const group = await createWorkingGroup(db, {
      companyId,
      name: 'Alpha team',
      leadId: lead.id,
      memberIds: [memberA.id, memberB.id],
      subgroups: [
        { name: 'Night shift', leadId: subLead.id, memberIds: [memberA.id, memberB.id] },
        { name: 'Empty' },
      ],
    });
    await db.updateTable('users').set({ working_group_id: group.id }).where('id', '=', lead.id).execute();
    // Open loads are the active and checkout lists: statuses 1 and 8 count, 10 (completed) and 12 do not.
    for (const status of [1, 8, 10, 12] as const)
      await insertLoad(db, companyId, { status, workingGroupId: group.id });
    await insertVehicle(db, companyId, { working_group_id: group.id });
    const otherGroup = await createWorkingGroup(database.db, {
      companyId: world.other.id,
      name: 'Other team',
    });

    const response = await get('working-groups/all', world.staff.sessions.tracker.headers);
    expect(response.statusCode).toBe(200);
    const alpha = response.json<{ id: number }[]>().find((team) => team.id === group.id);
    expect(alpha).toEqual({
      id: group.id,
      name: 'Alpha team',
      group_name: 'Alpha team',
      group_lead: lead.id,
      subgroups: [
        {
          id: group.subgroupIds[0],
          name: 'Night shift',
          lead: subLead.id,
          subgroup_lead: subLead.id,
          users_id: [memberA.id, memberB.id].sort((a, b) => a - b),
        },
        { id: group.subgroupIds[1], name: 'Empty', lead: null, subgroup_lead: null, users_id: [] },
      ],
      counts: { loads: 2, vehicles: 1, users: 3 },
    });

    const strangerView = await get('working-groups/all', world.otherStaff.sessions.admin.headers);
    expect(strangerView.json<{ id: number }[]>().map((team) => team.id)).toEqual([otherGroup.id]);
  });

  it('is for staff: 401 without a token, 403 for a newcomer', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: `${API}/working-groups/all` })).statusCode).toBe(
      401,
    );
    const newcomer = await createUser(database.db);
    const session = await login(testApp.app, newcomer.email, newcomer.password);
    const response = await get('working-groups/all', session.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'forbidden' });
  });
});

describe('GET working-groups/{id}', () => {
  it('answers one team with its subgroups, members with their subgroup, lead names and counts', async () => {
    const { db } = database;
    const companyId = world.company.id;
    const lead = await createUser(db, { companyId, role: 4, first_name: 'Lena', last_name: 'Lead' });
    const subLead = await createUser(db, { companyId, role: 5, first_name: 'Sam', last_name: 'Sub' });
    const inSubgroup = await createUser(db, { companyId, role: 5, first_name: 'Ann', last_name: 'Able' });
    const outside = await createUser(db, { companyId, role: 6, first_name: 'Bob', last_name: 'Bell' });
    const group = await createWorkingGroup(db, {
      companyId,
      name: 'Bravo',
      leadId: lead.id,
      memberIds: [inSubgroup.id, outside.id],
      subgroups: [{ name: 'Days', leadId: subLead.id, memberIds: [inSubgroup.id] }],
    });
    await insertLoad(db, companyId, {
      status: 3,
      workingGroupId: group.id,
      subgroupId: group.subgroupIds[0],
    });
    await insertVehicle(db, companyId, { working_group_id: group.id });
    await insertVehicle(db, companyId, { working_group_id: group.id });

    const response = await get(`working-groups/${group.id}`, world.staff.sessions.dispatcher.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: group.id,
      name: 'Bravo',
      group_name: 'Bravo',
      group_lead: lead.id,
      group_lead_name: 'Lena Lead',
      subgroups: [
        {
          id: group.subgroupIds[0],
          name: 'Days',
          lead: subLead.id,
          subgroup_lead: subLead.id,
          lead_name: 'Sam Sub',
          users_id: [inSubgroup.id],
        },
      ],
      members: [
        {
          id: inSubgroup.id,
          first_name: 'Ann',
          last_name: 'Able',
          role: 5,
          subgroup_id: group.subgroupIds[0],
        },
        { id: outside.id, first_name: 'Bob', last_name: 'Bell', role: 6, subgroup_id: null },
      ],
      counts: { loads: 1, vehicles: 2, users: 2 },
    });
  });

  it("answers 404 for another company's team and for none, 400 naming the id for a bad one", async () => {
    const theirs = await createWorkingGroup(database.db, { companyId: world.other.id });
    const headers = world.staff.sessions.admin.headers;
    expect((await get(`working-groups/${theirs.id}`, headers)).statusCode).toBe(404);
    expect((await get('working-groups/987654321', headers)).statusCode).toBe(404);
    const bad = await get('working-groups/01', headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_error', fields: { id: [ID_MESSAGE] } });
  });
});

describe('GET working-groups/names_list', () => {
  it("answers the company's team names by name for any staff, and none of another company's", async () => {
    const { db } = database;
    const zulu = await createWorkingGroup(db, { companyId: world.company.id, name: 'Zulu names' });
    const able = await createWorkingGroup(db, { companyId: world.company.id, name: 'Able names' });
    const theirs = await createWorkingGroup(db, { companyId: world.other.id, name: 'Their names' });
    const response = await get('working-groups/names_list', world.staff.sessions.accountant.headers);
    expect(response.statusCode).toBe(200);
    const names = response.json<{ id: number; name: string }[]>();
    const ours = names.filter((team) => team.name.endsWith(' names'));
    expect(ours).toEqual([
      { id: able.id, name: 'Able names' },
      { id: zulu.id, name: 'Zulu names' },
    ]);
    expect(names.map((team) => team.id)).not.toContain(theirs.id);
  });
});
