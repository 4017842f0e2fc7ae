import { holdsWork } from '@app/domain/teams/teams.rules';
import { TEAMS_MESSAGES } from '@app/domain/teams/teams.schema';
import { createUnitOfWork } from '../../db/unit-of-work';
import { fieldError, notFound, refuse } from '../../http/errors';
import type { CompanyCaller } from '../auth/caller';
import * as changes from './team-changes.repository';
import * as members from './team-members.repository';
import { moveMembers, teamsChanged } from './team-membership';
import type { TeamsDeps } from './teams.deps';
import * as repository from './teams.repository';

// Deleting a team or a subgroup never leaves work without a team. What a team holds: its open loads
// (active and checkout lists), its vehicles and its people (user rows, member rows, subgroup members); a
// subgroup holds its open loads and members (vehicles belong to teams only). With any of them and no
// `move_to` (a query parameter: DELETE bodies are dropped by some clients and proxies) the delete is
// refused, 409 team_not_empty / subgroup_not_empty with the counts in `fields`, so the page can ask where
// they go. With `move_to` (another team, or subgroup, of the company; 400 naming it otherwise) every load
// (history and board loads too, so the books and the team filters keep them together), vehicle and person
// moves there, and the team or subgroup is deleted, all in one transaction: a failure changes nothing.
//
// Without `move_to`, a team with only completed or canceled loads is deleted and those loads keep their
// history with no team (the key sets it null), as any report of them by dispatcher still reads.

export function createTeamDeletes(deps: TeamsDeps) {
  const { loads, vehicles } = deps;
  const unit = createUnitOfWork(deps);

  return {
    async removeTeam(
      caller: CompanyCaller,
      id: number,
      moveTo: number | undefined,
    ): Promise<{ detail: string }> {
      return unit.run(async (trx, outbox) => {
        const companyId = caller.companyId;
        const group = await repository.lockWorkingGroup(trx, companyId, id);
        if (!group) throw notFound();
        if (moveTo === id) throw fieldError('move_to', TEAMS_MESSAGES.moveToSame);
        const target =
          moveTo === undefined ? undefined : await repository.lockWorkingGroup(trx, companyId, moveTo);
        if (moveTo !== undefined && !target) throw fieldError('move_to', TEAMS_MESSAGES.teamNotFound);

        const [openLoads, vehicleCount, people] = await Promise.all([
          loads.openLoadsOf(trx, companyId, { kind: 'team', id }),
          vehicles.vehiclesOfTeam(trx, companyId, id),
          members.findTeamPeopleIds(trx, companyId, id),
        ]);
        if (target) {
          outbox.push(
            ...(await loads.moveToTeam(
              trx,
              companyId,
              { kind: 'team', id },
              { working_group_id: target.id, subgroup_id: null },
            )),
            ...(await vehicles.moveToTeam(trx, companyId, id, target.id)),
          );
          await moveMembers(trx, companyId, people, { working_group_id: target.id, subgroup_id: null });
        } else if (holdsWork({ loads: openLoads, vehicles: vehicleCount, users: people.length })) {
          throw refuse('team_not_empty', TEAMS_MESSAGES.teamNotEmpty, {
            loads: [String(openLoads)],
            vehicles: [String(vehicleCount)],
            users: [String(people.length)],
          });
        }
        await changes.deleteWorkingGroup(trx, companyId, id);
        outbox.unshift(...teamsChanged(companyId, [id, ...(target ? [target.id] : [])]));
        return { detail: 'Deleted.' };
      });
    },

    async removeSubgroup(
      caller: CompanyCaller,
      id: number,
      moveTo: number | undefined,
    ): Promise<{ detail: string }> {
      return unit.run(async (trx, outbox) => {
        const companyId = caller.companyId;
        const subgroup = await repository.lockSubgroup(trx, companyId, id);
        if (!subgroup) throw notFound();
        if (moveTo === id) throw fieldError('move_to', TEAMS_MESSAGES.moveToSameSubgroup);
        const target =
          moveTo === undefined ? undefined : await repository.lockSubgroup(trx, companyId, moveTo);
        if (moveTo !== undefined && !target) throw fieldError('move_to', TEAMS_MESSAGES.subgroupNotFound);

        const [openLoads, people] = await Promise.all([
          loads.openLoadsOf(trx, companyId, { kind: 'subgroup', id }),
          members.findSubgroupPeopleIds(trx, companyId, id),
        ]);
        const teams = [subgroup.working_group_id];
        if (target) {
          const to = { working_group_id: target.working_group_id, subgroup_id: target.id };
          outbox.push(...(await loads.moveToTeam(trx, companyId, { kind: 'subgroup', id }, to)));
          teams.push(...(await moveMembers(trx, companyId, people, to)));
        } else if (holdsWork({ loads: openLoads, users: people.length })) {
          throw refuse('subgroup_not_empty', TEAMS_MESSAGES.subgroupNotEmpty, {
            loads: [String(openLoads)],
            users: [String(people.length)],
          });
        }
        await changes.deleteSubgroup(trx, companyId, id);
        outbox.unshift(...teamsChanged(companyId, teams));
        return { detail: 'Deleted.' };
      });
    },
  };
}
