import type { Lang, RoleId } from '../common/lookups';
import { relativeTime, wallTimeInZone } from '../common/time';
import {
  kmToDegrees,
  radians,
  routeDistanceMiles,
  straightLineKmWithin,
  transitTimeHours,
  type GeoPoint,
} from '../geo/geo.rules';

// Rules of vehicles (units): document expiry, who sees phone numbers, location age, tracking state and the
// capacity search (which vehicles are closest to a place, and when they can be there).

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const MANAGER_ROLE = 4;
const ON_LOAD_STATUS = 3;

// ---------------------------------------------------------------- who may do what

/**
 * The roles of the vehicle calls (a superuser may do everything). The spec gives the pages: the vehicles
 * list for 3, 4, 5, 6, 7, 8 and the capacity and delivery maps for 3, 4, 5, 6; who changes what is ours:
 *   view        the vehicles page's roles: the list, a vehicle, its active driver;
 *   operate     the dispatch floor (admins, managers, dispatchers, trackers), who keep each truck's
 *               location, status and tracking current, let it bid while on load and allow or forbid its
 *               loads for the driver and the owner;
 *   editDetails admins, managers and HR, who keep the records: unit ID, specifications, documents and
 *               their expiry, dispatcher, owner and drivers;
 *   capacity    the capacity search, the closest vehicles of a load and the maps: the maps' roles.
 */
export const VEHICLE_ROLES = {
  view: [3, 4, 5, 6, 7, 8],
  operate: [3, 4, 5, 6],
  editDetails: [3, 4, 8],
  capacity: [3, 4, 5, 6],
} as const satisfies Record<string, readonly RoleId[]>;

export type VehicleAction = keyof typeof VEHICLE_ROLES;

/** Whether a user may take the action: the web offers it by this, the server checks it. */
export function canDoVehicleAction(
  action: VehicleAction,
  user: { role: number | null | undefined; is_superuser?: boolean },
): boolean {
  if (user.is_superuser === true) return true;
  return (VEHICLE_ROLES[action] as readonly number[]).includes(user.role ?? -1);
}

// ---------------------------------------------------------------- licence and insurance expiry

/** A licence or insurance expiring within this many days is flagged. */
export const EXPIRY_WARNING_DAYS = 30;

export const EXPIRY_STATES = ['expired', 'expiring', 'ok', 'missing'] as const;
export type ExpiryState = (typeof EXPIRY_STATES)[number];

export const EXPIRY_STATE_LABELS: Record<Lang, Record<ExpiryState, string>> = {
  en: { expired: 'Expired', expiring: 'Expires soon', ok: 'Valid', missing: 'Not set' },
  ru: { expired: 'Истёк', expiring: 'Скоро истекает', ok: 'Действует', missing: 'Не указан' },
};

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a calendar date. */
const dayNumber = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / DAY_MS;

/**
 * The UTC hour whose Eastern calendar day was read last, and that day. Eastern time is 4 or 5 whole hours
 * behind UTC and changes between them on the hour, so every instant of a UTC hour is on the same Eastern day.
 */
let lastEasternDay = { hour: Number.NaN, day: 0 };

function calendarDayNumber(value: string | Date): number | null {
  if (typeof value === 'string') {
    const match = DATE_ONLY.exec(value.trim());
    if (match) return dayNumber(Number(match[1]), Number(match[2]), Number(match[3]));
  }
  const instant = value instanceof Date ? value : new Date(value);
  const time = instant.getTime();
  if (Number.isNaN(time)) return null;
  // Every list and search asks for "now" once a row: reading the Eastern calendar costs tens of microseconds.
  const hour = Math.floor(time / HOUR_MS);
  if (hour !== lastEasternDay.hour) {
    const eastern = wallTimeInZone(instant);
    lastEasternDay = { hour, day: dayNumber(eastern.year, eastern.month, eastern.day) };
  }
  return lastEasternDay.day;
}

/**
 * The state of a licence or insurance by its expiry date, in Eastern calendar days: the document is valid
 * through its expiry date, so it is 'expired' from the next day, 'expiring' when the date is within 30 days
 * (today included), 'ok' after that, and 'missing' without a date. A date-time counts as its Eastern date.
 */
export function expiryState(date: string | Date | null | undefined, now: Date): ExpiryState {
  if (date === null || date === undefined || date === '') return 'missing';
  const expiry = calendarDayNumber(date);
  const today = calendarDayNumber(now);
  if (expiry === null || today === null) return 'missing';
  const daysLeft = expiry - today;
  if (daysLeft < 0) return 'expired';
  return daysLeft <= EXPIRY_WARNING_DAYS ? 'expiring' : 'ok';
}

/** Whether the table flags the date: expired or expiring within 30 days. */
export function isExpiryFlagged(state: ExpiryState): boolean {
  return state === 'expired' || state === 'expiring';
}

// ---------------------------------------------------------------- loads for the driver and owner

/** Shown on a unit whose driver and owner are not allowed to see its loads. */
export const NOT_ACTIVE_TOOLTIP: Record<Lang, string> = {
  en: 'This driver and the owner cannot see any loads for this vehicle in their loadboard.',
  ru: 'Этот водитель и владелец не видят грузов для этого транспорта на своей доске грузов.',
};

/** A unit is not active when loads are forbidden for both its driver and its owner. */
export function isUnitNotActive(vehicle: {
  loads_allowed_for_driver: boolean;
  loads_allowed_for_owner: boolean;
}): boolean {
  return !vehicle.loads_allowed_for_driver && !vehicle.loads_allowed_for_owner;
}

// ---------------------------------------------------------------- phone numbers

/**
 * canViewNumber: phone numbers are shown to managers (role 4), or to everyone when the company shows phones
 * to all users. A superuser (the operator of the installation) sees them too.
 */
export function canViewPhoneNumber(
  role: number | null | undefined,
  company: { is_visible_phone_numbers: boolean } | null | undefined,
  isSuperuser = false,
): boolean {
  return isSuperuser || role === MANAGER_ROLE || company?.is_visible_phone_numbers === true;
}

/** The phone number as the viewer may see it: the number, or null. */
export function phoneForViewer(phone: string | null | undefined, canView: boolean): string | null {
  return canView ? (phone ?? null) : null;
}

// ---------------------------------------------------------------- location age

export const NEVER_UPDATED: Record<Lang, string> = { en: 'Never updated', ru: 'Не обновлялось' };

/** How old a location is, as notifications word time: 'Now', '5 min ago', '3 hours ago', then the date. */
export function locationAgeLabel(
  updatedAt: string | Date | null | undefined,
  now: Date,
  lang: Lang = 'en',
): string {
  if (updatedAt === null || updatedAt === undefined || updatedAt === '') return NEVER_UPDATED[lang];
  return relativeTime(updatedAt, now, lang);
}

// ---------------------------------------------------------------- tracking

export type TrackingState = { state: 'on' } | { state: 'paused'; until: string } | { state: 'off' };

/**
 * Tracking is 'on' when active; 'paused' when switched off until a time still ahead; 'off' when switched
 * off with no end. A pause whose end has passed counts as 'on' again: the pause is over even before the
 * server writes the flag back.
 */
export function trackingState(
  vehicle: { is_tracking_active: boolean; inactive_tracking_until: string | null },
  now: Date,
): TrackingState {
  if (vehicle.is_tracking_active) return { state: 'on' };
  const until = vehicle.inactive_tracking_until;
  if (until === null) return { state: 'off' };
  return Date.parse(until) > now.getTime() ? { state: 'paused', until } : { state: 'on' };
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** The product's display format in Eastern time: hh:mma MM/DD/YYYY ('08:30AM 01/15/2026'). */
export function formatDisplayDateTime(value: string | Date): string {
  const time = wallTimeInZone(value instanceof Date ? value : new Date(value));
  const hour12 = time.hour % 12 === 0 ? 12 : time.hour % 12;
  const meridiem = time.hour < 12 ? 'AM' : 'PM';
  return `${pad2(hour12)}:${pad2(time.minute)}${meridiem} ${pad2(time.month)}/${pad2(time.day)}/${time.year}`;
}

export function trackingStateLabel(state: TrackingState, lang: Lang = 'en'): string {
  switch (state.state) {
    case 'on':
      return lang === 'ru' ? 'Включён' : 'On';
    case 'off':
      return lang === 'ru' ? 'Выключен' : 'Off';
    case 'paused': {
      const until = formatDisplayDateTime(state.until);
      return lang === 'ru' ? `Приостановлен до ${until}` : `Paused until ${until}`;
    }
  }
}

export const TRACKING_MESSAGES = {
  pauseInPast: 'The pause must end in the future',
} as const;

/** Why a pause end cannot be saved (it must be ahead of now), or null. */
export function trackingPauseError(inactiveTrackingUntil: string | null, now: Date): string | null {
  if (inactiveTrackingUntil === null) return null;
  return Date.parse(inactiveTrackingUntil) > now.getTime() ? null : TRACKING_MESSAGES.pauseInPast;
}

// ---------------------------------------------------------------- status changes

export const VEHICLE_STATUS_MESSAGES = {
  onLoad: 'The status of a vehicle on load changes with its load.',
  onLoadUnits: (unitIds: readonly string[]) =>
    `These vehicles are on load and keep their status: ${unitIds.join(', ')}.`,
} as const;

/**
 * Why a user may not set the status of a vehicle (409), or null. A vehicle On load keeps its status
 * until its load is delivered or canceled; Locked and In bid vehicles may be set free by hand.
 */
export function vehicleStatusChangeRefusal(currentStatus: number): string | null {
  return currentStatus === ON_LOAD_STATUS ? VEHICLE_STATUS_MESSAGES.onLoad : null;
}

/** Why a bulk status change is refused (all or none): the unit IDs of the vehicles on load, or null. */
export function bulkStatusChangeRefusal(
  vehicles: readonly { unit_id: string; status: number }[],
): string | null {
  const onLoad = vehicles.filter((vehicle) => vehicleStatusChangeRefusal(vehicle.status) !== null);
  return onLoad.length > 0
    ? VEHICLE_STATUS_MESSAGES.onLoadUnits(onLoad.map((vehicle) => vehicle.unit_id))
    : null;
}

// ---------------------------------------------------------------- capacity search

/** A place with coordinates that may be missing (a location typed without the lookup). */
type MaybePoint = { lat: number | null; lon: number | null };

export type CapacityVehicle = {
  id: number;
  location: MaybePoint | null;
  future_location: (MaybePoint & { available_date: string | null }) | null;
  /** 1 current, 2 planned, 3 both. */
  location_status: number;
};

export type EffectivePosition = GeoPoint & {
  /** The position is the planned location. */
  planned: boolean;
  /** When the vehicle is free at the position: the planned location's available date, else null (now). */
  available_at: Date | null;
};

const isPoint = (place: MaybePoint | null | undefined): place is GeoPoint =>
  place !== null &&
  place !== undefined &&
  typeof place.lat === 'number' &&
  typeof place.lon === 'number' &&
  Number.isFinite(place.lat) &&
  Number.isFinite(place.lon);

/**
 * Where a vehicle counts as being for a search: its planned location when the location type is planned
 * (2) or both (3) and it is free there on or before the search's available date; otherwise its current
 * location. null when the vehicle has neither.
 */
export function effectivePosition(
  vehicle: CapacityVehicle,
  availableBy: Date | string,
): EffectivePosition | null {
  const future = vehicle.future_location;
  const deadline = new Date(availableBy).getTime();
  if ((vehicle.location_status === 2 || vehicle.location_status === 3) && isPoint(future)) {
    const availableAt = future.available_date === null ? Number.NaN : Date.parse(future.available_date);
    if (availableAt <= deadline) {
      return { lat: future.lat, lon: future.lon, planned: true, available_at: new Date(availableAt) };
    }
  }
  const current = vehicle.location;
  return isPoint(current) ? { lat: current.lat, lon: current.lon, planned: false, available_at: null } : null;
}

/** Empty miles from the vehicle to the place: the product's one road-distance estimate. */
export function deadheadMiles(from: GeoPoint, to: GeoPoint): number {
  return routeDistanceMiles([from, to]);
}

/** When a vehicle leaving at `departure` arrives after `miles` at 50 mph. */
export function etaAt(departure: Date, miles: number): Date {
  return new Date(departure.getTime() + transitTimeHours(miles) * HOUR_MS);
}

export type CapacityMatch<Vehicle extends CapacityVehicle> = {
  vehicle: Vehicle;
  deadhead_miles: number;
  eta: Date;
  uses_planned_location: boolean;
};

export type CapacityRankOptions = {
  /** The search's available date: a planned location counts when the vehicle is free there by then. */
  availableBy: Date | string;
  now: Date;
  /** Only vehicles at most this many deadhead miles away. */
  radiusMiles?: number;
  limit?: number;
};

/**
 * The vehicles closest to the origin by deadhead miles (ties: earlier arrival, then lower id). A vehicle
 * leaves now from its current location, or from its planned location when it is free there (not before
 * now). Vehicles without a position are left out.
 */
export function rankByDeadhead<Vehicle extends CapacityVehicle>(
  vehicles: readonly Vehicle[],
  origin: GeoPoint,
  options: CapacityRankOptions,
): CapacityMatch<Vehicle>[] {
  const matches: CapacityMatch<Vehicle>[] = [];
  for (const vehicle of vehicles) {
    const position = effectivePosition(vehicle, options.availableBy);
    if (position === null) continue;
    const miles = deadheadMiles(position, origin);
    if (options.radiusMiles !== undefined && miles > options.radiusMiles) continue;
    const departure =
      position.available_at !== null && position.available_at.getTime() > options.now.getTime()
        ? position.available_at
        : options.now;
    matches.push({
      vehicle,
      deadhead_miles: miles,
      eta: etaAt(departure, miles),
      uses_planned_location: position.planned,
    });
  }
  matches.sort(
    (a, b) =>
      a.deadhead_miles - b.deadhead_miles || a.eta.getTime() - b.eta.getTime() || a.vehicle.id - b.vehicle.id,
  );
  return options.limit === undefined ? matches : matches.slice(0, options.limit);
}

export type BoundingBox = { min_lat: number; max_lat: number; min_lon: number; max_lon: number };

/**
 * A box around the origin holding every point within `radiusMiles` deadhead miles, for an index to narrow
 * a search before the exact distance (the geo rules' straightLineKmWithin).
 */
export function searchBoundingBox(origin: GeoPoint, radiusMiles: number): BoundingBox {
  const latDelta = kmToDegrees(straightLineKmWithin(radiusMiles));
  const min_lat = Math.max(-90, origin.lat - latDelta);
  const max_lat = Math.min(90, origin.lat + latDelta);
  const widestLat = Math.max(Math.abs(min_lat), Math.abs(max_lat));
  const cosine = Math.cos(radians(widestLat));
  const lonDelta = cosine < 1e-6 ? 180 : Math.min(180, latDelta / cosine);
  return {
    min_lat,
    max_lat,
    min_lon: Math.max(-180, origin.lon - lonDelta),
    max_lon: Math.min(180, origin.lon + lonDelta),
  };
}
