import { describe, expect, it } from 'vitest';
import { login } from '../../../test/auth-helpers';
import { createCompany, createUser, createWorkingGroup } from '../../../test/factories';
import { setUpTestApp } from '../../../test/test-suite';

const ALL = '/backend/api/v2/working-groups/all';

const { database, testApp } = setUpTestApp();

describe('GET working-groups/all', () => {
  it("answers the company's groups with name, lead, subgroups and their members; never another company's", async () => {
    const demo = await createCompany(database.db);
    const other = await createCompany(database.db);
    const lead = await createUser(database.db, { companyId: demo.id, role: 4 });
    const subLead = await createUser(database.db, { companyId: demo.id, role: 5 });
    const memberA = await createUser(database.db, { companyId: demo.id, role: 5 });
    const memberB = await createUser(database.db, { companyId: demo.id, role: 5 });
    const group = await createWorkingGroup(database.db, {
      companyId: demo.id,
      name: 'Alpha team',
      leadId: lead.id,
      subgroups: [
        { name: 'Night shift', leadId: subLead.id, memberIds: [memberA.id, memberB.id] },
        { name: 'Empty' },
      ],
    });
    const otherGroup = await createWorkingGroup(database.db, { companyId: other.id, name: 'Other team' });

    const viewer = await createUser(database.db, { companyId: demo.id, role: 6 });
    const session = await login(testApp.app, viewer.email, viewer.password);
    const response = await testApp.app.inject({ method: 'GET', url: ALL, headers: session.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
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
      },
    ]);

    const stranger = await createUser(database.db, { companyId: other.id, role: 3 });
    const strangerView = await testApp.app.inject({
      method: 'GET',
      url: ALL,
      headers: (await login(testApp.app, stranger.email, stranger.password)).headers,
    });
    expect(strangerView.json<{ id: number }[]>().map((entry) => entry.id)).toEqual([otherGroup.id]);
  });

  it('is for staff: 401 without a token, 403 for a newcomer', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: ALL })).statusCode).toBe(401);
    const newcomer = await createUser(database.db);
    const session = await login(testApp.app, newcomer.email, newcomer.password);
    const response = await testApp.app.inject({ method: 'GET', url: ALL, headers: session.headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'forbidden' });
  });
});
