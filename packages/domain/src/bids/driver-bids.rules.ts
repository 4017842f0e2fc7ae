import { ROLES, type RoleId } from '../common/lookups';
import { menuRoles } from '../shell/menu.rules';
import { BID_LIMIT_AFTER_FORWARD_MINUTES, BID_LIMIT_BETWEEN_BIDS_MINUTES } from './bids.rules';

// Driver and owner bids on the load board: a dispatcher forwards a board load to chosen vehicles, the
// vehicle's active driver and its owner see it on their page (/driver/) and bid a price and an ETA.

/** Who forwards board loads to vehicles, reads and rejects driver bids: the roles of My bids. */
export const DRIVER_BID_ROLES = menuRoles('myBids');
/** Who uses the driver page: drivers and temporary drivers; an owner signs in as a driver (role 10). */
export const DRIVER_PORTAL_ROLES = [ROLES.driver, ROLES.temporaryDriver] as const satisfies readonly RoleId[];
/** Who sends a driver or an owner an invitation from their card: admins, managers, dispatchers and HR. */
export const INVITATION_ROLES = [
  ROLES.admin,
  ROLES.manager,
  ROLES.dispatcher,
  ROLES.hr,
] as const satisfies readonly RoleId[];
/** The role the invited driver or owner signs in with. */
export const INVITED_USER_ROLE = ROLES.driver;

/** An invitation link works this long after it is sent, once. */
export const INVITATION_VALID_DAYS = 7;

/** Whether the user belongs on the driver page rather than in the staff shell. */
export function isDriverPortalRole(role: number | null | undefined): boolean {
  return (DRIVER_PORTAL_ROLES as readonly number[]).includes(role ?? -1);
}

/** The spec's company text of the limit, and the texts of the other refusals (the `detail` of each). */
export const DRIVER_BID_MESSAGES = {
  bidLimit:
    'Driver and owner bid limit: 15 minutes after a dispatcher forwards a bid, 5 minutes between other bids.',
  offBoard: 'This load is no longer on the load board.',
  notForwarded: 'This load was not forwarded to this vehicle.',
  noDriverOrOwner: 'The vehicle has no active driver and no owner.',
  notPending: 'Only a pending bid can be rejected.',
  reasonRequired: 'Enter the reason',
  priceRequired: 'Must be more than $0',
  etaInvalid: 'Must be a number of minutes from 0 to 7 days',
  invitationExpired: 'This invitation has expired. Ask your dispatcher to send a new one.',
  invitationUsed: 'This invitation has already been used. Sign in with your e-mail and password.',
  invitationEmailTaken:
    'A user with this e-mail already exists. Sign in, or ask for an invitation to another e-mail.',
  invitationHasSignIn: 'This person already has a sign-in.',
  invitationEmailMissing: 'Enter the e-mail to send the invitation to.',
} as const;

/** The limit that holds a bid back: the 15 minutes after a forward, or the 5 minutes since the last bid. */
export type BidLimit = 'after_forward' | 'between_bids';

export type BidWait = { limit: BidLimit; seconds_left: number; available_at: Date };

const MINUTE = 60_000;

/**
 * When a driver or owner may bid on a load forwarded to their vehicle (the spec: "15 minutes after a
 * dispatcher forwards a bid, 5 minutes between other bids"), counted per bidder and load:
 * - the first bid after a forward is always accepted: the dispatcher asked for it (a forward again later
 *   asks again);
 * - a further bid within 15 minutes of the forward is refused until those 15 minutes have passed;
 * - after that, a further bid must come at least 5 minutes after the bidder's previous bid on the load.
 * A further bid changes the bidder's pending bid (or places a new one when the last was rejected or lost).
 * `forwardedAt`: the last forward of the load to the bidder's vehicle; `lastBidAt`: when the bidder last
 * placed or changed a bid on the load (null: never). Answers null when the bid may be placed now.
 */
export function bidWait(forwardedAt: Date, lastBidAt: Date | null, now: Date): BidWait | null {
  if (lastBidAt === null || lastBidAt.getTime() < forwardedAt.getTime()) return null;
  const afterForward = forwardedAt.getTime() + BID_LIMIT_AFTER_FORWARD_MINUTES * MINUTE;
  const betweenBids = lastBidAt.getTime() + BID_LIMIT_BETWEEN_BIDS_MINUTES * MINUTE;
  const limit: BidLimit = afterForward >= betweenBids ? 'after_forward' : 'between_bids';
  const until = Math.max(afterForward, betweenBids);
  if (until <= now.getTime()) return null;
  return { limit, seconds_left: Math.ceil((until - now.getTime()) / 1000), available_at: new Date(until) };
}

/** Minutes and seconds of a wait, as the driver page shows it ("4:05"). */
export function formatWait(secondsLeft: number): string {
  const seconds = Math.max(0, Math.ceil(secondsLeft));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** What a bidder sees of a bid: 1 pending, 2 won, 3 lost, or 3 with a reason: rejected. */
export type DriverBidState = 'pending' | 'won' | 'lost' | 'rejected';

export function driverBidState(bid: { status: number; rejected_at: Date | string | null }): DriverBidState {
  if (bid.status === 1) return 'pending';
  if (bid.status === 2) return 'won';
  return bid.rejected_at === null ? 'lost' : 'rejected';
}

/** Why a vehicle gets no forwarded load: loads are forbidden for both, or it has neither a driver nor an owner. */
export type ForwardSkipReason = 'not_active' | 'no_driver_or_owner';

/**
 * Who of a vehicle sees a forwarded load: the active driver when the unit allows loads for the driver, the
 * owner when it allows them for the owner. A vehicle whose driver and owner see nothing is skipped, with
 * the spec's not-active reason when the switches forbid it.
 */
export function forwardAudience(vehicle: {
  active_driver_id: number | null;
  owner_id: number | null;
  loads_allowed_for_driver: boolean;
  loads_allowed_for_owner: boolean;
}): { driver_sees: boolean; owner_sees: boolean; skip: ForwardSkipReason | null } {
  const driverSees = vehicle.active_driver_id !== null && vehicle.loads_allowed_for_driver;
  const ownerSees = vehicle.owner_id !== null && vehicle.loads_allowed_for_owner;
  if (driverSees || ownerSees) return { driver_sees: driverSees, owner_sees: ownerSees, skip: null };
  const forbidden =
    (vehicle.active_driver_id !== null && !vehicle.loads_allowed_for_driver) ||
    (vehicle.owner_id !== null && !vehicle.loads_allowed_for_owner);
  return { driver_sees: false, owner_sees: false, skip: forbidden ? 'not_active' : 'no_driver_or_owner' };
}
