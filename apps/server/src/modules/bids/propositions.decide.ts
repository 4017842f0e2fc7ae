import {
  PROPOSITION_STATUS,
  type BookingResponse,
  type Proposition,
  type PropositionUpdatePrice,
} from '@app/domain/bids/bids.schema';
import { createUnitOfWork, type Trx } from '../../db/unit-of-work';
import { fieldError, notFound, refuse } from '../../http/errors';
import type { RealtimeEvent } from '../../realtime/event-bus';
import type { CompanyCaller } from '../auth/caller';
import type { PropositionsDeps } from './propositions.deps';
import { dispatcherBidEvent, rejectBidEvent } from './propositions.events';
import * as listRepository from './proposition-list.repository';
import * as repository from './propositions.repository';

// The broker's answer and what follows it. A lost bid (3) frees its vehicle (In bid -> Available when it
// has no other active bid) and the board hears reject_bid. A won bid (2) books the load (loads.book.ts):
// the bid's vehicle, driver and prices, status 1 Waiting to accept, off the board; the load's other active
// bids are lost. Booking, by update-bid-status or prepare-for-assign, always locks the load row before any
// bid row, so two bookings of one load queue on the load and the second is refused (409
// load_already_booked) having changed nothing, and no two requests wait on each other's locks.

export const PROPOSITION_NOT_ACTIVE_MESSAGE = 'This bid has already been decided: it is won or lost.';
export const BID_OF_ANOTHER_LOAD_MESSAGE = 'Choose a bid made on this load';

export function createPropositionDecisions(
  deps: PropositionsDeps,
  get: (caller: CompanyCaller, id: number) => Promise<Proposition>,
) {
  const { db, now, loads, vehicles } = deps;
  const unit = createUnitOfWork(deps);

  /** Vehicles of lost bids back to Available, unless still offered in another active bid. */
  async function freeVehicles(trx: Trx, companyId: number, ids: readonly (number | null)[], at: Date) {
    const candidates = [...new Set(ids.filter((id): id is number => id !== null))];
    const stillBid = await repository.findVehiclesInActiveBids(trx, candidates);
    const free = candidates.filter((id) => !stillBid.has(id));
    return vehicles.followBids(trx, companyId, { inBid: [], free }, at);
  }

  /** Books the locked board load with the locked bid; answers the events to publish after commit. */
  async function book(
    trx: Trx,
    caller: CompanyCaller,
    load: Awaited<ReturnType<PropositionsDeps['loads']['lockBoardLoad']>>,
    bid: repository.LockedProposition,
    viaPhone: boolean,
    at: Date,
  ): Promise<RealtimeEvent[]> {
    const events = await loads.bookLockedLoad(
      trx,
      caller,
      load,
      {
        vehicleId: bid.vehicle_id,
        driverId: bid.driver_id,
        brokerPriceCents: bid.price_cents,
        driverPriceCents: bid.driver_price_cents,
        dispatcherId: bid.dispatcher_id,
      },
      at,
    );
    await repository.updateProposition(trx, bid.id, {
      status: PROPOSITION_STATUS.won,
      via_phone: viaPhone || bid.via_phone,
      updated_at: at,
    });
    const losers = await repository.loseOtherPropositions(trx, load.id, bid.id, at);
    events.push(
      ...(await freeVehicles(
        trx,
        caller.companyId,
        losers.map((loser) => loser.vehicle_id).filter((id) => id !== bid.vehicle_id),
        at,
      )),
      await dispatcherBidEvent(trx, caller.companyId, load.id),
    );
    for (const loser of losers) events.push(await rejectBidEvent(trx, caller.companyId, load.id, loser.id));
    return events;
  }

  /** The answer of a booking: the load booked and the winning bid as it is now. */
  async function booked(caller: CompanyCaller, loadId: number, bidId: number): Promise<BookingResponse> {
    const proposition = await get(caller, bidId);
    return { load_id: loadId, load_status: proposition.load.status, proposition };
  }

  /** A won answer: the load (locked first), then the bid, then the booking. */
  async function win(caller: CompanyCaller, id: number, viaPhone: boolean): Promise<BookingResponse> {
    const [found] = await listRepository.findPropositions(db, caller.companyId, [id]);
    if (!found) throw notFound();
    const at = now();
    await unit.run(async (trx, outbox) => {
      const load = await loads.lockBoardLoad(trx, caller, found.load_id);
      const bid = await repository.lockProposition(trx, caller.companyId, id);
      if (!bid) throw notFound();
      if (bid.status !== PROPOSITION_STATUS.active)
        throw refuse('proposition_not_active', PROPOSITION_NOT_ACTIVE_MESSAGE);
      outbox.push(...(await book(trx, caller, load, bid, viaPhone, at)));
    });
    return booked(caller, found.load_id, id);
  }

  async function lose(caller: CompanyCaller, id: number, viaPhone: boolean): Promise<Proposition> {
    const at = now();
    await unit.run(async (trx, outbox) => {
      const bid = await repository.lockProposition(trx, caller.companyId, id);
      if (!bid) throw notFound();
      if (bid.status !== PROPOSITION_STATUS.active)
        throw refuse('proposition_not_active', PROPOSITION_NOT_ACTIVE_MESSAGE);
      await repository.updateProposition(trx, id, {
        status: PROPOSITION_STATUS.lost,
        via_phone: viaPhone,
        updated_at: at,
      });
      outbox.push(
        ...(await freeVehicles(trx, caller.companyId, [bid.vehicle_id], at)),
        await rejectBidEvent(trx, caller.companyId, bid.load_id, id),
      );
    });
    return get(caller, id);
  }

  return {
    /**
     * PUT propositions/{id}/update-bid-status (and -via-phone): 2 won books the load and answers the
     * booking's proposition; 3 lost. Only an active bid is decided (409 proposition_not_active).
     */
    async updateStatus(
      caller: CompanyCaller,
      id: number,
      status: 2 | 3,
      viaPhone: boolean,
    ): Promise<Proposition> {
      if (status === PROPOSITION_STATUS.won) return (await win(caller, id, viaPhone)).proposition;
      return lose(caller, id, viaPhone);
    },

    /** PUT loads/{id}/prepare-for-assign: book the board load with one of its bids (active or won). */
    async prepareForAssign(caller: CompanyCaller, loadId: number, bidId: number): Promise<BookingResponse> {
      const at = now();
      await unit.run(async (trx, outbox) => {
        const load = await loads.lockBoardLoad(trx, caller, loadId);
        const bid = await repository.lockProposition(trx, caller.companyId, bidId);
        if (!bid || bid.load_id !== loadId) throw fieldError('bid', BID_OF_ANOTHER_LOAD_MESSAGE);
        if (bid.status === PROPOSITION_STATUS.lost)
          throw refuse('proposition_not_active', PROPOSITION_NOT_ACTIVE_MESSAGE);
        outbox.push(...(await book(trx, caller, load, bid, false, at)));
      });
      return booked(caller, loadId, bidId);
    },

    /** PUT propositions/{id}/update-price: a new price of an active bid; the board shows it. */
    async updatePrice(caller: CompanyCaller, id: number, body: PropositionUpdatePrice): Promise<Proposition> {
      const at = now();
      await unit.run(async (trx, outbox) => {
        const bid = await repository.lockProposition(trx, caller.companyId, id);
        if (!bid) throw notFound();
        if (bid.status !== PROPOSITION_STATUS.active)
          throw refuse('proposition_not_active', PROPOSITION_NOT_ACTIVE_MESSAGE);
        await repository.updateProposition(trx, id, {
          price_cents: body.price,
          driver_price_cents: body.driver_price ?? bid.driver_price_cents,
          updated_at: at,
        });
        outbox.push(await dispatcherBidEvent(trx, caller.companyId, bid.load_id));
      });
      return get(caller, id);
    },
  };
}
