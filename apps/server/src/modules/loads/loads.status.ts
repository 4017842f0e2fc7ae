import { accountingWeekOf } from '@app/domain/accounting/accounting.rules';
import type { PayWeek } from '@app/domain/accounting/pay-weeks.rules';
import {
  CANCELED_STATUS,
  DOCUMENTS_REQUIRED_MESSAGE,
  missingDocuments,
  nextStatus,
  prevStatus,
  RESTORED_STATUS,
  TONU_STATUS,
} from '@app/domain/loads/load-lifecycle.rules';
import { loadStatusClass, type LoadStatusClass } from '@app/domain/loads/loads.rules';
import type { Load, LoadCancel, LoadHistoryAction, LoadTonu } from '@app/domain/loads/loads.schema';
import type { LoadStatus } from '../../db/schema';
import type { RowUpdate } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';
import { notFound, refuse } from '../../http/errors';
import type { RealtimeEvent } from '../../realtime/event-bus';
import { companyEvent } from '../../realtime/events';
import type { CompanyCaller } from '../auth/caller';
import { refuseWhen, type ActionOutcome, type LoadChange } from './load-change';
import { activeOrder, listEntryValues, priceChanges } from './load-columns';
import * as filesRepo from './load-files.repository';
import type { HistoryChange } from './load-history';
import { listRoles } from './load-lists';
import * as pointsRepo from './load-points.repository';
import * as loadsRepo from './loads.repository';

// A load's status: one step forward or back, TONU, cancel, restore, and deleting a load. A move into another
// list sets what that list needs (load-columns listEntryValues); a status move notifies the load's dispatcher
// and team, and publishes load_status_change to the roles of the lists before and after the move.

export function createLoadStatusMoves(ctx: LoadChange) {
  const { now, storage, unit, notifications, change, recordHistory, updateLoadsEvent } = ctx;
  const { vehicleStatusEvents, requiredDocumentsTable, priceNotice, boardExit, boardLoadEvent } = ctx;
  const { accounting, payAdjustments } = ctx;

  /**
   * The week a load entering the pay weeks from active is booked into (undefined for other moves): a delivery
   * the week of that moment, a cancellation the week it had (its pick-up's); either the next open week when
   * that one is closed, since a closed week's pay sheets were sent and its payments keep what they paid.
   */
  async function bookedPayWeek(
    trx: Trx,
    companyId: number,
    load: loadsRepo.LockedLoad,
    from: LoadStatusClass,
    to: LoadStatusClass,
    at: Date,
  ): Promise<PayWeek | undefined> {
    if (from !== 'active') return undefined;
    if (to === 'checkout') return accounting.openPayWeekFor(trx, companyId, accountingWeekOf(at));
    const { load_accounting_week: week, load_accounting_year: year } = load;
    if (to !== 'canceled' || week === null || year === null) return undefined;
    return accounting.openPayWeekFor(trx, companyId, { year, week });
  }

  /** Moves the load to `target` with what the move into its list sets; answers the events to publish. */
  async function moveStatus(
    trx: Trx,
    caller: CompanyCaller,
    load: loadsRepo.LockedLoad,
    target: LoadStatus,
    at: Date,
    action: LoadHistoryAction,
    extra: { values?: RowUpdate<'loads'>; changes?: HistoryChange[] } = {},
  ): Promise<RealtimeEvent[]> {
    const from = loadStatusClass(load.status);
    const to = loadStatusClass(target);
    const entersCheckout = from === 'active' && to === 'checkout';
    const bookedWeek = await bookedPayWeek(trx, caller.companyId, load, from, to, at);
    // A load leaving the pay weeks for active (a step back from Delivered, a restore) takes its pay out of
    // its week. A closed week keeps what it paid, so the reversal is an adjustment in the next open week
    // (pay-adjustments.ts, as an edit of a completed load): delivered again, the load is paid once.
    const leavesPayWeeks = from !== 'active' && to === 'active';
    const settlePay = leavesPayWeeks
      ? await payAdjustments.loadPayChanging(trx, {
          companyId: caller.companyId,
          userId: caller.userId,
          loadId: load.id,
        })
      : undefined;
    const values: RowUpdate<'loads'> = {
      ...(from === to ? {} : listEntryValues(from, to, target, at, bookedWeek)),
      ...extra.values,
      status: target,
      updated_at: at,
    };
    await loadsRepo.updateLoad(trx, load.id, values);
    const points = await pointsRepo.findPointsForUpdate(trx, load.id);
    await pointsRepo.setActivePoint(trx, load.id, activeOrder(points, target));
    const vehicleEvents = await vehicleStatusEvents(trx, caller.companyId, [load.vehicle_id], at);
    await recordHistory(trx, caller, load.id, at, [
      { action, field: 'status', before: load.status, after: target },
      ...(extra.changes ?? []),
    ]);
    const accountingStatus =
      values.accounting_status === undefined ? load.accounting_status : values.accounting_status;
    // A load reaching checkout from active gets its payment rows in its accounting week (set above).
    const accountingEvents = entersCheckout
      ? await accounting.loadEnteredCheckout(trx, {
          companyId: caller.companyId,
          loadId: load.id,
          userId: caller.userId,
        })
      : [];
    const payEvents = settlePay ? await settlePay() : [];
    const notices = await notifications.loadStatusChanged(trx, {
      companyId: caller.companyId,
      actorUserId: caller.userId,
      load,
      from: load.status,
      to: target,
      roles: listRoles(to),
    });
    return [
      companyEvent(
        'load_status_change',
        caller.companyId,
        { id: load.id, status: target, old_status: load.status, accounting_status: accountingStatus },
        [...new Set([...listRoles(from), ...listRoles(to)])].sort((a, b) => a - b),
      ),
      updateLoadsEvent(caller.companyId, [load.id], action),
      ...vehicleEvents,
      ...notices,
      ...accountingEvents,
      ...payEvents,
    ];
  }

  /** A status move that also sets the broker and driver prices (TONU, cancel), with the rate notice. */
  async function moveWithPrices(
    trx: Trx,
    caller: CompanyCaller,
    load: loadsRepo.LockedLoad,
    target: LoadStatus,
    at: Date,
    action: 'tonu' | 'cancel',
    prices: { broker_price: number; driver_price: number },
    values: RowUpdate<'loads'> = {},
  ): Promise<ActionOutcome> {
    const after = { broker_price_cents: prices.broker_price, driver_price_cents: prices.driver_price };
    return {
      events: [
        ...(await moveStatus(trx, caller, load, target, at, action, {
          values: { ...values, ...after },
          changes: priceChanges(action, load, prices),
        })),
        ...(await priceNotice(trx, caller, load, after, target)),
      ],
    };
  }

  return {
    /**
     * One step forward. The documents the next status needs (the company's table) must be uploaded first:
     * 409 'Next documents needs to be uploaded before status changing', naming them in `fields`.
     */
    setNextStatus(caller: CompanyCaller, id: number): Promise<Load> {
      return change(caller, id, 'next', async (trx, load, at) => {
        const target = nextStatus(load.status)!;
        const table = await requiredDocumentsTable(trx, caller.companyId);
        const missing = missingDocuments(target, await filesRepo.findFileTypes(trx, id), table);
        if (missing.length > 0) {
          throw refuse('documents_required', DOCUMENTS_REQUIRED_MESSAGE, { missing_documents: missing });
        }
        return { events: await moveStatus(trx, caller, load, target, at, 'status') };
      });
    },

    /** One step back. */
    setPrevStatus(caller: CompanyCaller, id: number): Promise<Load> {
      return change(caller, id, 'prev', async (trx, load, at) => ({
        events: await moveStatus(trx, caller, load, prevStatus(load.status)!, at, 'status'),
      }));
    },

    /** TONU (truck ordered, not used): status 9 with the prices the broker and the driver get. */
    tonu(caller: CompanyCaller, id: number, body: LoadTonu): Promise<Load> {
      return change(caller, id, 'tonu', (trx, load, at) =>
        moveWithPrices(trx, caller, load, TONU_STATUS, at, 'tonu', body),
      );
    },

    /**
     * Cancel: status 12 and payments nullified (broker price 0, the driver's price as given). A board load
     * canceled is withdrawn: it leaves the board (update_loadboard), its driver and owner bids and its
     * active propositions are lost in the same transaction.
     */
    cancel(caller: CompanyCaller, id: number, body: LoadCancel): Promise<Load> {
      return change(caller, id, 'cancel', async (trx, load, at) => {
        const withdrawn = load.board_status === 'posted';
        const prices = { broker_price: 0, driver_price: body.driver_price };
        const outcome = await moveWithPrices(trx, caller, load, CANCELED_STATUS, at, 'cancel', prices, {
          ...(withdrawn ? { board_status: 'withdrawn' as const } : {}),
        });
        if (!withdrawn) return outcome;
        outcome.events.push(
          ...(await boardExit.settleDriverBids(trx, caller.companyId, id, null)),
          ...(await boardExit.loseActivePropositions(trx, caller.companyId, id, at)),
          await boardLoadEvent(trx, caller.companyId, id),
        );
        return outcome;
      });
    },

    /**
     * A canceled load back to Waiting to accept, as it was. A board load that its cancel withdrew goes back
     * on the board (it was never booked, so no active list would show it); the board expiry takes it off
     * again when its pick-up has long passed. Its lost bids stay lost.
     */
    restore(caller: CompanyCaller, id: number): Promise<Load> {
      return change(caller, id, 'restore', async (trx, load, at) => {
        const backOnBoard = load.board_status === 'withdrawn';
        const events = await moveStatus(trx, caller, load, RESTORED_STATUS, at, 'restore', {
          ...(backOnBoard ? { values: { board_status: 'posted' as const } } : {}),
        });
        if (backOnBoard) events.push(await boardLoadEvent(trx, caller.companyId, id));
        return { events };
      });
    },

    /**
     * A load of the company locked in the accounting service's transaction, with its uploaded file types
     * (PUT loads/{id}/update-accounting-status); undefined when none.
     */
    async lockForAccounting(trx: Trx, companyId: number, id: number) {
      const load = await loadsRepo.lockLoad(trx, companyId, id);
      return load ? { load, fileTypes: await filesRepo.findFileTypes(trx, id) } : undefined;
    },

    /**
     * Writes the accounting status the accounting service decided (accounting-status.rules), with its
     * history, in that service's transaction; `completeTo` (10 or 11) also completes a load still in
     * checkout as a status move. Answers the events to publish after commit.
     */
    async setAccountingStatus(
      trx: Trx,
      caller: CompanyCaller,
      load: loadsRepo.LockedLoad,
      change: { accountingStatus: number; completeTo: LoadStatus | null; history: HistoryChange[] },
      at: Date,
    ): Promise<RealtimeEvent[]> {
      const values = { accounting_status: change.accountingStatus };
      if (change.completeTo !== null) {
        return moveStatus(trx, caller, load, change.completeTo, at, 'status', {
          values,
          changes: change.history,
        });
      }
      await loadsRepo.updateLoad(trx, load.id, { ...values, updated_at: at });
      await recordHistory(trx, caller, load.id, at, change.history);
      return [updateLoadsEvent(caller.companyId, [load.id], 'status')];
    },

    /** Deletes the load with its points, files and history; its files leave the storage after commit. */
    async delete(caller: CompanyCaller, id: number): Promise<void> {
      const at = now();
      const paths = await unit.run(async (trx, outbox) => {
        const load = await loadsRepo.lockLoad(trx, caller.companyId, id);
        if (!load) throw notFound();
        refuseWhen(load, 'delete', caller);
        const storagePaths = await filesRepo.findStoragePaths(trx, id);
        await loadsRepo.deleteLoad(trx, id);
        outbox.push(
          updateLoadsEvent(caller.companyId, [id], 'delete'),
          ...(await vehicleStatusEvents(trx, caller.companyId, [load.vehicle_id], at)),
        );
        return storagePaths;
      });
      await Promise.all(paths.map((path) => storage.remove(path).catch(() => undefined)));
    },
  };
}
