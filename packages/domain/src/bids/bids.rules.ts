export type BidStatusClass = 'active' | 'completed';

/** Bid status 1 is active; 2 and 3 are completed. */
export function bidStatusClass(status: number): BidStatusClass {
  return status === 2 || status === 3 ? 'completed' : 'active';
}

/** A driver or owner may bid again this long after a dispatcher forwards them a bid... */
export const BID_LIMIT_AFTER_FORWARD_MINUTES = 15;
/** ...and this long after any other bid of theirs. */
export const BID_LIMIT_BETWEEN_BIDS_MINUTES = 5;

export const BROKER_EMAIL_NOT_AUTHORIZED = 'Your email is not authorized';
