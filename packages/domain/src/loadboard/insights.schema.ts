import { z } from 'zod';
import { EQUIPMENT_FLAG_IDS, VEHICLE_TYPE_IDS } from '../common/lookups';
import { menuRoles } from '../shell/menu.rules';
import { capacitySearchResponseSchema, capacitySearchResultSchema } from '../units/units.schema';
import { CARGO_REASONS } from './cargo-analysis.rules';
import { FIT_CHECKS, FIT_NOTES, FIT_REASONS } from './closest-cars.rules';
import { RATE_LEVELS } from './rate-prediction.rules';

// The answers of the load detail's three insights: the closest trucks, what the lane pays and which
// vehicle types can carry the load. Each is for the load board's roles (3, 4, 5, 6) and reads a load of
// the caller's company, on the board or active.

/** Admin, manager, dispatcher and tracker: those who see the load board. */
export const INSIGHTS_ROLES = menuRoles('loadboard');

// ---------------------------------------------------------------- GET loads/{id}/closest-cars

export const vehicleFitSchema = z.object({
  fits: z.boolean(),
  /** Why not, in the web's order: type_mismatch, too_large, too_tall, too_heavy, not_available... */
  reasons: z.array(z.enum(FIT_REASONS)),
  missing_equipment: z.array(z.enum(EQUIPMENT_FLAG_IDS)),
  /** The checks not made because the vehicle's record lacks the figure. */
  unknown: z.array(z.enum(FIT_CHECKS)),
  notes: z.array(z.enum(FIT_NOTES)),
});

/** A vehicle of the capacity search with its fit for the load. */
export const closestCarSchema = capacitySearchResultSchema.extend({ fit: vehicleFitSchema });
export type ClosestCar = z.infer<typeof closestCarSchema>;

/**
 * The capacity search from the load's first pick-up by its pick-up time (the same answer, so the capacity
 * map reads it as it is), each vehicle with why it fits or does not.
 */
export const closestCarsResponseSchema = capacitySearchResponseSchema.extend({
  results: z.array(closestCarSchema),
});
export type ClosestCarsResponse = z.infer<typeof closestCarsResponseSchema>;

// ---------------------------------------------------------------- GET rate/prediction/{id}

const dollars = z.number();

export const ratePredictionResponseSchema = z.object({
  load_id: z.number().int(),
  /** false: fewer comparable loads than `minimum_loads` at every level; the figures are then null. */
  enough_data: z.boolean(),
  /** The comparison the figures rest on: lane, region or type (null without enough data). */
  level: z.enum(RATE_LEVELS).nullable(),
  /** The loads the prediction rests on; without enough data, the most any level found. */
  loads_count: z.number().int().min(0),
  minimum_loads: z.number().int(),
  /** The window of history, in days back from today. */
  history_days: z.number().int(),
  /** The load's miles the price is for; null when the load has none and its points no coordinates. */
  miles: z.number().int().nullable(),
  /** Predicted broker price (dollars): the median rate per mile times the miles; low and high the quartiles. */
  price: dollars.nullable(),
  price_low: dollars.nullable(),
  price_high: dollars.nullable(),
  rate_per_mile: dollars.nullable(),
  rate_per_mile_low: dollars.nullable(),
  rate_per_mile_high: dollars.nullable(),
  /** What the broker posted (dollars), to set beside the prediction. */
  posted_price: dollars.nullable(),
  /** What the load was compared on. */
  lane: z.object({
    pick_up_state: z.string().nullable(),
    delivery_state: z.string().nullable(),
    pick_up_region: z.string().nullable(),
    delivery_region: z.string().nullable(),
    vehicle_type: z.enum(VEHICLE_TYPE_IDS).nullable(),
  }),
});
export type RatePredictionResponse = z.infer<typeof ratePredictionResponseSchema>;

// ---------------------------------------------------------------- GET cargo/analysis/{id}

export const cargoFitSchema = z.object({
  vehicle_type: z.enum(VEHICLE_TYPE_IDS),
  fits: z.boolean(),
  reasons: z.array(z.enum(CARGO_REASONS)),
  /** Pieces the type holds at most; null without the load's length and width. */
  capacity_pieces: z.number().int().nullable(),
  /** Percent of the floor, volume and payload the load takes; null when the load does not say. */
  floor_percent: z.number().nullable(),
  volume_percent: z.number().nullable(),
  payload_percent: z.number().nullable(),
  /** The typical cargo space the figures use: inches and pounds. */
  space: z.object({
    length: z.number().int(),
    width: z.number().int(),
    height: z.number().int(),
    payload: z.number().int(),
    dock_high: z.boolean(),
    liftgate: z.boolean(),
    hazmat: z.boolean(),
  }),
});
export type CargoFitResponse = z.infer<typeof cargoFitSchema>;

export const cargoAnalysisResponseSchema = z.object({
  load_id: z.number().int(),
  /** The load as analysed: one piece's dimensions (inches), the whole weight (pounds). */
  cargo: z.object({
    length: z.number().int().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    weight: z.number().int().nullable(),
    pieces: z.number().int().nullable(),
    stackable: z.boolean(),
    hazardous: z.boolean(),
    dock_level: z.boolean(),
    vehicle_type: z.enum(VEHICLE_TYPE_IDS).nullable(),
  }),
  /** Every vehicle type, smallest first. */
  results: z.array(cargoFitSchema),
});
export type CargoAnalysisResponse = z.infer<typeof cargoAnalysisResponseSchema>;
