import { centsToAmount } from '@app/domain/common/money';
import type { Db } from '../../db/types';
import type { RealtimeEvent } from '../../realtime/event-bus';
import { companyEvent } from '../../realtime/events';
import * as repository from './propositions.repository';

// The board hears of propositions through the spec's events (to the company's load board roles):
//   dispatcher_bid { load_id, dispatcher_bids, dispatcher_bids_count }   a bid placed, repriced or won
//   reject_bid     { ...the same, bid_id }                              a bid lost
// dispatcher_bids holds the load's first bid not lost (lowest id), as the board list shows one; the count
// is of the bids not lost.

async function boardBids(trx: Db, loadId: number) {
  const { first, count } = await repository.findBoardBids(trx, loadId);
  const bids = first
    ? [
        {
          id: first.id,
          status: first.status,
          price: centsToAmount(first.price_cents),
          vehicle: first.vehicle_id === null ? null : { id: first.vehicle_id, unit_id: first.unit_id },
          dispatcher:
            first.dispatcher_id === null
              ? null
              : { id: first.dispatcher_id, first_name: first.first_name, last_name: first.last_name },
        },
      ]
    : [];
  return { load_id: loadId, dispatcher_bids: bids, dispatcher_bids_count: count };
}

export async function dispatcherBidEvent(trx: Db, companyId: number, loadId: number): Promise<RealtimeEvent> {
  return companyEvent('dispatcher_bid', companyId, await boardBids(trx, loadId));
}

export async function rejectBidEvent(
  trx: Db,
  companyId: number,
  loadId: number,
  bidId: number,
): Promise<RealtimeEvent> {
  return companyEvent('reject_bid', companyId, { ...(await boardBids(trx, loadId)), bid_id: bidId });
}
