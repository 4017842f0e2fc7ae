import type { PropositionsDeps } from './propositions.deps';
import { createPropositionDecisions } from './propositions.decide';
import { createPropositionPlacing } from './propositions.place';
import { createPropositionReads } from './propositions.reads';

// Propositions: a dispatcher's bid to the broker of a load board load, e-mailed from the company's template
// (bids of kind 'dispatcher'). Roles: the My bids entry's (PROPOSITION_ROLES, checked by the routes). Files:
//   propositions.place.ts   POST propositions/create: the bid, the vehicle In bid, the e-mail after commit
//   propositions.decide.ts  price, won (books the load, loads.book.ts) or lost, prepare-for-assign
//   propositions.reads.ts   the lists, one proposition, the vehicles that could carry its load
//   propositions.events.ts  dispatcher_bid and reject_bid as the board reads them
// Every change runs in one unit of work; its events go out after commit.

export type PropositionsService = ReturnType<typeof createPropositionsService>;

export function createPropositionsService(deps: PropositionsDeps) {
  const reads = createPropositionReads(deps);
  return {
    ...reads,
    ...createPropositionPlacing(deps, reads.get),
    ...createPropositionDecisions(deps, reads.get),
    /** PUT loads/bided/{id}/edit: the load form of the board load a bid was made on (the loads service's). */
    editBidLoad: deps.loads.editBoardLoad,
  };
}
