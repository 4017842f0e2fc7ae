import { isStaffRoleId } from '@app/domain/common/lookups';
import {
  TEAMS_MESSAGES,
  type ChangeSubgroupLeadBody,
  type ChangeSubgroupUsersBody,
  type ChangeTeamLeadBody,
  type CreateSubgroupBody,
  type CreateTeamBody,
  type TeamDetail,
  type UpdateTeamBody,
} from '@app/domain/teams/teams.schema';
import { createUnitOfWork, type Trx } from '../../db/unit-of-work';
import { fieldError, notFound } from '../../http/errors';
import type { CompanyCaller } from '../auth/caller';
import * as changes from './team-changes.repository';
import * as members from './team-members.repository';
import { moveMembers, teamsChanged } from './team-membership';
import type { TeamsDeps } from './teams.deps';
import type { createTeamReads } from './teams.reads';
import * as repository from './teams.repository';

// Making and changing teams and subgroups (admins and managers: the routes' TEAMS_ROLES.change). Each change
// runs in one unit of work on the locked team, answers the team as GET working-groups/{id} does, read in
// the same transaction, and publishes update_working_groups after the commit.
//
// A lead is an active staff user of the company (400 naming the field otherwise). Naming someone a lead
// does not move them between teams: a manager may lead several. A subgroup's members are set as a whole
// (PUT subgroups/{id}/change-users): whoever is listed joins the subgroup and its team, leaving any other
// team and subgroup (a person is in one team and at most one subgroup); whoever is no longer listed stays
// in the team outside every subgroup.

type Reads = ReturnType<typeof createTeamReads>;

export function createTeamChanges(deps: TeamsDeps, reads: Reads) {
  const unit = createUnitOfWork(deps);

  /** An active staff user of the company for a lead; 400 naming `field` otherwise. */
  async function checkLead(trx: Trx, companyId: number, userId: number | null, field: string) {
    if (userId === null) return;
    const [user] = await members.findCompanyUsers(trx, companyId, [userId]);
    if (!user || user.status !== 'Active' || !isStaffRoleId(user.role)) {
      throw fieldError(field, TEAMS_MESSAGES.userNotFound);
    }
  }

  async function lockGroup(trx: Trx, caller: CompanyCaller, id: number) {
    const group = await repository.lockWorkingGroup(trx, caller.companyId, id);
    if (!group) throw notFound();
    return group;
  }

  async function lockSubgroup(trx: Trx, caller: CompanyCaller, id: number) {
    const subgroup = await repository.lockSubgroup(trx, caller.companyId, id);
    if (!subgroup) throw notFound();
    return subgroup;
  }

  return {
    async createTeam(caller: CompanyCaller, body: CreateTeamBody): Promise<TeamDetail> {
      return unit.run(async (trx, outbox) => {
        await checkLead(trx, caller.companyId, body.group_lead, 'group_lead');
        const id = await changes.insertWorkingGroup(trx, caller.companyId, {
          group_name: body.group_name,
          group_lead_id: body.group_lead,
        });
        outbox.push(...teamsChanged(caller.companyId, [id]));
        return reads.detail(caller, id, trx);
      });
    },

    async renameTeam(caller: CompanyCaller, id: number, body: UpdateTeamBody): Promise<TeamDetail> {
      return unit.run(async (trx, outbox) => {
        await lockGroup(trx, caller, id);
        await changes.updateWorkingGroup(trx, caller.companyId, id, { group_name: body.group_name });
        outbox.push(...teamsChanged(caller.companyId, [id]));
        return reads.detail(caller, id, trx);
      });
    },

    async changeTeamLead(caller: CompanyCaller, id: number, body: ChangeTeamLeadBody): Promise<TeamDetail> {
      return unit.run(async (trx, outbox) => {
        await lockGroup(trx, caller, id);
        await checkLead(trx, caller.companyId, body.group_lead, 'group_lead');
        await changes.updateWorkingGroup(trx, caller.companyId, id, { group_lead_id: body.group_lead });
        outbox.push(...teamsChanged(caller.companyId, [id]));
        return reads.detail(caller, id, trx);
      });
    },

    /** The team named by `working_group` must be the company's: a 400 naming it otherwise (a body value). */
    async createSubgroup(caller: CompanyCaller, body: CreateSubgroupBody): Promise<TeamDetail> {
      return unit.run(async (trx, outbox) => {
        const group = await repository.lockWorkingGroup(trx, caller.companyId, body.working_group);
        if (!group) throw fieldError('working_group', TEAMS_MESSAGES.teamNotFound);
        await checkLead(trx, caller.companyId, body.subgroup_lead, 'subgroup_lead');
        await changes.insertSubgroup(trx, {
          working_group_id: group.id,
          name: body.name ?? '',
          subgroup_lead_id: body.subgroup_lead,
        });
        outbox.push(...teamsChanged(caller.companyId, [group.id]));
        return reads.detail(caller, group.id, trx);
      });
    },

    async changeSubgroupLead(
      caller: CompanyCaller,
      id: number,
      body: ChangeSubgroupLeadBody,
    ): Promise<TeamDetail> {
      return unit.run(async (trx, outbox) => {
        const subgroup = await lockSubgroup(trx, caller, id);
        await checkLead(trx, caller.companyId, body.subgroup_lead, 'subgroup_lead');
        await changes.updateSubgroupLead(trx, caller.companyId, id, body.subgroup_lead);
        outbox.push(...teamsChanged(caller.companyId, [subgroup.working_group_id]));
        return reads.detail(caller, subgroup.working_group_id, trx);
      });
    },

    /**
     * The subgroup's members become exactly `users_id`. Every listed user must be the company's; one who is
     * not a member yet must be an active staff user (a member who left the company may stay listed).
     */
    async changeSubgroupUsers(
      caller: CompanyCaller,
      id: number,
      body: ChangeSubgroupUsersBody,
    ): Promise<TeamDetail> {
      return unit.run(async (trx, outbox) => {
        const companyId = caller.companyId;
        const subgroup = await lockSubgroup(trx, caller, id);
        const current = await members.findSubgroupPeopleIds(trx, companyId, id);
        const users = await members.findCompanyUsers(trx, companyId, body.users_id);
        const byId = new Map(users.map((user) => [user.id, user]));
        const refused = body.users_id.some((userId) => {
          const user = byId.get(userId);
          if (!user) return true;
          return !current.includes(userId) && (user.status !== 'Active' || !isStaffRoleId(user.role));
        });
        if (refused) throw fieldError('users_id', TEAMS_MESSAGES.userNotFound);

        const removed = current.filter((userId) => !body.users_id.includes(userId));
        const team = subgroup.working_group_id;
        const left = await moveMembers(trx, companyId, removed, {
          working_group_id: team,
          subgroup_id: null,
        });
        const joined = await moveMembers(trx, companyId, body.users_id, {
          working_group_id: team,
          subgroup_id: id,
        });
        outbox.push(...teamsChanged(companyId, [team, ...left, ...joined]));
        return reads.detail(caller, team, trx);
      });
    },
  };
}
