import { VEHICLE_TYPE_IDS, type VehicleType } from '@app/domain/common/lookups';
import { estimateRoute } from '@app/domain/geo/geo.rules';
import type { Db } from '../../db/types';
import { notFound } from '../../http/errors';
import {
  findInsightLoad,
  findInsightPoints,
  type InsightLoadRow,
  type InsightPointRow,
} from './insights-load.repository';

// The load the board detail's insights are about, with the points each of them reads.

export type InsightLoad = {
  load: InsightLoadRow;
  points: InsightPointRow[];
  /** The pick-up a truck heads for: the active one on a load under way, else the first. */
  pickUp: InsightPointRow;
  /** The first pick-up and the last delivery: the lane. */
  origin: InsightPointRow;
  destination: InsightPointRow | null;
  /** The load's miles, or the product's estimate along its points when the load has none. */
  miles: number | null;
};

/** The load of the caller's company (404 for another company's, a missing one or one gone from the board). */
export async function readInsightLoad(db: Db, companyId: number, loadId: number): Promise<InsightLoad> {
  const [load, points] = await Promise.all([
    findInsightLoad(db, companyId, loadId),
    findInsightPoints(db, companyId, loadId),
  ]);
  if (load === undefined || points.length === 0) throw notFound();
  const pickUps = points.filter((point) => point.type === 'pick_up');
  const deliveries = points.filter((point) => point.type === 'deliver_to');
  const origin = pickUps[0] ?? points[0]!;
  const pickUp = pickUps.find((point) => point.is_active) ?? origin;
  const located = points.filter(
    (point): point is InsightPointRow & { lat: number; lon: number } =>
      point.lat !== null && point.lon !== null,
  );
  const estimated =
    located.length === points.length && points.length > 1 ? estimateRoute(located).miles : null;
  return {
    load,
    points,
    pickUp,
    origin,
    destination: deliveries.at(-1) ?? null,
    miles: load.miles !== null && load.miles > 0 ? load.miles : estimated,
  };
}

/**
 * The load's vehicle type as the lookup names it, or null: the column is free text, and a type the lookup
 * does not know (an older posting's) is answered as no type rather than failing the answer's schema.
 */
export function knownVehicleType(type: string | null): VehicleType | null {
  return VEHICLE_TYPE_IDS.find((id) => id === type) ?? null;
}
