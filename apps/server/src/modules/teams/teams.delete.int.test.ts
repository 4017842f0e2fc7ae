import { TEAMS_MESSAGES } from '@app/domain/teams/teams.schema';
import { describe, expect, it } from 'vitest';
import { createUser, createWorkingGroup, insertVehicle } from '../../../test/factories';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import { insertLoad } from '../loads/loads.fixtures';
import { API, createTeamsWorld, membershipOf } from './teams.fixtures';

const { database, testApp, world } = setUpTestApp(createTeamsWorld);
const recorded = recordEventsOfEachTest(testApp);

const remove = (url: string, headers: Record<string, string> = world.staff.sessions.manager.headers) =>
  testApp.app.inject({ method: 'DELETE', url: `${API}/${url}`, headers });

const teamExists = async (id: number) =>
  (await database.db.selectFrom('working_groups').select('id').where('id', '=', id).executeTakeFirst()) !==
  undefined;

const loadTeam = (id: number) =>
  database.db
    .selectFrom('loads')
    .select(['working_group_id', 'subgroup_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const vehicleTeam = async (id: number) =>
  (
    await database.db
      .selectFrom('vehicles')
      .select('working_group_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).working_group_id;

/** A team with two people (one in its subgroup), an open and a completed load, and a vehicle. */
async function busyTeam() {
  const { db } = database;
  const companyId = world.company.id;
  const ann = await createUser(db, { companyId, role: 5 });
  const bob = await createUser(db, { companyId, role: 6 });
  const team = await createWorkingGroup(db, {
    companyId,
    memberIds: [ann.id, bob.id],
    subgroups: [{ memberIds: [ann.id] }],
  });
  await db
    .updateTable('users')
    .set({ working_group_id: team.id })
    .where('id', 'in', [ann.id, bob.id])
    .execute();
  const subgroupId = team.subgroupIds[0]!;
  const openLoad = await insertLoad(db, companyId, { status: 2, workingGroupId: team.id, subgroupId });
  const doneLoad = await insertLoad(db, companyId, { status: 10, workingGroupId: team.id, subgroupId });
  const vehicle = await insertVehicle(db, companyId, { working_group_id: team.id });
  return { team, subgroupId, ann, bob, openLoad, doneLoad, vehicle };
}

describe('DELETE working-groups/{id}', () => {
  it('refuses a team with people, open loads or vehicles: 409 team_not_empty naming the counts, nothing changed', async () => {
    const busy = await busyTeam();
    const response = await remove(`working-groups/${busy.team.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'team_not_empty',
      detail: 'The team still has loads, vehicles or people: choose the team they move to',
      fields: { loads: ['1'], vehicles: ['1'], users: ['2'] },
    });
    expect(await teamExists(busy.team.id)).toBe(true);
    expect(await membershipOf(database.db, busy.ann.id)).toEqual({
      working_group_id: busy.team.id,
      member_of: [busy.team.id],
      subgroups: [busy.subgroupId],
    });
    expect(recorded.events).toEqual([]);
  });

  it('with people only (no loads, no vehicles) it is refused too', async () => {
    const ann = await createUser(database.db, { companyId: world.company.id, role: 5 });
    const team = await createWorkingGroup(database.db, { companyId: world.company.id, memberIds: [ann.id] });
    const response = await remove(`working-groups/${team.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ fields: { loads: ['0'], vehicles: ['0'], users: ['1'] } });
  });

  it('with move_to moves every load, vehicle and person to that team, then deletes, publishing the changes', async () => {
    const busy = await busyTeam();
    const target = await createWorkingGroup(database.db, { companyId: world.company.id, name: 'Receiver' });
    const response = await remove(`working-groups/${busy.team.id}?move_to=${target.id}`);
    expect(response.statusCode).toBe(200);
    expect(await teamExists(busy.team.id)).toBe(false);
    expect(await loadTeam(busy.openLoad)).toEqual({ working_group_id: target.id, subgroup_id: null });
    expect(await loadTeam(busy.doneLoad)).toEqual({ working_group_id: target.id, subgroup_id: null });
    expect(await vehicleTeam(busy.vehicle.id)).toBe(target.id);
    for (const person of [busy.ann, busy.bob]) {
      expect(await membershipOf(database.db, person.id)).toEqual({
        working_group_id: target.id,
        member_of: [target.id],
        subgroups: [],
      });
    }
    const events = recorded.events.map((event) => [event.event, event.data]);
    expect(events).toContainEqual([
      'update_working_groups',
      { ids: [busy.team.id, target.id].sort((a, b) => a - b) },
    ]);
    expect(events).toContainEqual(['update_loads', { ids: [busy.openLoad], action: 'edit' }]);
    expect(events).toContainEqual(['update_units', { kind: 'vehicle', ids: [busy.vehicle.id] }]);
  });

  it('deletes an empty team without move_to; its completed loads keep their history with no team', async () => {
    const team = await createWorkingGroup(database.db, { companyId: world.company.id });
    const done = await insertLoad(database.db, world.company.id, { status: 11, workingGroupId: team.id });
    const response = await remove(`working-groups/${team.id}`);
    expect(response.statusCode).toBe(200);
    expect(await teamExists(team.id)).toBe(false);
    expect(await loadTeam(done)).toEqual({ working_group_id: null, subgroup_id: null });
    expect(recorded.events.map((event) => event.data)).toEqual([{ ids: [team.id] }]);
  });

  it("refuses a move_to that is the team itself, another company's or not an id: 400 naming move_to", async () => {
    const busy = await busyTeam();
    const theirs = await createWorkingGroup(database.db, { companyId: world.other.id });
    for (const moveTo of [String(busy.team.id), String(theirs.id), 'abc']) {
      const response = await remove(`working-groups/${busy.team.id}?move_to=${moveTo}`);
      expect(response.statusCode, moveTo).toBe(400);
      expect(Object.keys(response.json<{ fields: object }>().fields)).toEqual(['move_to']);
    }
    expect(await teamExists(busy.team.id)).toBe(true);
    expect(await vehicleTeam(busy.vehicle.id)).toBe(busy.team.id);
  });

  it('is for admins and managers (dispatcher 403); another company answers 404', async () => {
    const team = await createWorkingGroup(database.db, { companyId: world.company.id });
    expect(
      (await remove(`working-groups/${team.id}`, world.staff.sessions.dispatcher.headers)).statusCode,
    ).toBe(403);
    expect(
      (await remove(`working-groups/${team.id}`, world.otherStaff.sessions.admin.headers)).statusCode,
    ).toBe(404);
    expect(await teamExists(team.id)).toBe(true);
    expect((await remove(`working-groups/${team.id}`, world.staff.sessions.admin.headers)).statusCode).toBe(
      200,
    );
  });
});

describe('DELETE working-groups/subgroups/{id}', () => {
  it('refuses a subgroup with members or open loads: 409 subgroup_not_empty naming the counts', async () => {
    const busy = await busyTeam();
    const response = await remove(`working-groups/subgroups/${busy.subgroupId}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'subgroup_not_empty',
      fields: { loads: ['1'], users: ['1'] },
    });
  });

  it("with move_to moves the subgroup's loads and members to that subgroup and its team", async () => {
    const busy = await busyTeam();
    const target = await createWorkingGroup(database.db, { companyId: world.company.id, subgroups: [{}] });
    const targetSubgroup = target.subgroupIds[0]!;
    const response = await remove(`working-groups/subgroups/${busy.subgroupId}?move_to=${targetSubgroup}`);
    expect(response.statusCode).toBe(200);
    expect(await loadTeam(busy.openLoad)).toEqual({
      working_group_id: target.id,
      subgroup_id: targetSubgroup,
    });
    expect(await loadTeam(busy.doneLoad)).toEqual({
      working_group_id: target.id,
      subgroup_id: targetSubgroup,
    });
    expect(await membershipOf(database.db, busy.ann.id)).toEqual({
      working_group_id: target.id,
      member_of: [target.id],
      subgroups: [targetSubgroup],
    });
    // Bob was in the team outside the subgroup: he stays.
    expect((await membershipOf(database.db, busy.bob.id)).working_group_id).toBe(busy.team.id);
    expect(await vehicleTeam(busy.vehicle.id)).toBe(busy.team.id);
    expect(
      await database.db
        .selectFrom('subgroups')
        .select('id')
        .where('id', '=', busy.subgroupId)
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it("answers 404 for another company's subgroup and 400 for a move_to of another company", async () => {
    const theirs = await createWorkingGroup(database.db, { companyId: world.other.id, subgroups: [{}] });
    const busy = await busyTeam();
    expect((await remove(`working-groups/subgroups/${theirs.subgroupIds[0]}`)).statusCode).toBe(404);
    const response = await remove(
      `working-groups/subgroups/${busy.subgroupId}?move_to=${theirs.subgroupIds[0]}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { move_to: [TEAMS_MESSAGES.subgroupNotFound] } });
    expect(
      (await remove(`working-groups/subgroups/${busy.subgroupId}`, world.staff.sessions.dispatcher.headers))
        .statusCode,
    ).toBe(403);
  });
});
