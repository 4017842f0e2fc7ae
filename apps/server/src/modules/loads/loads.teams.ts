import type { Db } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';
import type { RealtimeEvent } from '../../realtime/event-bus';
import { companyEvent } from '../../realtime/events';
import * as teamsRepo from './load-teams.repository';

// What the teams module asks of loads: how many open loads each team holds, and moving a deleted team's or
// subgroup's loads to another inside the teams module's transaction. A move is not a change of any one
// load's content, so it writes no load history; the load lists hear of the moved open loads (update_loads
// 'edit') after the commit.

export type { LoadTeamScope } from './load-teams.repository';

export function createLoadTeams(ctx: { db: Db }) {
  const { db } = ctx;
  return {
    /** Open loads (active and checkout lists) by team id. */
    openLoadsByTeam: (companyId: number) => teamsRepo.countOpenLoadsByTeam(db, companyId),

    /** Open loads of one team or subgroup, read in the caller's transaction. */
    openLoadsOf: (trx: Db, companyId: number, scope: teamsRepo.LoadTeamScope) =>
      teamsRepo.countOpenLoads(trx, companyId, scope),

    /** Every load of a team or subgroup moves to `to`; answers the events for after the caller's commit. */
    async moveToTeam(
      trx: Trx,
      companyId: number,
      from: teamsRepo.LoadTeamScope,
      to: { working_group_id: number; subgroup_id: number | null },
    ): Promise<RealtimeEvent[]> {
      const openIds = await teamsRepo.moveLoads(trx, companyId, from, to);
      return openIds.length === 0
        ? []
        : [companyEvent('update_loads', companyId, { ids: openIds, action: 'edit' })];
    },
  };
}
