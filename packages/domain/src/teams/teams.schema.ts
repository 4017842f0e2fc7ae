import { z } from 'zod';
import { idSchema } from '../common/ids';
import { ROLES, STAFF_ROLE_IDS, type RoleId } from '../common/lookups';
import { FIELD_REQUIRED_MESSAGE, maxCharactersMessage, optionalText } from '../common/text-fields';

// Teams (working groups) and their subgroups: the spec's Settings/teams calls under /backend/api/v2/.
// The spec names a team's fields (id, group_name, group_lead; subgroups with id, subgroup_lead and
// users_id) and the shell's shape (id, name from group_name, subgroups with id and lead from
// subgroup_lead). Who may change teams, the limits, the counts and the refusal of deleting a team that
// still holds work are ours.

/** Any staff reads teams (the shell's filters and pickers); admins and managers change them. */
export const TEAMS_ROLES = {
  view: STAFF_ROLE_IDS,
  change: [ROLES.admin, ROLES.manager],
} as const satisfies Record<string, readonly RoleId[]>;

export function canChangeTeams(user: { role: number | null | undefined; is_superuser?: boolean }): boolean {
  return user.is_superuser === true || (TEAMS_ROLES.change as readonly number[]).includes(user.role ?? -1);
}

export const TEAM_NAME_MAX = 100;
export const SUBGROUP_NAME_MAX = 100;
/** A subgroup's members are set in one call; a carrier's dispatch floor is far smaller than this. */
export const SUBGROUP_USERS_MAX = 500;

export const TEAMS_MESSAGES = {
  nameRequired: FIELD_REQUIRED_MESSAGE,
  nameTooLong: maxCharactersMessage(TEAM_NAME_MAX),
  userNotFound: 'Choose an active user of the company',
  usersRepeated: 'Each user may be listed once',
  teamNotFound: 'Choose a team of the company',
  subgroupNotFound: 'Choose a subgroup of the company',
  subgroupOutsideTeam: 'Choose a subgroup of the chosen team',
  moveToSame: 'Choose another team to move them to',
  moveToSameSubgroup: 'Choose another subgroup to move them to',
  teamNotEmpty: 'The team still has loads, vehicles or people: choose the team they move to',
  subgroupNotEmpty: 'The subgroup still has loads or people: choose the subgroup they move to',
} as const;

const optionalUserId = idSchema.nullish().transform((value) => value ?? null);

const teamName = z
  .string({ error: TEAMS_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: TEAMS_MESSAGES.nameRequired })
  .max(TEAM_NAME_MAX, { error: TEAMS_MESSAGES.nameTooLong });

// ------------------------------------------------------------------ requests

/** POST working-groups/create */
export const createTeamBodySchema = z.object({ group_name: teamName, group_lead: optionalUserId });
export type CreateTeamBody = z.infer<typeof createTeamBodySchema>;

/** PUT working-groups/{id}/update */
export const updateTeamBodySchema = z.object({ group_name: teamName });
export type UpdateTeamBody = z.infer<typeof updateTeamBodySchema>;

/** PUT working-groups/{id}/change-responsible; null takes the lead away. */
export const changeTeamLeadBodySchema = z.object({
  group_lead: idSchema.nullable(),
});
export type ChangeTeamLeadBody = z.infer<typeof changeTeamLeadBodySchema>;

/** POST working-groups/subgroups/create */
export const createSubgroupBodySchema = z.object({
  working_group: idSchema,
  name: optionalText(SUBGROUP_NAME_MAX),
  subgroup_lead: optionalUserId,
});
export type CreateSubgroupBody = z.infer<typeof createSubgroupBodySchema>;

/** PUT subgroups/{id}/change-responsible; null takes the lead away. */
export const changeSubgroupLeadBodySchema = z.object({
  subgroup_lead: idSchema.nullable(),
});
export type ChangeSubgroupLeadBody = z.infer<typeof changeSubgroupLeadBodySchema>;

/** PUT subgroups/{id}/change-users: the subgroup's members, all of them (an empty list empties it). */
export const changeSubgroupUsersBodySchema = z.object({
  users_id: z
    .array(idSchema)
    .max(SUBGROUP_USERS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, { error: TEAMS_MESSAGES.usersRepeated }),
});
export type ChangeSubgroupUsersBody = z.infer<typeof changeSubgroupUsersBodySchema>;

/**
 * DELETE working-groups/{id} and DELETE working-groups/subgroups/{id} take `move_to` as a query
 * parameter (a DELETE body is dropped by some proxies and clients): the team, or subgroup, of the same
 * company that receives the loads, vehicles and people. Without it a team that still holds any is refused
 * (409 team_not_empty / subgroup_not_empty with the counts).
 */
export const deleteTeamQuerySchema = z.object({ move_to: idSchema.optional() });
export type DeleteTeamQuery = z.infer<typeof deleteTeamQuerySchema>;

/** What setMemberTeam sets for one user: the team, and the subgroup inside it (or none). */
export type MemberTeam = { working_group_id: number | null; subgroup_id: number | null };

// ------------------------------------------------------------------ answers

const id = z.number().int();

/** A subgroup as the spec's team shape has it: `lead` is subgroup_lead. */
export const subgroupSummarySchema = z.object({
  id,
  name: z.string(),
  lead: id.nullable(),
  subgroup_lead: id.nullable(),
  users_id: z.array(id),
});
export type SubgroupSummary = z.infer<typeof subgroupSummarySchema>;

/** The work a team (or subgroup) holds: open loads (active and checkout lists), vehicles, people. */
export const teamCountsSchema = z.object({ loads: id, vehicles: id, users: id });
export type TeamCounts = z.infer<typeof teamCountsSchema>;

/** GET working-groups/all: one entry per team, `name` from group_name, with the team's counts. */
export const teamSummarySchema = z.object({
  id,
  name: z.string(),
  group_name: z.string(),
  group_lead: id.nullable(),
  subgroups: z.array(subgroupSummarySchema),
  counts: teamCountsSchema,
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const teamMemberSchema = z.object({
  id,
  first_name: z.string(),
  last_name: z.string(),
  role: id.nullable(),
  /** The subgroup of the team the member is in; null for a member of the team outside every subgroup. */
  subgroup_id: id.nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** GET working-groups/{id}: the team, its subgroups with their lead's name, members and counts. */
export const teamDetailSchema = z.object({
  id,
  name: z.string(),
  group_name: z.string(),
  group_lead: id.nullable(),
  group_lead_name: z.string().nullable(),
  subgroups: z.array(subgroupSummarySchema.extend({ lead_name: z.string().nullable() })),
  members: z.array(teamMemberSchema),
  counts: teamCountsSchema,
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

/** GET working-groups/names_list: the pickers' list. */
export const teamNameSchema = z.object({ id, name: z.string() });
export type TeamName = z.infer<typeof teamNameSchema>;
