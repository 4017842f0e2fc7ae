import { TEAMS_MESSAGES } from '@app/domain/teams/teams.schema';
import { describe, expect, it } from 'vitest';
import { createUser, createWorkingGroup } from '../../../test/factories';
import { setUpTestApp } from '../../../test/test-suite';
import type { Trx } from '../../db/unit-of-work';
import { setMemberTeam } from './teams.service';
import { createTeamsWorld, membershipOf } from './teams.fixtures';

// setMemberTeam is what the users module calls inside its own transaction (PUT users/{id}/update/).

const { database, world } = setUpTestApp(createTeamsWorld);

const run = <T>(work: (trx: Trx) => Promise<T>) => database.db.transaction().execute(work);

describe('setMemberTeam', () => {
  it('moves a person into a team and its subgroup, out of the old ones, and names both teams in its event', async () => {
    const { db } = database;
    const companyId = world.company.id;
    const person = await createUser(db, { companyId, role: 5 });
    const from = await createWorkingGroup(db, {
      companyId,
      memberIds: [person.id],
      subgroups: [{ memberIds: [person.id] }],
    });
    await db.updateTable('users').set({ working_group_id: from.id }).where('id', '=', person.id).execute();
    const to = await createWorkingGroup(db, { companyId, subgroups: [{}, {}] });

    const events = await run(async (trx) =>
      setMemberTeam(trx, companyId, person.id, { working_group_id: to.id, subgroup_id: to.subgroupIds[1]! }),
    );
    expect(await membershipOf(db, person.id)).toEqual({
      working_group_id: to.id,
      member_of: [to.id],
      subgroups: [to.subgroupIds[1]],
    });
    expect(events).toEqual([
      {
        event: 'update_working_groups',
        companyId,
        data: { ids: [from.id, to.id].sort((a, b) => a - b) },
        roles: [3, 4, 5, 6, 7, 8, 13],
      },
    ]);

    // No team: out of every team and subgroup.
    await run(async (trx) =>
      setMemberTeam(trx, companyId, person.id, { working_group_id: null, subgroup_id: null }),
    );
    expect(await membershipOf(db, person.id)).toEqual({
      working_group_id: null,
      member_of: [],
      subgroups: [],
    });
  });

  it("refuses another company's team, a subgroup outside the team or without one (400 naming the field), changing nothing", async () => {
    const { db } = database;
    const companyId = world.company.id;
    const person = await createUser(db, { companyId, role: 5 });
    const ours = await createWorkingGroup(db, { companyId, subgroups: [{}] });
    const second = await createWorkingGroup(db, { companyId, subgroups: [{}] });
    const theirs = await createWorkingGroup(db, { companyId: world.other.id, subgroups: [{}] });
    const cases = [
      [{ working_group_id: theirs.id, subgroup_id: null }, 'working_group_id', TEAMS_MESSAGES.teamNotFound],
      [
        { working_group_id: ours.id, subgroup_id: theirs.subgroupIds[0]! },
        'subgroup_id',
        TEAMS_MESSAGES.subgroupNotFound,
      ],
      [
        { working_group_id: ours.id, subgroup_id: second.subgroupIds[0]! },
        'subgroup_id',
        TEAMS_MESSAGES.subgroupOutsideTeam,
      ],
      [
        { working_group_id: null, subgroup_id: ours.subgroupIds[0]! },
        'subgroup_id',
        TEAMS_MESSAGES.subgroupOutsideTeam,
      ],
    ] as const;
    for (const [team, field, message] of cases) {
      await expect(run(async (trx) => setMemberTeam(trx, companyId, person.id, team))).rejects.toMatchObject({
        statusCode: 400,
        fields: { [field]: [message] },
      });
    }
    expect(await membershipOf(db, person.id)).toEqual({
      working_group_id: null,
      member_of: [],
      subgroups: [],
    });

    const stranger = await createUser(db, { companyId: world.other.id, role: 5 });
    await expect(
      run(async (trx) =>
        setMemberTeam(trx, companyId, stranger.id, { working_group_id: ours.id, subgroup_id: null }),
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
