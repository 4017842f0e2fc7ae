import { routeDistanceMiles, type GeoPoint } from '../geo/geo.rules';

// The board row's deadhead: how far the nearest truck that could take the load is from its first pick-up,
// by the product's road-miles estimate. A truck could take it when it is of the load's vehicle type and free
// to bid (Available, or On load when it may bid while on load), measured from where it will be free (its
// planned location when it has one) — the trucks `match` counts. The trucks are read once for a page.

/** A truck that could bid: its vehicle type and where it is (or will be) free. */
export type BoardTruck = { transport_type: string; lat: number; lon: number };

/** The road miles from the nearest truck of the load's type to its pick-up; null without either. */
export function nearestTruckMiles(
  pickUp: GeoPoint | null,
  vehicleType: string | null,
  trucks: readonly BoardTruck[],
): number | null {
  if (!pickUp || vehicleType === null) return null;
  let nearest: number | null = null;
  for (const truck of trucks) {
    if (truck.transport_type !== vehicleType) continue;
    const miles = routeDistanceMiles([truck, pickUp]);
    if (nearest === null || miles < nearest) nearest = miles;
  }
  return nearest;
}
