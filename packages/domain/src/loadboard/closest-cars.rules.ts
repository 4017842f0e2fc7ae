import { EQUIPMENT_FLAG_IDS, VEHICLE_STATUS, type EquipmentFlag } from '../common/lookups';

// Whether one of the company's vehicles can take a load, and why not: what GET loads/{id}/closest-cars
// answers beside each vehicle and what the propositions' vehicle choice keeps when only fitting vehicles
// are asked for. Each check answers a code the web translates; a check that cannot be made because the
// vehicle's record lacks the figure (no dimensions, no payload) is said as unknown and does not refuse the
// vehicle: a dispatcher knows the truck, the record may simply not say it yet.

/** The checks, in the order the web lists them. */
export const FIT_CHECKS = ['type', 'dims', 'payload', 'status', 'driver', 'equipment', 'arrival'] as const;
export type FitCheck = (typeof FIT_CHECKS)[number];

/** Why a vehicle cannot take the load: each one refuses it. */
export const FIT_REASONS = [
  /** The load asks for another vehicle type. */
  'type_mismatch',
  /** The load's floor (length by width, either way round) does not fit the vehicle's. */
  'too_large',
  /** The load is taller than the vehicle's cargo space. */
  'too_tall',
  /** The load weighs more than the vehicle's payload. */
  'too_heavy',
  /** Not available, locked, or on a load it cannot bid from. */
  'not_available',
  /** No active driver to drive it. */
  'no_driver',
  /** The load needs equipment the vehicle does not have (listed in missing_equipment). */
  'missing_equipment',
  /** It would reach the pick-up after the pick-up time. */
  'late',
] as const;
export type FitReason = (typeof FIT_REASONS)[number];

/**
 * What a dispatcher should know that does not refuse the vehicle: the units' switches say its loads are not
 * forwarded to its driver or owner, so they cannot bid on it from their phone page.
 */
export const FIT_NOTES = ['loads_not_allowed_for_driver', 'loads_not_allowed_for_owner'] as const;
export type FitNote = (typeof FIT_NOTES)[number];

export type VehicleFit = {
  fits: boolean;
  reasons: FitReason[];
  missing_equipment: EquipmentFlag[];
  /** The checks not made because the vehicle's record lacks the figure. */
  unknown: FitCheck[];
  notes: FitNote[];
};

export type FitLoad = {
  vehicle_type: string | null;
  /** Inches and pounds, as the load form takes them; null when the posting does not say. */
  length: number | null;
  width: number | null;
  height: number | null;
  weight: number | null;
  equipment: Partial<Record<EquipmentFlag, boolean | null | undefined>>;
  /** The first pick-up's time. */
  pick_up_date: string | Date | null;
};

export type FitVehicle = {
  transport_type: string;
  status: { id: number };
  length: number | null;
  width: number | null;
  height: number | null;
  payload: number | null;
  equipment: Partial<Record<EquipmentFlag, boolean | null | undefined>>;
  can_bid_while_on_load: boolean;
  loads_allowed_for_driver: boolean;
  loads_allowed_for_owner: boolean;
  owner: unknown;
  active_driver: unknown;
  /** The arrival at the pick-up and whether it leaves from the planned location (the capacity search's). */
  eta: string;
  uses_planned_location: boolean;
};

/**
 * The load's floor fits the vehicle's when its length and width fit either way round: a pallet is turned on
 * the dock, a crate may be loaded sideways.
 */
export function footprintFits(
  load: { length: number; width: number },
  space: { length: number; width: number },
): boolean {
  return (
    (load.length <= space.length && load.width <= space.width) ||
    (load.width <= space.length && load.length <= space.width)
  );
}

/**
 * A vehicle is free for the load when it is Available or In bid (a truck bid on another load is still
 * free until that bid is won), or On load when it may bid while on a load or will be free at its planned
 * location by the pick-up. Not available and Locked never are.
 */
export function statusAllows(
  vehicle: Pick<FitVehicle, 'status' | 'can_bid_while_on_load' | 'uses_planned_location'>,
) {
  const status = vehicle.status.id;
  if (status === VEHICLE_STATUS.available || status === VEHICLE_STATUS.inBid || status === 7) return true;
  if (status === VEHICLE_STATUS.onLoad) return vehicle.can_bid_while_on_load || vehicle.uses_planned_location;
  return false;
}

/** The load's required equipment the vehicle lacks, in the lookup's order. */
export function missingEquipment(
  load: FitLoad['equipment'],
  vehicle: FitVehicle['equipment'],
): EquipmentFlag[] {
  return EQUIPMENT_FLAG_IDS.filter((flag) => load[flag] === true && vehicle[flag] !== true);
}

/** Every check of the vehicle against the load: whether it fits, why not, what could not be checked. */
export function vehicleFit(load: FitLoad, vehicle: FitVehicle): VehicleFit {
  const reasons: FitReason[] = [];
  const unknown: FitCheck[] = [];

  if (load.vehicle_type !== null && load.vehicle_type !== vehicle.transport_type)
    reasons.push('type_mismatch');

  if (load.length !== null && load.width !== null) {
    if (vehicle.length === null || vehicle.width === null) unknown.push('dims');
    else if (
      !footprintFits(
        { length: load.length, width: load.width },
        { length: vehicle.length, width: vehicle.width },
      )
    )
      reasons.push('too_large');
  }
  if (load.height !== null) {
    if (vehicle.height === null) {
      if (!unknown.includes('dims')) unknown.push('dims');
    } else if (load.height > vehicle.height) reasons.push('too_tall');
  }

  if (load.weight !== null) {
    if (vehicle.payload === null) unknown.push('payload');
    else if (load.weight > vehicle.payload) reasons.push('too_heavy');
  }

  if (!statusAllows(vehicle)) reasons.push('not_available');
  if (vehicle.active_driver === null) reasons.push('no_driver');

  const missing = missingEquipment(load.equipment, vehicle.equipment);
  if (missing.length > 0) reasons.push('missing_equipment');

  if (load.pick_up_date === null) unknown.push('arrival');
  else if (Date.parse(vehicle.eta) > new Date(load.pick_up_date).getTime()) reasons.push('late');

  const notes: FitNote[] = [];
  if (!vehicle.loads_allowed_for_driver && vehicle.active_driver !== null)
    notes.push('loads_not_allowed_for_driver');
  if (!vehicle.loads_allowed_for_owner && vehicle.owner !== null) notes.push('loads_not_allowed_for_owner');

  return { fits: reasons.length === 0, reasons, missing_equipment: missing, unknown, notes };
}
