/**
 * The loads of a demo company and where its vehicles are now, planned in memory before anything is written.
 *
 * Every vehicle gets a believable history: going back in time from where it is now, each earlier load
 * delivered near the pick-up of the next one, with deadhead, driving time at 50 mph, rest breaks and days
 * off in between, reaching back about ten weeks. A vehicle that is On load has exactly one active load
 * (status 2..7) placed around `now`; the most recent finished loads are in checkout (8, 9) with a few older
 * ones whose paperwork is still missing, the older ones completed (10, 11), and some were canceled. Loads waiting to be accepted (status 1) have no vehicle yet; they are what the bids are on.
 * Every date is relative to `now`, so the demo looks current whenever it is seeded.
 */
import { routeDistanceMiles, transitTimeHours } from '@app/domain/geo/geo.rules';
import type { EquipmentFlags, LoadStatus, VehicleType } from '../schema';
import { CITIES, type City } from './cities';
import { LOAD_NOTES, RATE_PER_MILE, streetAddress, VEHICLE_TYPE_WEIGHTS } from './content';
import {
  addDays,
  addHours,
  addMinutes,
  DAY_MS,
  earliest,
  HOUR_MS,
  latest,
  roundToQuarterHour,
  truncateToMinute,
} from './dates';
import type { FleetPlan, VehiclePlan } from './fleet-plan';
import type { Random } from './random';
import type { BrokerContact, SeededBroker, SeededUser } from './seeded-records';

/** A street address in a table city, with coordinates a little off the city centre. */
export type Place = { city: City; address: string; lat: number; lon: number };

export type PointPlan = Place & { type: 'pick_up' | 'deliver_to'; date: Date; is_active: boolean };

/** One step of a load's status history: the status it reached and when. The first step is 1, created. */
export type StatusStep = { status: LoadStatus; at: Date };

export type LoadPlan = {
  status: LoadStatus;
  vehicleIndex: number | null;
  driverIndex: number | null;
  dispatcher: SeededUser;
  broker: SeededBroker;
  contact: BrokerContact;
  rateconfRef: string | null;
  points: PointPlan[];
  miles: number;
  vehicleType: VehicleType;
  brokerPriceCents: number;
  driverPriceCents: number;
  /** The rate the broker offered, kept when a TONU or a cancellation changes the prices. */
  offeredPriceCents: number;
  cargo: { weight: number; pieces: number; length: number; width: number; height: number };
  equipment: EquipmentFlags;
  flags: { dock_level: boolean; is_danger: boolean; is_urgent: boolean; is_can_put_on_top: boolean };
  note: string | null;
  source: 'manual' | 'loadboard' | 'email';
  emailNotifications: boolean;
  createdAt: Date;
  deliveredAt: Date | null;
  completedAt: Date | null;
  canceledAt: Date | null;
  steps: StatusStep[];
};

export type VehicleState = {
  status: 1 | 2 | 3 | 4;
  location: Place;
  locationUpdatedAt: Date;
  future: (Place & { availableAt: Date; updatedAt: Date }) | null;
  locationStatus: 1 | 2 | 3;
  trackingActive: boolean;
  inactiveTrackingUntil: Date | null;
  canBidWhileOnLoad: boolean;
  statusUpdatedAt: Date;
};

type Context = {
  random: Random;
  now: Date;
  fleet: FleetPlan;
  brokers: SeededBroker[];
  dispatchers: SeededUser[];
};

const ACTIVE_ASSIGNED_STATUSES = [2, 3, 4, 5, 6, 7] as const;

/**
 * How far back the finished loads reach: ten to eleven weeks, so that the accounting weeks, the pay weeks and the
 * brokers' ageing of unpaid invoices have a history to show.
 */
const HISTORY_DAYS = 77;
/** Loads of checkout delivered weeks ago whose paperwork is still missing (the rest are the latest ones). */
const LINGERING_CHECKOUT = 3;
type ActiveAssignedStatus = (typeof ACTIVE_ASSIGNED_STATUSES)[number];

/** Plans every load of a company (ordered by creation) and the current state of each vehicle. */
export function planLoads(
  context: Context,
  counts: Record<LoadStatus, number>,
  inBidVehicles: number,
): { loads: LoadPlan[]; vehicleStates: VehicleState[] } {
  const { random, now, fleet } = context;
  const vehicleOrder = random.shuffle(fleet.vehicles.map((_, index) => index));
  const activeStatuses = ACTIVE_ASSIGNED_STATUSES.flatMap((status) =>
    Array.from({ length: counts[status] }, () => status),
  );
  if (activeStatuses.length + inBidVehicles > fleet.vehicles.length) {
    throw new Error('The demo fleet is too small for its active loads');
  }

  const canceledWithVehicle = Math.round(counts[12] * 0.6);
  const historyCount = counts[8] + counts[9] + counts[10] + counts[11] + canceledWithVehicle;
  const historyPerVehicle = spreadOver(random, historyCount, fleet.vehicles.length);

  const loads: LoadPlan[] = [];
  const history: LoadPlan[] = [];
  const vehicleStates: VehicleState[] = [];

  vehicleOrder.forEach((vehicleIndex, position) => {
    const vehicle = fleet.vehicles[vehicleIndex]!;
    const activeStatus = activeStatuses[position];
    let anchor: Place;
    let anchorTime: Date;
    if (activeStatus !== undefined) {
      const load = planActiveLoad(context, vehicleIndex, activeStatus);
      loads.push(load);
      const pickUp = load.points[0]!;
      anchor = random.chance(0.25)
        ? placeIn(random, pickUp.city)
        : placeIn(random, cityNear(random, pickUp.city, 20, 180));
      const deadheadHours = drivingHours(miles(anchor.city, pickUp.city)) + 0.5;
      anchorTime = earliest(
        addHours(pickUp.date, -deadheadHours - random.float(1, 8)),
        addHours(now, -random.float(1, 6)),
      );
      vehicleStates[vehicleIndex] = onLoadState(context, vehicle, load, activeStatus, anchor);
    } else {
      anchor = placeIn(random, random.chance(0.3) ? vehicle.homeCity : random.pick(CITIES));
      const locationUpdatedAt = truncateToMinute(addHours(now, -random.float(0.2, 30)));
      anchorTime = addHours(locationUpdatedAt, -random.float(0, 10));
      const inBid = position < activeStatuses.length + inBidVehicles;
      vehicleStates[vehicleIndex] = idleState(context, vehicle, anchor, locationUpdatedAt, inBid);
    }
    history.push(
      ...planHistory(context, vehicleIndex, anchor.city, anchorTime, historyPerVehicle[vehicleIndex]!),
    );
  });

  loads.push(...labelHistory(context, history, counts, canceledWithVehicle));
  for (let index = 0; index < counts[12] - canceledWithVehicle; index++) {
    loads.push(planCanceledUnassigned(context));
  }
  const idleLocations = vehicleOrder
    .slice(activeStatuses.length)
    .map((index) => vehicleStates[index]!.location.city);
  for (let index = 0; index < counts[1]; index++) loads.push(planWaitingLoad(context, idleLocations, index));

  loads.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return { loads, vehicleStates };
}

/** `total` items over `buckets` buckets at random (a multinomial draw), so units differ in how busy they were. */
function spreadOver(random: Random, total: number, buckets: number): number[] {
  const counts = Array.from({ length: buckets }, () => 0);
  for (let item = 0; item < total; item++) counts[random.int(0, buckets - 1)]! += 1;
  return counts;
}

// ---------------------------------------------------------------------------------------------------------
// Geography and time on the road

const distanceCache = new Map<string, number>();

function miles(from: City, to: City): number {
  const key = `${from.city},${from.state}>${to.city},${to.state}`;
  let distance = distanceCache.get(key);
  if (distance === undefined) {
    distance = routeDistanceMiles([from, to]);
    distanceCache.set(key, distance);
  }
  return distance;
}

/** A city whose estimated road distance from `from` is within [min, max] miles, else the nearest other. */
function cityNear(random: Random, from: City, min: number, max: number): City {
  const candidates = CITIES.filter(
    (city) => city !== from && miles(from, city) >= min && miles(from, city) <= max,
  );
  if (candidates.length > 0) return random.pick(candidates);
  return CITIES.filter((city) => city !== from).reduce((best, city) =>
    miles(from, city) < miles(from, best) ? city : best,
  );
}

/** The other end of a lane: expedite runs are mostly 250-600 miles, some short hauls and some long ones. */
function laneEnd(random: Random, from: City): City {
  const [min, max] = random.weighted([
    [[80, 250], 3],
    [[250, 600], 5],
    [[600, 1100], 2],
  ] as const);
  return cityNear(random, from, min, max);
}

/** The stops of a load from `origin` to `destination`: usually two, sometimes one or two more on the way. */
function routeStops(
  random: Random,
  origin: City,
  destination: City,
): { city: City; type: PointPlan['type'] }[] {
  const extra = random.weighted([
    [0, 80],
    [1, 15],
    [2, 5],
  ] as const);
  const direct = miles(origin, destination);
  const onTheWay = CITIES.filter(
    (city) =>
      city !== origin &&
      city !== destination &&
      miles(origin, city) + miles(city, destination) <= direct * 1.3 &&
      miles(origin, city) >= 20,
  );
  const middle = random
    .shuffle(onTheWay)
    .slice(0, extra)
    .sort((a, b) => miles(origin, a) - miles(origin, b));
  // Extra stops are either a second pick-up right after the first or extra drops before the last.
  const secondPickUp = middle.length > 0 && random.chance(0.4);
  return [
    { city: origin, type: 'pick_up' },
    ...middle.map((city, index) => ({
      city,
      type: secondPickUp && index === 0 ? ('pick_up' as const) : ('deliver_to' as const),
    })),
    { city: destination, type: 'deliver_to' },
  ];
}

/** Driving hours for a distance at 50 mph, with a 10-hour rest after every 11 hours behind the wheel. */
function drivingHours(distance: number): number {
  const hours = transitTimeHours(distance);
  return hours + Math.floor(hours / 11) * 10;
}

/** Appointment times of the stops when the first one is at `start`: drive, then about an hour at each stop. */
function schedule(stops: { city: City }[], start: Date): Date[] {
  const dates = [roundToQuarterHour(start)];
  for (let index = 1; index < stops.length; index++) {
    const legHours = drivingHours(miles(stops[index - 1]!.city, stops[index]!.city)) + 1;
    dates.push(roundToQuarterHour(addHours(dates[index - 1]!, legHours)));
  }
  return dates;
}

function placeIn(random: Random, city: City): Place {
  const jitter = () => random.float(-0.07, 0.07);
  return {
    city,
    address: streetAddress(random, city.state),
    lat: Math.round((city.lat + jitter()) * 100_000) / 100_000,
    lon: Math.round((city.lon + jitter()) * 100_000) / 100_000,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Loads

/** A load with its route, cargo, broker and prices; dates, status and history are filled in by the caller. */
function planLoadBase(
  context: Context,
  route: { city: City; type: PointPlan['type'] }[],
  dates: Date[],
  assignment: { vehicleIndex: number | null; vehicleType: VehicleType; dispatcher: SeededUser },
  brokerChoice: { at: Date; allowBlacklisted: boolean },
): LoadPlan {
  const { random, fleet } = context;
  const vehicle = assignment.vehicleIndex === null ? null : fleet.vehicles[assignment.vehicleIndex]!;
  const points = route.map((stop, index): PointPlan => ({
    ...placeIn(random, stop.city),
    type: stop.type,
    date: dates[index]!,
    is_active: false,
  }));
  const distance = Math.max(1, routeDistanceMiles(points));
  const [minRate, maxRate] = RATE_PER_MILE[assignment.vehicleType];
  const minimumCharge = assignment.vehicleType.includes('VAN') ? 250 : 350;
  const brokerPrice = Math.max(
    minimumCharge,
    Math.round((distance * random.float(minRate, maxRate)) / 25) * 25,
  );
  const driverPrice = Math.round((brokerPrice * random.float(0.8, 0.88)) / 5) * 5;
  const broker = pickBroker(random, context.brokers, brokerChoice.at, brokerChoice.allowBlacklisted);
  const isVan = assignment.vehicleType.includes('VAN') || assignment.vehicleType === 'SPRINTER';
  return {
    status: 1,
    vehicleIndex: assignment.vehicleIndex,
    driverIndex: vehicle ? random.pick(vehicle.driverIndexes) : null,
    dispatcher: assignment.dispatcher,
    broker,
    contact: random.pick(broker.contacts),
    rateconfRef: null,
    points,
    miles: distance,
    vehicleType: assignment.vehicleType,
    brokerPriceCents: brokerPrice * 100,
    driverPriceCents: driverPrice * 100,
    offeredPriceCents: brokerPrice * 100,
    cargo: planCargo(random, assignment.vehicleType, vehicle),
    equipment: planLoadEquipment(random, isVan),
    flags: {
      dock_level: !isVan && random.chance(0.5),
      is_danger: random.chance(0.04),
      is_urgent: random.chance(0.25),
      is_can_put_on_top: random.chance(0.3),
    },
    note: random.chance(0.35) ? random.pick(LOAD_NOTES) : null,
    source: random.weighted([
      ['manual', 3],
      ['loadboard', 4],
      ['email', 2],
    ] as const),
    emailNotifications: false,
    createdAt: dates[0]!,
    deliveredAt: null,
    completedAt: null,
    canceledAt: null,
    steps: [],
  };
}

/** Loads are booked mostly with approved brokers; a blacklisted one only appears on loads from before it was. */
function pickBroker(
  random: Random,
  brokers: SeededBroker[],
  at: Date,
  allowBlacklisted: boolean,
): SeededBroker {
  const weights: Record<SeededBroker['rating'], number> = { 1: 1, 2: 0.3, 3: 6, 4: 0.5, 5: 1.5 };
  const usable = brokers
    .filter(
      (broker) =>
        !broker.in_blacklist ||
        (allowBlacklisted && broker.blacklistedAt !== null && broker.blacklistedAt > at),
    )
    .map((broker) => [broker, broker.is_otr ? weights[broker.rating] : 1.5] as const);
  return random.weighted(usable);
}

function planCargo(random: Random, type: VehicleType, vehicle: VehiclePlan | null): LoadPlan['cargo'] {
  const ranges: Record<VehicleType, { weight: [number, number]; pieces: [number, number] }> = {
    'CARGO VAN': { weight: [150, 2500], pieces: [1, 4] },
    'SPRINTER VAN': { weight: [200, 3000], pieces: [1, 5] },
    VAN: { weight: [300, 3200], pieces: [1, 5] },
    SPRINTER: { weight: [300, 3500], pieces: [1, 6] },
    'BOX TRUCK': { weight: [1500, 6000], pieces: [2, 10] },
    'SMALL STRAIGHT': { weight: [3000, 9500], pieces: [4, 12] },
    'LARGE STRAIGHT': { weight: [4000, 12000], pieces: [4, 14] },
    LIFTGATE: { weight: [1000, 5000], pieces: [2, 8] },
    FLATBED: { weight: [2000, 8500], pieces: [1, 6] },
    TRACTOR: { weight: [8000, 40000], pieces: [10, 26] },
    REEFER: { weight: [1500, 5500], pieces: [2, 10] },
  };
  const range = ranges[type];
  const capacity = vehicle ? Math.floor(vehicle.payload_lbs * 0.95) : range.weight[1];
  const weight = Math.min(capacity, Math.round(random.int(...range.weight) / 10) * 10);
  return {
    weight,
    pieces: random.int(...range.pieces),
    length: random.pick([40, 48, 48, 48, 96]),
    width: random.pick([40, 40, 48]),
    height: random.int(3, 8) * 10,
  };
}

function planLoadEquipment(random: Random, isVan: boolean): EquipmentFlags {
  const equipment: EquipmentFlags = {};
  if (random.chance(0.3)) equipment.ppe = true;
  if (random.chance(0.3)) equipment.straps = true;
  if (random.chance(0.15)) equipment.load_bars = true;
  if (!isVan && random.chance(0.2)) equipment.pallet_jack = true;
  if (!isVan && random.chance(0.1)) equipment.liftgate = true;
  return equipment;
}

function referenceFor(random: Random, broker: SeededBroker): string {
  return `${broker.referencePrefix}-${random.digits(7)}`;
}

/**
 * When the load reached each status of its path: booked when created, assigned shortly after, at the
 * pick-up around the first appointment, delivered at the last one, then checked and completed or canceled.
 * Walking back from the last step keeps the steps in order and none of them in the future.
 */
function stepsFor(context: Context, load: LoadPlan, path: LoadStatus[], tonuAt: Date | null): StatusStep[] {
  const { random, now } = context;
  const first = load.points[0]!.date;
  const last = load.points[load.points.length - 1]!.date;
  const times = path.map((status): Date => {
    switch (status) {
      case 1:
        return load.createdAt;
      case 2:
        return addMinutes(load.createdAt, random.int(10, 60));
      case 3:
        return addMinutes(first, -random.int(0, 30));
      case 4:
        return addMinutes(first, random.int(30, 60));
      case 5:
        return addMinutes(first, random.int(60, 90));
      case 6:
        return addMinutes(last, -random.int(0, 20));
      case 7:
        return addMinutes(last, random.int(30, 60));
      case 8:
        return load.deliveredAt ?? last;
      case 9:
        return tonuAt ?? first;
      case 10:
      case 11:
        return load.completedAt ?? now;
      case 12:
        return load.canceledAt ?? now;
    }
  });
  const latestAllowed = addMinutes(now, -1);
  for (let index = times.length - 1; index >= 0; index--) {
    const limit = index === times.length - 1 ? latestAllowed : addMinutes(times[index + 1]!, -1);
    times[index] = truncateToMinute(earliest(times[index]!, limit));
  }
  return path.map((status, index) => ({ status, at: times[index]! }));
}

function range(from: number, to: number): LoadStatus[] {
  return Array.from({ length: to - from + 1 }, (_, index) => (from + index) as LoadStatus);
}

/** The load a vehicle is on now, placed around `now` by its status. */
function planActiveLoad(context: Context, vehicleIndex: number, status: ActiveAssignedStatus): LoadPlan {
  const { random, now, fleet } = context;
  const vehicle = fleet.vehicles[vehicleIndex]!;
  const origin = random.pick(CITIES);
  const route = routeStops(random, origin, laneEnd(random, origin));
  const offsets = schedule(route, now).map((date) => date.getTime() - roundToQuarterHour(now).getTime());
  const total = offsets[offsets.length - 1]! / 3_600_000;

  let start: Date;
  switch (status) {
    case 2:
      start = addHours(now, random.float(1, 6));
      break;
    case 3:
      start = addHours(now, -random.float(0.25, 1));
      break;
    case 4:
      start = addHours(now, -random.float(1, 2.5));
      break;
    case 5:
      start = addHours(now, -random.float(0.3, 0.75) * total);
      break;
    case 6:
      start = addHours(now, -total - random.float(0.1, 0.9));
      break;
    case 7:
      start = addHours(now, -total - random.float(1, 2.5));
      break;
  }
  const first = roundToQuarterHour(start);
  const dates = offsets.map((offset) => new Date(first.getTime() + offset));

  const load = planLoadBase(
    context,
    route,
    dates,
    { vehicleIndex, vehicleType: vehicle.transport_type, dispatcher: vehicle.dispatcher },
    { at: first, allowBlacklisted: false },
  );
  load.status = status;
  load.driverIndex = vehicle.activeDriverIndex;
  load.rateconfRef = referenceFor(random, load.broker);
  load.createdAt = truncateToMinute(
    earliest(addHours(first, -random.float(3, 36)), addMinutes(now, -random.int(30, 240))),
  );
  load.emailNotifications = random.chance(0.4);
  load.points[activePointIndex(load.points, status, now)]!.is_active = true;
  load.steps = stepsFor(context, load, range(1, status), null);
  return load;
}

/** The next point to reach: the pick-up until loaded, the last point once at the delivery. */
function activePointIndex(points: PointPlan[], status: LoadStatus, now: Date): number {
  if (status <= 3) return 0;
  if (status === 4) return 1;
  if (status >= 6) return points.length - 1;
  const next = points.findIndex((point, index) => index > 0 && point.date > now);
  return next === -1 ? points.length - 1 : next;
}

function onLoadState(
  context: Context,
  vehicle: VehiclePlan,
  load: LoadPlan,
  status: ActiveAssignedStatus,
  previousDelivery: Place,
): VehicleState {
  const { random, now } = context;
  const activeIndex = load.points.findIndex((point) => point.is_active);
  let location: Place;
  if (status === 2) location = previousDelivery;
  else if (status === 5)
    location = placeIn(
      random,
      positionBetween(load.points[activeIndex - 1]!, load.points[activeIndex]!, now),
    );
  else location = placeIn(random, load.points[activeIndex]!.city);
  const delivery = load.points[load.points.length - 1]!;
  const hasPlan = random.chance(0.5);
  const tracking = random.chance(0.6);
  const assignedAt = load.steps.find((step) => step.status === 2)?.at ?? load.createdAt;
  return {
    status: 3,
    location,
    locationUpdatedAt: truncateToMinute(addHours(now, -random.float(0.05, 2))),
    future: hasPlan
      ? {
          ...placeIn(random, delivery.city),
          availableAt: roundToQuarterHour(addHours(delivery.date, 1)),
          updatedAt: truncateToMinute(earliest(addHours(assignedAt, 1), addMinutes(now, -5))),
        }
      : null,
    locationStatus: hasPlan ? 3 : 1,
    trackingActive: tracking,
    // One in five of the untracked units has tracking paused for a few hours rather than off.
    inactiveTrackingUntil:
      !tracking && random.chance(0.2) ? roundToQuarterHour(addHours(now, random.float(2, 8))) : null,
    canBidWhileOnLoad: random.chance(0.15),
    statusUpdatedAt: assignedAt,
  };
}

/** The table city nearest to where the vehicle is now, between the last point reached and the next one. */
function positionBetween(from: PointPlan, to: PointPlan, now: Date): City {
  const span = to.date.getTime() - from.date.getTime();
  const progress = span <= 0 ? 0.5 : Math.min(1, Math.max(0, (now.getTime() - from.date.getTime()) / span));
  const here = {
    lat: from.city.lat + (to.city.lat - from.city.lat) * progress,
    lon: from.city.lon + (to.city.lon - from.city.lon) * progress,
  };
  return CITIES.reduce((best, city) =>
    routeDistanceMiles([here, city]) < routeDistanceMiles([here, best]) ? city : best,
  );
}

function idleState(
  context: Context,
  vehicle: VehiclePlan,
  location: Place,
  locationUpdatedAt: Date,
  inBid: boolean,
): VehicleState {
  const { random, now } = context;
  const status = inBid ? 4 : random.chance(0.7) ? 1 : 2;
  // Some units that are off now say where and when they will be ready again (home, after days off).
  const hasPlan = status === 2 && random.chance(0.6);
  return {
    status,
    location,
    locationUpdatedAt,
    future: hasPlan
      ? {
          ...placeIn(
            random,
            vehicle.homeCity === location.city ? cityNear(random, location.city, 100, 400) : vehicle.homeCity,
          ),
          availableAt: roundToQuarterHour(addHours(now, random.float(18, 72))),
          updatedAt: locationUpdatedAt,
        }
      : null,
    locationStatus: hasPlan ? 2 : 1,
    trackingActive: false,
    inactiveTrackingUntil: null,
    canBidWhileOnLoad: false,
    statusUpdatedAt: locationUpdatedAt,
  };
}

/**
 * Earlier loads of a vehicle, most recent first: the first delivers at `deliveryCity` by `deliveredBy`;
 * each earlier one delivered near the pick-up of the one after it.
 */
function planHistory(
  context: Context,
  vehicleIndex: number,
  deliveryCity: City,
  deliveredBy: Date,
  count: number,
): LoadPlan[] {
  const { random, fleet } = context;
  const vehicle = fleet.vehicles[vehicleIndex]!;
  const loads: LoadPlan[] = [];
  let destination = deliveryCity;
  let deliveryTime = deliveredBy;
  // The unit's loads are spread over the weeks behind it: a busy unit turns every few days, a quiet one
  // (an owner-operator who also hauls elsewhere, a driver at home) every week or two.
  const spacingDays = HISTORY_DAYS / Math.max(count, 1);
  for (let index = 0; index < count; index++) {
    const route = routeStops(random, laneEnd(random, destination), destination);
    const offsets = schedule(route, deliveryTime).map(
      (date) => date.getTime() - roundToQuarterHour(deliveryTime).getTime(),
    );
    const total = offsets[offsets.length - 1]!;
    const first = roundToQuarterHour(new Date(deliveryTime.getTime() - total));
    const dates = offsets.map((offset) => new Date(first.getTime() + offset));
    const load = planLoadBase(
      context,
      route,
      dates,
      { vehicleIndex, vehicleType: vehicle.transport_type, dispatcher: vehicle.dispatcher },
      { at: first, allowBlacklisted: true },
    );
    load.rateconfRef = referenceFor(random, load.broker);
    load.createdAt = truncateToMinute(addHours(first, -random.float(3, 40)));
    loads.push(load);

    const pickUp = route[0]!.city;
    destination = random.chance(0.3) ? pickUp : cityNear(random, pickUp, 20, 180);
    const deadheadHours = drivingHours(miles(destination, pickUp)) + 0.5;
    // Most turns take hours to a couple of days; now and then the driver takes days off at home; the unit's
    // loads keep about their spacing over the weeks.
    const turnDays = random.chance(0.12) ? random.float(3, 7) : random.float(0.2, 2.5);
    const onTheRoadDays = (total + deadheadHours * HOUR_MS) / DAY_MS;
    const gapDays = Math.max(turnDays, spacingDays * random.float(0.6, 1.3) - onTheRoadDays);
    deliveryTime = addDays(addHours(first, -deadheadHours), -gapDays);
  }
  return loads;
}

/**
 * Gives the finished loads their final status: the most recent ones wait in checkout (delivered or TONU),
 * with a few delivered weeks ago whose paperwork is still missing; older ones are completed (some TONU) and a
 * few were canceled after being assigned.
 */
function labelHistory(
  context: Context,
  history: LoadPlan[],
  counts: Record<LoadStatus, number>,
  canceledWithVehicle: number,
): LoadPlan[] {
  const { random, now } = context;
  const byRecency = [...history].sort(
    (a, b) => b.points[b.points.length - 1]!.date.getTime() - a.points[a.points.length - 1]!.date.getTime(),
  );
  const inCheckoutCount = counts[8] + counts[9];
  const lingering = Math.min(LINGERING_CHECKOUT, Math.floor(inCheckoutCount / 4));
  const latestCount = inCheckoutCount - lingering;
  // The lingering ones were delivered three to nine weeks ago.
  const weeksAgo = byRecency
    .slice(latestCount)
    .filter((load) => lastPointAge(load, now) > 21 && lastPointAge(load, now) < 63);
  const stale = random.shuffle(weeksAgo).slice(0, lingering);
  const checkout = [...byRecency.slice(0, latestCount), ...stale];
  const older = random.shuffle(byRecency.filter((load) => !checkout.includes(load)));
  const inCheckout = new Set(checkout);
  const tonuInCheckout = new Set(random.shuffle(checkout).slice(0, counts[9]));
  const tonuCompleted = new Set(older.slice(0, counts[11]));
  const canceled = new Set(older.slice(counts[11], counts[11] + canceledWithVehicle));

  for (const load of history) {
    const first = load.points[0]!.date;
    const last = load.points[load.points.length - 1]!.date;
    if (tonuInCheckout.has(load) || tonuCompleted.has(load)) {
      // Truck ordered, not used: the driver got to the pick-up and the freight was not there.
      const tonuAt = addHours(first, random.float(1, 2.5));
      const fee = random.int(6, 12) * 25;
      load.brokerPriceCents = fee * 100;
      load.driverPriceCents = Math.round((fee * random.float(0.7, 0.85)) / 5) * 500;
      if (tonuCompleted.has(load)) {
        load.status = 11;
        load.completedAt = completionTime(random, tonuAt, now);
        load.steps = stepsFor(context, load, [1, 2, 3, 9, 11], tonuAt);
      } else {
        load.status = 9;
        load.steps = stepsFor(context, load, [1, 2, 3, 9], tonuAt);
      }
    } else if (canceled.has(load)) {
      // Canceled by the broker before the pick-up; canceling nullifies the payments.
      load.status = 12;
      load.canceledAt = truncateToMinute(
        latest(addMinutes(load.createdAt, 90), addHours(first, -random.float(1, 12))),
      );
      load.brokerPriceCents = 0;
      load.driverPriceCents = 0;
      load.steps = stepsFor(context, load, [1, 2, 12], null);
    } else {
      load.deliveredAt = earliest(addMinutes(last, random.int(15, 75)), addMinutes(now, -5));
      if (inCheckout.has(load)) {
        load.status = 8;
        load.steps = stepsFor(context, load, range(1, 8), null);
      } else {
        load.status = 10;
        load.completedAt = completionTime(random, load.deliveredAt, now);
        load.steps = stepsFor(context, load, [...range(1, 8), 10], null);
      }
    }
  }
  return history;
}

/** Days from the load's last stop to now. */
function lastPointAge(load: LoadPlan, now: Date): number {
  return (now.getTime() - load.points[load.points.length - 1]!.date.getTime()) / DAY_MS;
}

/** Paperwork is checked a day to a week after the delivery (or TONU), and never later than now. */
function completionTime(random: Random, finishedAt: Date, now: Date): Date {
  const usual = earliest(addDays(finishedAt, random.float(1, 6)), addHours(now, -random.float(1, 6)));
  const completedAt = usual > finishedAt ? usual : new Date((finishedAt.getTime() + now.getTime()) / 2);
  return truncateToMinute(completedAt);
}

/** A load canceled before anyone was assigned to it. */
function planCanceledUnassigned(context: Context): LoadPlan {
  const { random, now } = context;
  const origin = random.pick(CITIES);
  const route = routeStops(random, origin, laneEnd(random, origin));
  const start = random.chance(0.15) ? addHours(now, random.float(6, 30)) : addDays(now, -random.float(1, 45));
  const dates = schedule(route, start);
  const type = random.weighted(VEHICLE_TYPE_WEIGHTS);
  const load = planLoadBase(
    context,
    route,
    dates,
    { vehicleIndex: null, vehicleType: type, dispatcher: random.pick(context.dispatchers) },
    { at: dates[0]!, allowBlacklisted: false },
  );
  load.status = 12;
  load.createdAt = truncateToMinute(
    earliest(addHours(dates[0]!, -random.float(4, 48)), addHours(now, -random.float(1, 3))),
  );
  load.canceledAt = truncateToMinute(
    earliest(addHours(load.createdAt, random.float(0.5, 20)), addMinutes(now, -10)),
  );
  load.brokerPriceCents = 0;
  load.driverPriceCents = 0;
  load.steps = stepsFor(context, load, [1, 12], null);
  return load;
}

/**
 * A load waiting to be accepted: picks up within the next two days; half of them near an idle unit, so
 * that the bids on them have short deadhead.
 */
function planWaitingLoad(context: Context, idleLocations: City[], index: number): LoadPlan {
  const { random, now } = context;
  const origin =
    index % 2 === 0 && idleLocations.length > 0
      ? cityNear(random, random.pick(idleLocations), 0, 150)
      : random.pick(CITIES);
  const route = routeStops(random, origin, laneEnd(random, origin));
  const dates = schedule(route, addHours(now, random.float(1.5, 40)));
  const type = random.weighted(VEHICLE_TYPE_WEIGHTS);
  const load = planLoadBase(
    context,
    route,
    dates,
    { vehicleIndex: null, vehicleType: type, dispatcher: random.pick(context.dispatchers) },
    { at: now, allowBlacklisted: false },
  );
  load.createdAt = truncateToMinute(addHours(now, -random.float(0.2, 10)));
  load.source = random.chance(0.6) ? 'loadboard' : 'email';
  load.points[0]!.is_active = true;
  load.steps = stepsFor(context, load, [1], null);
  return load;
}
