import type { MemberTeam } from '@app/domain/teams/teams.schema';
import { TEAMS_MESSAGES } from '@app/domain/teams/teams.schema';
import type { Trx } from '../../db/unit-of-work';
import { fieldError, notFound } from '../../http/errors';
import type { RealtimeEvent } from '../../realtime/event-bus';
import { companyEvent } from '../../realtime/events';
import * as members from './team-members.repository';
import * as repository from './teams.repository';

/**
 * A person's team and subgroup, set in the caller's transaction (the users module, when PUT
 * users/{id}/update/ names them; the subgroup changes here). The team and the subgroup must be the
 * company's, the subgroup inside that team; a subgroup without its team is refused (400 naming
 * subgroup_id), a team or subgroup of another company reads as missing (400 naming the field: it is a
 * value of the request, not the path). The person leaves every other team and subgroup of the company, and
 * users.working_group_id, working_group_members and subgroup_members are rewritten together.
 *
 * Returns the update_working_groups event of the teams the person left and joined, for the caller's
 * outbox (published after its commit); none when nothing changed.
 */
export async function setMemberTeam(
  trx: Trx,
  companyId: number,
  userId: number,
  team: MemberTeam,
): Promise<RealtimeEvent[]> {
  const [user] = await members.findCompanyUsers(trx, companyId, [userId]);
  if (!user) throw notFound();
  await checkMemberTeam(trx, companyId, team);
  return teamsChanged(companyId, await moveMembers(trx, companyId, [userId], team));
}

/** Refuses a team or subgroup that is not the company's, or a subgroup outside the team. */
export async function checkMemberTeam(trx: Trx, companyId: number, team: MemberTeam): Promise<void> {
  if (team.working_group_id !== null) {
    const group = await repository.lockWorkingGroup(trx, companyId, team.working_group_id);
    if (!group) throw fieldError('working_group_id', TEAMS_MESSAGES.teamNotFound);
  }
  if (team.subgroup_id !== null) {
    const subgroup = await repository.lockSubgroup(trx, companyId, team.subgroup_id);
    if (!subgroup) throw fieldError('subgroup_id', TEAMS_MESSAGES.subgroupNotFound);
    if (subgroup.working_group_id !== team.working_group_id) {
      throw fieldError('subgroup_id', TEAMS_MESSAGES.subgroupOutsideTeam);
    }
  }
}

/**
 * Moves users of the company (already checked) into a team and subgroup that were checked, and answers the
 * ids of every team they left or joined.
 */
export async function moveMembers(
  trx: Trx,
  companyId: number,
  userIds: readonly number[],
  team: MemberTeam,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const before = await members.findUserTeamIds(trx, companyId, userIds);
  await members.setUsersTeam(trx, companyId, userIds, {
    workingGroupId: team.working_group_id,
    subgroupId: team.subgroup_id,
  });
  return [...before, ...(team.working_group_id === null ? [] : [team.working_group_id])];
}

/** The update_working_groups event of these teams, or none for no team. */
export function teamsChanged(companyId: number, ids: readonly number[]): RealtimeEvent[] {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  return unique.length === 0 ? [] : [companyEvent('update_working_groups', companyId, { ids: unique })];
}
