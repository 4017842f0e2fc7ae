import { describe, expect, it } from 'vitest';
import { ROLES } from '../common/lookups';
import { countsOfRefusal, holdsWork, subgroupUsersAfterMove, teamTree } from './teams.rules';
import {
  TEAMS_MESSAGES,
  TEAMS_ROLES,
  canChangeTeams,
  changeSubgroupUsersBodySchema,
  changeTeamLeadBodySchema,
  createSubgroupBodySchema,
  createTeamBodySchema,
  deleteTeamQuerySchema,
} from './teams.schema';

describe('who may read and change teams', () => {
  it('any staff reads; admins and managers change; a superuser changes too', () => {
    expect(TEAMS_ROLES.change).toEqual([ROLES.admin, ROLES.manager]);
    expect(TEAMS_ROLES.view).toEqual([3, 4, 5, 6, 7, 8, 13]);
    expect(canChangeTeams({ role: ROLES.manager })).toBe(true);
    expect(canChangeTeams({ role: ROLES.admin })).toBe(true);
    expect(canChangeTeams({ role: ROLES.dispatcher })).toBe(false);
    expect(canChangeTeams({ role: null, is_superuser: true })).toBe(true);
  });
});

describe('the requests', () => {
  it('a team needs a name of 1 to 100 characters, trimmed; its lead is optional', () => {
    expect(createTeamBodySchema.parse({ group_name: '  East ' })).toEqual({
      group_name: 'East',
      group_lead: null,
    });
    expect(createTeamBodySchema.parse({ group_name: 'East', group_lead: '12' })).toEqual({
      group_name: 'East',
      group_lead: 12,
    });
    const blank = createTeamBodySchema.safeParse({ group_name: '   ' });
    expect(blank.error?.issues[0]).toMatchObject({
      path: ['group_name'],
      message: TEAMS_MESSAGES.nameRequired,
    });
    expect(createTeamBodySchema.safeParse({ group_name: 'x'.repeat(100) }).success).toBe(true);
    expect(createTeamBodySchema.safeParse({ group_name: 'x'.repeat(101) }).error?.issues[0]?.message).toBe(
      'Must have at most 100 characters',
    );
  });

  it('change-responsible takes a lead id or null, and needs the field', () => {
    expect(changeTeamLeadBodySchema.parse({ group_lead: null })).toEqual({ group_lead: null });
    expect(changeTeamLeadBodySchema.safeParse({}).success).toBe(false);
    expect(changeTeamLeadBodySchema.safeParse({ group_lead: 0 }).success).toBe(false);
  });

  it('a subgroup names its team; the name is optional', () => {
    expect(createSubgroupBodySchema.parse({ working_group: 4 })).toEqual({
      working_group: 4,
      name: null,
      subgroup_lead: null,
    });
    expect(createSubgroupBodySchema.safeParse({ name: 'Nights' }).error?.issues[0]?.path).toEqual([
      'working_group',
    ]);
  });

  it("a subgroup's users are ids, each once", () => {
    expect(changeSubgroupUsersBodySchema.parse({ users_id: [3, 5] })).toEqual({ users_id: [3, 5] });
    expect(changeSubgroupUsersBodySchema.parse({ users_id: [] })).toEqual({ users_id: [] });
    expect(changeSubgroupUsersBodySchema.safeParse({ users_id: [3, 3] }).error?.issues[0]?.message).toBe(
      TEAMS_MESSAGES.usersRepeated,
    );
  });

  it('a delete takes move_to as digits in the query string', () => {
    expect(deleteTeamQuerySchema.parse({})).toEqual({});
    expect(deleteTeamQuerySchema.parse({ move_to: '7' })).toEqual({ move_to: 7 });
    expect(deleteTeamQuerySchema.safeParse({ move_to: '07' }).success).toBe(false);
  });
});

describe('the rules', () => {
  it('a team holds work while it has open loads, vehicles or people', () => {
    expect(holdsWork({ loads: 0, vehicles: 0, users: 0 })).toBe(false);
    expect(holdsWork({ loads: 1, vehicles: 0, users: 0 })).toBe(true);
    expect(holdsWork({ vehicles: 2 })).toBe(true);
    expect(holdsWork({ loads: 0, users: 1 })).toBe(true);
  });

  it("reads a refusal's counts from its fields; a subgroup names no vehicles", () => {
    expect(countsOfRefusal({ loads: ['3'], vehicles: ['2'], users: ['5'] })).toEqual({
      loads: 3,
      vehicles: 2,
      users: 5,
    });
    expect(countsOfRefusal({ loads: ['1'], users: ['4'] })).toEqual({ loads: 1, vehicles: 0, users: 4 });
    expect(countsOfRefusal(undefined)).toEqual({ loads: 0, vehicles: 0, users: 0 });
  });

  it("puts a team's members under their subgroups, the rest apart, by name", () => {
    const member = (id: number, last: string, subgroup: number | null) => ({
      id,
      first_name: 'A',
      last_name: last,
      role: 5,
      subgroup_id: subgroup,
    });
    const subgroup = (id: number) => ({
      id,
      name: `S${id}`,
      lead: null,
      subgroup_lead: null,
      lead_name: null,
      users_id: [],
    });
    const tree = teamTree({
      subgroups: [subgroup(2), subgroup(1)],
      members: [member(1, 'Zed', 1), member(2, 'Abe', 1), member(3, 'Moe', null), member(4, 'Kim', 2)],
    });
    expect(tree.branches.map((branch) => [branch.subgroup.id, branch.members.map((m) => m.id)])).toEqual([
      [2, [4]],
      [1, [2, 1]],
    ]);
    expect(tree.unassigned.map((m) => m.id)).toEqual([3]);
  });

  it('a person joining or leaving a subgroup gives its whole new users_id', () => {
    expect(subgroupUsersAfterMove([1, 2], 3, true)).toEqual([1, 2, 3]);
    expect(subgroupUsersAfterMove([1, 2, 3], 2, false)).toEqual([1, 3]);
    expect(subgroupUsersAfterMove([1, 2], 2, true)).toEqual([1, 2]);
  });
});
