/**
 * Bids of a demo company: dispatchers' offers to brokers (active ones from the units In bid on loads that
 * wait to be accepted, won ones behind the loads the fleet is running, lost ones) and a few drivers' bids.
 * Planned in memory by position in the load and fleet plans, like the loads themselves.
 */
import { routeDistanceMiles, transitTimeHours, type GeoPoint } from '@app/domain/geo/geo.rules';
import { DRIVER_BID_REJECTION_REASONS } from './content';
import { addHours, addMinutes, earliest, roundToQuarterHour, truncateToMinute } from './dates';
import type { CompanySpec } from './demo-companies';
import type { FleetPlan } from './fleet-plan';
import type { LoadPlan, VehicleState } from './load-plan';
import type { Random } from './random';
import type { SeededUser } from './seeded-records';

export type BidPlan = {
  loadIndex: number;
  kind: 'dispatcher' | 'driver';
  status: 1 | 2 | 3;
  vehicleIndex: number;
  driverIndex: number | null;
  dispatcher: SeededUser;
  priceCents: number;
  driverPriceCents: number;
  milesOut: number;
  etaAt: Date;
  emailTo: string | null;
  emailSubject: string | null;
  message: string;
  forwardedAt: Date | null;
  rejectedReason: string | null;
  rejectedBy: SeededUser | null;
  rejectedAt: Date | null;
  createdAt: Date;
};

type Context = {
  random: Random;
  now: Date;
  fleet: FleetPlan;
  vehicleStates: VehicleState[];
  loads: LoadPlan[];
};

export function planBids(context: Context, counts: CompanySpec['bids']): BidPlan[] {
  const { loads, vehicleStates } = context;
  const indexesWhere = <T>(items: T[], test: (item: T) => boolean) =>
    items.flatMap((item, index) => (test(item) ? [index] : []));
  const waiting = indexesWhere(loads, (load) => load.status === 1);
  const inBid = indexesWhere(vehicleStates, (state) => state.status === 4);
  const idle = indexesWhere(vehicleStates, (state) => state.status === 1 || state.status === 2);
  const available = indexesWhere(vehicleStates, (state) => state.status === 1);
  const running = indexesWhere(
    loads,
    (load) => load.vehicleIndex !== null && load.status >= 2 && load.status <= 8,
  ).sort((a, b) => loads[b]!.createdAt.getTime() - loads[a]!.createdAt.getTime());
  const canceledUnassigned = indexesWhere(loads, (load) => load.status === 12 && load.vehicleIndex === null);

  const bids: BidPlan[] = [];
  const taken = new Set<string>();
  const nearestFree = (vehicleIndex: number, candidates: number[]): number | undefined => {
    const here = vehicleStates[vehicleIndex]!.location;
    return candidates
      .filter((loadIndex) => !taken.has(`${loadIndex}:${vehicleIndex}`))
      .sort((a, b) => deadhead(here, loads[a]!) - deadhead(here, loads[b]!))[0];
  };
  const add = (bid: BidPlan) => {
    taken.add(`${bid.loadIndex}:${bid.vehicleIndex}`);
    bids.push(bid);
  };

  // Active offers: each unit In bid offers itself for the nearest waiting loads.
  const bidders = inBid.length > 0 ? inBid : idle;
  for (let index = 0; index < counts.active && bidders.length > 0; index++) {
    const vehicleIndex = bidders[index % bidders.length]!;
    const loadIndex = nearestFree(vehicleIndex, waiting);
    if (loadIndex !== undefined) add(dispatcherBid(context, loadIndex, vehicleIndex, 1));
  }

  // Won offers: the bids behind the most recent loads the fleet booked.
  for (const loadIndex of running.slice(0, counts.won)) {
    add(dispatcherBid(context, loadIndex, loads[loadIndex]!.vehicleIndex!, 2));
  }

  // Lost offers: on loads that were canceled before anyone got them, then on loads still waiting.
  const lostOn = [...canceledUnassigned, ...waiting];
  for (let index = 0; index < counts.lost && idle.length > 0 && lostOn.length > 0; index++) {
    const vehicleIndex = idle[index % idle.length]!;
    const loadIndex = nearestFree(vehicleIndex, lostOn);
    if (loadIndex !== undefined) add(dispatcherBid(context, loadIndex, vehicleIndex, 3));
  }

  // Drivers' bids: half still open, one forwarded and won, the rest rejected by the dispatcher.
  const driverBidders = available.length > 0 ? available : idle;
  for (let index = 0; index < counts.driver && driverBidders.length > 0; index++) {
    const status = index < Math.ceil(counts.driver / 2) ? 1 : index === Math.ceil(counts.driver / 2) ? 2 : 3;
    if (status === 2 && running.length > counts.won) {
      const loadIndex = running[counts.won]!;
      add(driverBid(context, loadIndex, loads[loadIndex]!.vehicleIndex!, 2));
      continue;
    }
    const vehicleIndex = driverBidders[index % driverBidders.length]!;
    const loadIndex = nearestFree(vehicleIndex, waiting);
    if (loadIndex !== undefined) add(driverBid(context, loadIndex, vehicleIndex, status === 2 ? 1 : status));
  }
  return bids;
}

/** Miles from a unit to the pick-up; a unit in the same town is still a mile or more away. */
function deadhead(from: GeoPoint, load: LoadPlan): number {
  return Math.max(1, routeDistanceMiles([from, load.points[0]!]));
}

function describeLane(load: LoadPlan): string {
  const pickUp = load.points[0]!.city;
  const delivery = load.points[load.points.length - 1]!.city;
  return `${pickUp.city}, ${pickUp.state} - ${delivery.city}, ${delivery.state}`;
}

function dollars(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US')}`;
}

/** When the bid was sent: soon after the load came in, never after the load was closed or now. */
function bidTime(random: Random, load: LoadPlan, now: Date, minutes: [number, number]): Date {
  const closedAt = load.canceledAt ?? now;
  return truncateToMinute(
    earliest(addMinutes(load.createdAt, random.int(...minutes)), addMinutes(closedAt, -1)),
  );
}

function dispatcherBid(
  context: Context,
  loadIndex: number,
  vehicleIndex: number,
  status: 1 | 2 | 3,
): BidPlan {
  const { random, now, fleet, vehicleStates } = context;
  const load = context.loads[loadIndex]!;
  const vehicle = fleet.vehicles[vehicleIndex]!;
  // An open offer starts from where the unit is now; for older ones the deadhead is what it was then.
  const milesOut = status === 1 ? deadhead(vehicleStates[vehicleIndex]!.location, load) : random.int(5, 140);
  const createdAt = status === 2 ? bidTime(random, load, now, [2, 8]) : bidTime(random, load, now, [5, 90]);
  const markUp = status === 2 ? 1 : status === 3 ? random.float(1.1, 1.25) : random.float(1, 1.12);
  const priceCents = Math.round((load.offeredPriceCents * markUp) / 2500) * 2500;
  const driverPriceCents = Math.round((priceCents * random.float(0.8, 0.88)) / 500) * 500;
  const etaAt = roundToQuarterHour(
    addHours(status === 1 ? now : createdAt, transitTimeHours(milesOut) + 0.25),
  );
  const dims = `${vehicle.length_in}x${vehicle.width_in}x${vehicle.height_in} in`;
  return {
    loadIndex,
    kind: 'dispatcher',
    status,
    vehicleIndex,
    driverIndex: status === 2 ? load.driverIndex : vehicle.activeDriverIndex,
    dispatcher: vehicle.dispatcher,
    priceCents,
    driverPriceCents,
    milesOut,
    etaAt,
    emailTo: load.contact.email,
    emailSubject: `Re: ${load.vehicleType} load ${describeLane(load)}`,
    message:
      `Hello ${load.contact.first_name}, we have a ${vehicle.transport_type.toLowerCase()} ${milesOut} miles out, ` +
      `can be at the pick-up in ${Math.max(1, Math.round(transitTimeHours(milesOut)))} h. Dims ${dims}, payload ` +
      `${vehicle.payload_lbs.toLocaleString('en-US')} lbs. Rate ${dollars(priceCents)}. ` +
      `${vehicle.dispatcher.first_name} ${vehicle.dispatcher.last_name}, unit ${vehicle.unit_id}`,
    forwardedAt: null,
    rejectedReason: null,
    rejectedBy: null,
    rejectedAt: null,
    createdAt,
  };
}

function driverBid(context: Context, loadIndex: number, vehicleIndex: number, status: 1 | 2 | 3): BidPlan {
  const { random, now, fleet, vehicleStates } = context;
  const load = context.loads[loadIndex]!;
  const vehicle = fleet.vehicles[vehicleIndex]!;
  const milesOut = status === 2 ? random.int(5, 90) : deadhead(vehicleStates[vehicleIndex]!.location, load);
  const createdAt = bidTime(random, load, now, status === 2 ? [2, 8] : [5, 90]);
  const priceCents =
    status === 2
      ? load.driverPriceCents
      : Math.round((load.driverPriceCents * random.float(0.95, 1.1)) / 500) * 500;
  const hours = Math.max(1, Math.round(transitTimeHours(milesOut)));
  const rejectedAt =
    status === 3
      ? truncateToMinute(earliest(addMinutes(createdAt, random.int(5, 40)), addMinutes(now, -1)))
      : null;
  return {
    loadIndex,
    kind: 'driver',
    status,
    vehicleIndex,
    driverIndex: status === 2 ? load.driverIndex : vehicle.activeDriverIndex,
    dispatcher: vehicle.dispatcher,
    priceCents,
    driverPriceCents: priceCents,
    milesOut,
    etaAt: roundToQuarterHour(addHours(status === 1 ? now : createdAt, transitTimeHours(milesOut) + 0.25)),
    emailTo: null,
    emailSubject: null,
    message: `Can be at the pick-up in ${hours} h, ${milesOut} miles out. Asking ${dollars(priceCents)}.`,
    forwardedAt: status === 2 ? addMinutes(createdAt, 1) : null,
    rejectedReason: status === 3 ? random.pick(DRIVER_BID_REJECTION_REASONS) : null,
    rejectedBy: status === 3 ? vehicle.dispatcher : null,
    rejectedAt,
    createdAt,
  };
}
