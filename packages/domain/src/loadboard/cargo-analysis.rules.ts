import type { VehicleType } from '../common/lookups';
import { footprintFits } from './closest-cars.rules';

// Which vehicle types can carry a load and how full each would be: GET cargo/analysis/{id}.
//
// The figures are the typical cargo space of each type as US expedite and truckload carriers list them on
// load boards and in their equipment sheets (inner length x width x height in inches, payload in pounds):
// a cargo van 10 ft x 53 in x 50 in and 3,500 lbs; a high-roof Sprinter 12 ft x 52 in x 70 in and 3,000 lbs;
// a 16 ft box truck; straight trucks of 20 and 26 ft with 96 in wide boxes; a 24 ft liftgate straight truck;
// a 53 ft dry van (the VAN type and a TRACTOR pulling one) 52.5 ft x 100 in x 108 in and 45,000 lbs; a 53 ft
// reefer, narrower and lower inside for its insulation and heavier empty (43,000 lbs); a 48 ft flatbed
// with the 102 in legal width and 8.5 ft of legal load height. A single truck may differ: these answer
// "which kind of truck", the closest trucks answer "which of ours" from each vehicle's own record.
//
// A load's dimensions are those of one piece (the handling unit a broker posts: "4 pcs 48x40x36"); a
// stackable load stacks as many tiers as the height allows, a load that is not stackable takes floor space
// for every piece. A dock-level load is loaded at a dock: the vehicle's floor must be at dock height or it
// must have a lift-gate. Placarded hazardous loads need a CDL driver with the hazmat endorsement, which the
// drivers of vans, Sprinters and box trucks under 26,001 lbs rarely hold: those types are not offered for
// hazardous loads.

export type CargoSpec = {
  vehicle_type: VehicleType;
  /** Inches. */
  length: number;
  width: number;
  height: number;
  /** Pounds. */
  payload: number;
  /** The floor is at dock height (about 48 in). */
  dock_high: boolean;
  liftgate: boolean;
  /** Commonly hauls placarded hazardous loads. */
  hazmat: boolean;
};

const FT = 12;

/** The typical cargo space of each vehicle type, smallest first (see above for the source). */
export const CARGO_SPECS: readonly CargoSpec[] = [
  {
    vehicle_type: 'CARGO VAN',
    length: 10 * FT,
    width: 53,
    height: 50,
    payload: 3_500,
    dock_high: false,
    liftgate: false,
    hazmat: false,
  },
  {
    vehicle_type: 'SPRINTER VAN',
    length: 12 * FT,
    width: 52,
    height: 70,
    payload: 3_000,
    dock_high: false,
    liftgate: false,
    hazmat: false,
  },
  {
    vehicle_type: 'SPRINTER',
    length: 12 * FT,
    width: 52,
    height: 70,
    payload: 3_000,
    dock_high: false,
    liftgate: false,
    hazmat: false,
  },
  {
    vehicle_type: 'BOX TRUCK',
    length: 16 * FT,
    width: 90,
    height: 90,
    payload: 5_000,
    dock_high: true,
    liftgate: false,
    hazmat: false,
  },
  {
    vehicle_type: 'SMALL STRAIGHT',
    length: 20 * FT,
    width: 96,
    height: 96,
    payload: 8_000,
    dock_high: true,
    liftgate: false,
    hazmat: false,
  },
  {
    vehicle_type: 'LIFTGATE',
    length: 24 * FT,
    width: 96,
    height: 96,
    payload: 10_000,
    dock_high: true,
    liftgate: true,
    hazmat: true,
  },
  {
    vehicle_type: 'LARGE STRAIGHT',
    length: 26 * FT,
    width: 96,
    height: 102,
    payload: 10_000,
    dock_high: true,
    liftgate: false,
    hazmat: true,
  },
  {
    vehicle_type: 'FLATBED',
    length: 48 * FT,
    width: 102,
    height: 102,
    payload: 48_000,
    dock_high: false,
    liftgate: false,
    hazmat: true,
  },
  {
    vehicle_type: 'REEFER',
    length: 52 * FT,
    width: 98,
    height: 100,
    payload: 43_000,
    dock_high: true,
    liftgate: false,
    hazmat: true,
  },
  {
    vehicle_type: 'VAN',
    length: 630,
    width: 100,
    height: 108,
    payload: 45_000,
    dock_high: true,
    liftgate: false,
    hazmat: true,
  },
  {
    vehicle_type: 'TRACTOR',
    length: 630,
    width: 100,
    height: 108,
    payload: 45_000,
    dock_high: true,
    liftgate: false,
    hazmat: true,
  },
];

/** Why a vehicle type cannot carry the load; each one refuses the type. */
export const CARGO_REASONS = [
  'too_large',
  'too_tall',
  'too_heavy',
  'no_room',
  'not_dock_level',
  'not_hazmat',
] as const;
export type CargoReason = (typeof CARGO_REASONS)[number];

export type CargoLoad = {
  /** Inches and pounds of one piece; null when the posting does not say. */
  length: number | null;
  width: number | null;
  height: number | null;
  /** The whole load's weight. */
  weight: number | null;
  pieces: number | null;
  stackable: boolean;
  hazardous: boolean;
  dock_level: boolean;
};

export type CargoFit = {
  vehicle_type: VehicleType;
  fits: boolean;
  reasons: CargoReason[];
  /** Pieces the type holds at most (floor positions times tiers); null without the load's dimensions. */
  capacity_pieces: number | null;
  /** Percent (0 to 100 and beyond when over) of floor, volume and payload the load takes. */
  floor_percent: number | null;
  volume_percent: number | null;
  payload_percent: number | null;
};

const percent = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;

/** Pieces side by side on the floor, the better of the two ways round. */
export function floorPositions(
  piece: { length: number; width: number },
  space: { length: number; width: number },
) {
  const along = Math.floor(space.length / piece.length) * Math.floor(space.width / piece.width);
  const across = Math.floor(space.length / piece.width) * Math.floor(space.width / piece.length);
  return Math.max(along, across);
}

/** How the load sits in one vehicle type: whether it fits and how full the type would be. */
export function analyseCargo(load: CargoLoad, spec: CargoSpec): CargoFit {
  const reasons: CargoReason[] = [];
  const pieces = Math.max(1, load.pieces ?? 1);
  let capacity: number | null = null;
  let floor: number | null = null;
  let volume: number | null = null;

  if (load.length !== null && load.width !== null && load.length > 0 && load.width > 0) {
    const piece = { length: load.length, width: load.width };
    const footprintOk = footprintFits(piece, spec);
    if (!footprintOk) reasons.push('too_large');
    const tallOk = load.height === null || load.height <= spec.height;
    if (!tallOk) reasons.push('too_tall');
    const tiers =
      load.stackable && load.height !== null && load.height > 0 ? Math.floor(spec.height / load.height) : 1;
    if (footprintOk && tallOk) {
      capacity = floorPositions(piece, spec) * Math.max(1, tiers);
      if (capacity < pieces) reasons.push('no_room');
    }
    const stacks = Math.ceil(pieces / Math.max(1, tiers));
    floor = percent(stacks * load.length * load.width, spec.length * spec.width);
    if (load.height !== null && load.height > 0)
      volume = percent(
        pieces * load.length * load.width * load.height,
        spec.length * spec.width * spec.height,
      );
  } else if (load.height !== null && load.height > spec.height) {
    reasons.push('too_tall');
  }

  let payload: number | null = null;
  if (load.weight !== null) {
    payload = percent(load.weight, spec.payload);
    if (load.weight > spec.payload) reasons.push('too_heavy');
  }
  if (load.dock_level && !spec.dock_high && !spec.liftgate) reasons.push('not_dock_level');
  if (load.hazardous && !spec.hazmat) reasons.push('not_hazmat');

  return {
    vehicle_type: spec.vehicle_type,
    fits: reasons.length === 0,
    reasons: CARGO_REASONS.filter((reason) => reasons.includes(reason)),
    capacity_pieces: capacity,
    floor_percent: floor,
    volume_percent: volume,
    payload_percent: payload,
  };
}

/** Every vehicle type's fit for the load, smallest type first. */
export function analyseCargoForAllTypes(load: CargoLoad): CargoFit[] {
  return CARGO_SPECS.map((spec) => analyseCargo(load, spec));
}
