import type { BidLoadEdit } from '@app/domain/bids/bids.schema';
import { loadBodyToFormValues } from '@app/domain/loads/load-form.rules';
import type { Load, LoadActiveUpdate } from '@app/domain/loads/loads.schema';
import type { Trx } from '../../db/unit-of-work';
import { fieldError, notFound, refuse } from '../../http/errors';
import type { RealtimeEvent } from '../../realtime/event-bus';
import { companyEvent } from '../../realtime/events';
import type { CompanyCaller } from '../auth/caller';
import { personName, refuseWhen, type LoadChange } from './load-change';
import { checkForm, formColumns, formFieldsOf, formValues, pointValues } from './load-columns';
import { changedFields, pointSummary, type HistoryChange } from './load-history';
import { LOADS_MESSAGES } from './load-lists';
import * as pointsRepo from './load-points.repository';
import * as loadsRepo from './loads.repository';

// Booking a load board load: it leaves the board and becomes an active load, Waiting to accept (status 1),
// with a vehicle, a driver and prices. Two ways lead here: a won proposition (the bids module, inside its
// own transaction, PUT loads/{id}/prepare-for-assign or a won update-bid-status) and a direct assignment
// of a driver to a board load (PUT loads/active/{id}/change-driver, loads.assign.ts).
//
// One winner: the load row is locked FOR UPDATE before its board status is read, so of two bookings of the
// same load the second waits for the first to commit, then reads 'booked' and is refused with 409
// load_already_booked, changing nothing.
//
// A booking settles the load's pending driver and owner bids in its transaction (won by the booked vehicle,
// lost otherwise); a direct assignment also loses the active propositions, which a won one does itself.

export const LOAD_ALREADY_BOOKED_MESSAGE = 'This load has already been booked.';
export const LOAD_NOT_ON_BOARD_MESSAGE = 'This load is no longer on the load board.';

/** Waiting to accept: where a booked load starts in the active list. */
const BOOKED_STATUS = 1;

export type BookingAssignment = {
  /** null: a driver without a vehicle was assigned. */
  vehicleId: number | null;
  driverId: number | null;
  brokerPriceCents: number;
  /** null keeps the load's driver price. */
  driverPriceCents: number | null;
  /** The responsible dispatcher when the load has none yet. */
  dispatcherId: number | null;
};

/** The refusal of booking a load that is not on the board (409, its own code). */
export function refuseUnlessPosted(load: Pick<loadsRepo.LockedLoad, 'board_status'>): void {
  if (load.board_status === 'posted') return;
  if (load.board_status === 'booked' || load.board_status === null) {
    throw refuse('load_already_booked', LOAD_ALREADY_BOOKED_MESSAGE);
  }
  throw refuse('load_not_on_board', LOAD_NOT_ON_BOARD_MESSAGE);
}

/** update_loadboard: the load left the board (booked); the board drops it from every list. */
export function leftBoardEvent(companyId: number, loadId: number): RealtimeEvent {
  return companyEvent('update_loadboard', companyId, { load: { id: loadId, board_status: 'booked' } });
}

export function createLoadBooking(ctx: LoadChange) {
  const { vehicles, drivers, recordHistory, updateLoadsEvent, vehicleStatusEvents, driverOf } = ctx;
  const { change, brokerOf } = ctx;

  /**
   * Writes the booking of a locked board load: status 1, board status 'booked', the vehicle, driver and
   * prices, an accounting number when it had none, its history; answers the events to publish after commit
   * (update_loads, update_loadboard, the vehicles' car_status_change and the settled bidders'
   * driver_portal_update).
   */
  async function writeBooking(
    trx: Trx,
    caller: CompanyCaller,
    load: loadsRepo.LockedLoad,
    assignment: BookingAssignment,
    at: Date,
  ): Promise<RealtimeEvent[]> {
    const driverPrice = assignment.driverPriceCents ?? load.driver_price_cents;
    const number =
      load.load_accounting_number ?? (await loadsRepo.nextAccountingNumber(trx, caller.companyId));
    const changes: HistoryChange[] = [];
    if (assignment.driverId !== load.driver_id && assignment.driverId !== null) {
      const driver = await drivers.nameAndPhone(trx, caller.companyId, assignment.driverId);
      changes.push({
        action: 'change_driver',
        field: 'driver',
        before: null,
        after: { id: assignment.driverId, name: personName(driver) },
      });
    }
    if (assignment.vehicleId !== null && assignment.vehicleId !== load.vehicle_id) {
      const names = await vehicles.unitIds(trx, caller.companyId, [assignment.vehicleId]);
      changes.push({
        action: 'change_vehicle',
        field: 'car',
        before: null,
        after: { id: assignment.vehicleId, unit_id: names.get(assignment.vehicleId) ?? null },
      });
    }
    if (assignment.brokerPriceCents !== load.broker_price_cents || driverPrice !== load.driver_price_cents) {
      changes.push({
        action: 'change_price',
        field: 'prices',
        before: { broker_price: load.broker_price_cents / 100, driver_price: load.driver_price_cents / 100 },
        after: { broker_price: assignment.brokerPriceCents / 100, driver_price: driverPrice / 100 },
      });
    }
    const team =
      load.dispatcher_id === null && assignment.dispatcherId !== null
        ? await ctx.team(trx, caller.companyId, assignment.dispatcherId)
        : null;
    await loadsRepo.updateLoad(trx, load.id, {
      status: BOOKED_STATUS,
      board_status: 'booked',
      vehicle_id: assignment.vehicleId,
      driver_id: assignment.driverId,
      broker_price_cents: assignment.brokerPriceCents,
      driver_price_cents: driverPrice,
      load_accounting_number: number,
      ...(team
        ? {
            dispatcher_id: assignment.dispatcherId,
            working_group_id: team.working_group_id,
            subgroup_id: team.subgroup_id,
          }
        : {}),
      updated_at: at,
    });
    await recordHistory(trx, caller, load.id, at, changes);
    return [
      updateLoadsEvent(caller.companyId, [load.id], 'change_driver'),
      leftBoardEvent(caller.companyId, load.id),
      ...(await vehicleStatusEvents(trx, caller.companyId, [load.vehicle_id, assignment.vehicleId], at)),
      // Every booking settles the driver and owner bids: the booked vehicle's win, the others lose.
      ...(await ctx.boardExit.settleDriverBids(trx, caller.companyId, load.id, assignment.vehicleId)),
    ];
  }

  return {
    /**
     * Locks a board load of the caller's company for booking, inside the caller's transaction: 404 when the
     * company has no such load, 403 when the role may not assign, 409 load_already_booked (or
     * load_not_on_board when it was withdrawn or expired) when it is not on the board.
     */
    async lockBoardLoad(trx: Trx, caller: CompanyCaller, id: number): Promise<loadsRepo.LockedLoad> {
      const load = await loadsRepo.lockLoad(trx, caller.companyId, id);
      if (!load) throw notFound();
      refuseWhen(load, 'change_driver', caller);
      refuseUnlessPosted(load);
      return load;
    },

    /** Books a board load locked by lockBoardLoad (see writeBooking). The driver must take loads. */
    async bookLockedLoad(
      trx: Trx,
      caller: CompanyCaller,
      load: loadsRepo.LockedLoad,
      assignment: BookingAssignment,
      at: Date,
    ): Promise<RealtimeEvent[]> {
      if (assignment.driverId !== null) await driverOf(trx, caller.companyId, assignment.driverId, 'driver');
      return writeBooking(trx, caller, load, assignment, at);
    },

    writeBooking,

    /** 409 load_already_booked or load_not_on_board unless the load is on the board (a bid's check). */
    refuseUnlessPosted,

    /**
     * PUT loads/bided/{id}/edit: the load form of a board load (the form's update-bid call), checked as a
     * bid load. Only what differs is written, with its history; the board and the bid pages hear of it
     * (update_loadboard, update_loads). A load that left the board answers 409 as a booking would.
     */
    editBoardLoad(caller: CompanyCaller, id: number, body: BidLoadEdit): Promise<Load> {
      return change(caller, id, 'edit', async (trx, load, at) => {
        refuseUnlessPosted(load);
        const accountingBroker = await brokerOf(
          trx,
          caller.companyId,
          body.accounting_broker_company,
          'accounting_broker_company',
        );
        // The form's rules read the accounting broker from `accountingBroker` and take an empty reference as
        // none, so the board load's optional ones pass as the active form's shape.
        const formBody: LoadActiveUpdate = {
          ...body,
          accounting_broker_company: body.accounting_broker_company ?? 0,
          rateconf_ref: body.rateconf_ref ?? '',
        };
        checkForm(loadBodyToFormValues(formBody, accountingBroker), 'bid', at);
        const saved = await pointsRepo.findPointsForUpdate(trx, id);
        body.points.forEach((point, index) => {
          if (point.id !== undefined && !saved.some((candidate) => candidate.id === point.id)) {
            throw fieldError(`points.${index}.id`, LOADS_MESSAGES.unknownPoint);
          }
        });
        const points = pointValues(body.points, load.status);
        const values = { ...formValues(formBody), rateconf_ref: body.rateconf_ref };
        const changes = changedFields(
          'edit',
          formFieldsOf(load),
          formFieldsOf({ accounting_broker_company_id: body.accounting_broker_company, ...values }),
        );
        const pointsBefore = saved.map(pointSummary);
        const pointsAfter = points.map(pointSummary);
        if (JSON.stringify(pointsBefore) !== JSON.stringify(pointsAfter)) {
          changes.push({ action: 'edit', field: 'points', before: pointsBefore, after: pointsAfter });
        }
        if (changes.length === 0) return { events: [] };
        await loadsRepo.updateLoad(trx, id, {
          accounting_broker_company_id: body.accounting_broker_company,
          ...formColumns(formBody, points),
          rateconf_ref: body.rateconf_ref,
          updated_at: at,
        });
        await pointsRepo.replacePoints(trx, id, points);
        await recordHistory(trx, caller, id, at, changes);
        return {
          events: [
            updateLoadsEvent(caller.companyId, [id], 'edit'),
            companyEvent('update_loadboard', caller.companyId, { load: { id, board_status: 'posted' } }),
          ],
        };
      });
    },
  };
}

export type LoadBooking = ReturnType<typeof createLoadBooking>;
