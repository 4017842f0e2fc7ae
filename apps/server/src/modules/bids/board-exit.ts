import type { Trx } from '../../db/unit-of-work';
import type { RealtimeEvent } from '../../realtime/event-bus';
import type { VehiclesService } from '../units/vehicles.service';
import { dispatcherBidEvent, rejectBidEvent } from './propositions.events';
import * as repository from './propositions.repository';

// A board load that leaves the board without a won proposition (a driver assigned to it directly, or the
// load withdrawn) loses every proposition still active on it, as the other bids of a won one are lost
// (propositions.decide.ts): their vehicles go back to Available unless offered in another active bid, and
// the board hears dispatcher_bid and a reject_bid per lost bid. The loads module runs this inside its own
// transaction through an injected dependency (app.ts), so that it never imports the bids module.

/** No proposition wins: this id is never a bid's, so every active proposition of the load is lost. */
const NO_WINNER = 0;

export async function loseActivePropositions(
  vehicles: Pick<VehiclesService, 'followBids'>,
  trx: Trx,
  companyId: number,
  loadId: number,
  at: Date,
): Promise<RealtimeEvent[]> {
  const losers = await repository.loseOtherPropositions(trx, loadId, NO_WINNER, at);
  if (losers.length === 0) return [];
  const candidates = [...new Set(losers.map((loser) => loser.vehicle_id).filter((id) => id !== null))];
  const stillBid = await repository.findVehiclesInActiveBids(trx, candidates);
  const events = await vehicles.followBids(
    trx,
    companyId,
    { inBid: [], free: candidates.filter((id) => !stillBid.has(id)) },
    at,
  );
  events.push(await dispatcherBidEvent(trx, companyId, loadId));
  for (const loser of losers) events.push(await rejectBidEvent(trx, companyId, loadId, loser.id));
  return events;
}
