import type { Db } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';
import type { RealtimeEvent } from '../../realtime/event-bus';
import type { LoadChange } from './load-change';
import { historyRows } from './load-history';
import * as handoverRepo from './load-handover.repository';
import * as historyRepo from './load-history.repository';

// A dismissed dispatcher's open loads (active and checkout) handed to a colleague, asked by the users module
// inside its dismissal's transaction. Each load is changed as PUT loads/{id}/change-responsible changes it:
// the new dispatcher must be a manager or dispatcher of the company who is not fired, the load moves to
// their team, and its history records a change_responsible by the user who dismissed, so the timeline shows
// who took the load over and why it moved. The role rule of that action (admins, managers and dispatchers)
// is not asked: the dismissal's own roles decide who may dismiss, and a dismissed user's loads must not stay
// with nobody because an accountant dismissed them. Completed and canceled loads keep their dispatcher, as
// their history and pay do.

export function createLoadHandover(ctx: LoadChange) {
  const { users, dispatcherOf, updateLoadsEvent } = ctx;

  return {
    /** How many open loads each of these users runs (absent: none). One query. */
    openLoadCounts: (db: Db, companyId: number, userIds: readonly number[]) =>
      handoverRepo.countOpenLoadsByDispatcher(db, companyId, userIds),

    /**
     * Hands every open load of `fromUserId` to `toUserId` in the caller's transaction; answers the loads
     * moved and the events to publish after its commit. `field` names the request field of the colleague
     * (400 on it when they may not run loads).
     */
    async handOverOpenLoads(
      trx: Trx,
      handover: {
        companyId: number;
        actorUserId: number;
        fromUserId: number;
        toUserId: number;
        field: string;
      },
      at: Date,
    ): Promise<{ loadIds: number[]; events: RealtimeEvent[] }> {
      const { companyId, actorUserId, fromUserId, toUserId, field } = handover;
      const loads = await handoverRepo.lockOpenLoadsOfDispatcher(trx, companyId, fromUserId);
      if (loads.length === 0) return { loadIds: [], events: [] };
      const dispatcher = await dispatcherOf(trx, companyId, toUserId, field);
      const names = await users.namesOf(trx, companyId, [fromUserId, dispatcher.id]);
      const named = (userId: number) => ({ id: userId, name: names.get(userId) ?? null });
      const loadIds = loads.map((load) => load.id);
      await handoverRepo.setLoadsDispatcher(trx, companyId, loadIds, {
        dispatcher_id: dispatcher.id,
        working_group_id: dispatcher.working_group_id,
        subgroup_id: dispatcher.subgroup_id,
        updated_at: at,
      });
      await historyRepo.insertHistory(
        trx,
        loadIds.flatMap((loadId) =>
          historyRows(loadId, actorUserId, at, [
            {
              action: 'change_responsible',
              field: 'dispatcher',
              before: named(fromUserId),
              after: named(dispatcher.id),
            },
          ]),
        ),
      );
      return { loadIds, events: [updateLoadsEvent(companyId, loadIds, 'change_responsible')] };
    },
  };
}
