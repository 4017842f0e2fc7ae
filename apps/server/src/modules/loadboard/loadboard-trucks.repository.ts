import { VEHICLE_STATUS } from '@app/domain/common/lookups';
import {
  haversineKm,
  kmToDegrees,
  radians,
  straightLineKmWithin,
  type GeoPoint,
} from '@app/domain/geo/geo.rules';
import type { BoardTruck } from '@app/domain/loadboard/nearest-truck.rules';
import type { Db } from '../../db/types';

// The trucks the board measures its loads against: the company's trucks that could bid, for each board
// row's deadhead and for `match`, and which places of board loads a truck reaches (`match`).

/**
 * The company's trucks that could bid on a board load, with where they are free: a vehicle Available (or On
 * load when it may bid while on load), at its planned location when it has one (location status 2 or 3),
 * else its current one; trucks with no known place are left out. One query.
 */
export async function findBoardTrucks(db: Db, companyId: number): Promise<BoardTruck[]> {
  return toBoardTrucks(await boardTrucksQuery(db, companyId).execute());
}

/** The query of findBoardTrucks, for a statement that reads the trucks beside other things. */
export function boardTrucksQuery(db: Db, companyId: number) {
  return db
    .selectFrom('vehicles as v')
    .select([
      'v.transport_type',
      'v.location_status',
      'v.location_lat',
      'v.location_lon',
      'v.future_location_lat',
      'v.future_location_lon',
    ])
    .where('v.company_id', '=', companyId)
    .where((eb) =>
      eb.or([
        eb('v.status', '=', VEHICLE_STATUS.available),
        eb.and([eb('v.status', '=', VEHICLE_STATUS.onLoad), eb('v.can_bid_while_on_load', '=', true)]),
      ]),
    );
}

export type BoardTruckRow = {
  transport_type: string;
  location_status: number | null;
  location_lat: number | null;
  location_lon: number | null;
  future_location_lat: number | null;
  future_location_lon: number | null;
};

/** Where each truck is free: its planned place (location status 2 or 3) when it has one, else its own. */
export function toBoardTrucks(rows: readonly BoardTruckRow[]): BoardTruck[] {
  const trucks: BoardTruck[] = [];
  for (const row of rows) {
    const planned =
      (row.location_status === 2 || row.location_status === 3) &&
      row.future_location_lat !== null &&
      row.future_location_lon !== null;
    const lat = planned ? row.future_location_lat : row.location_lat;
    const lon = planned ? row.future_location_lon : row.location_lon;
    if (lat !== null && lon !== null) trucks.push({ transport_type: row.transport_type, lat, lon });
  }
  return trucks;
}

/** Board loads of one vehicle type whose first pick-up is at one place, with how many of them there are. */
export type BoardPlace = { type: string; cell: number; lat: number; lon: number; loads: number };

/** The one-degree cells a truck's radius covers: rows of latitude, each the same range of longitude. */
type TruckReach = GeoPoint & { latFrom: number; latTo: number; lonFrom: number; lonTo: number };

/** Whether the truck's cells hold the cell numbered `cell` (floor(lat) * 1000 + floor(lon), as stored). */
function reachesCell(truck: TruckReach, cell: number): boolean {
  for (let cellLat = truck.latFrom; cellLat <= truck.latTo; cellLat++) {
    const cellLon = cell - cellLat * 1000;
    if (cellLon >= truck.lonFrom && cellLon <= truck.lonTo) return true;
  }
  return false;
}

/** A place as `match` measures it: a vehicle type and where its loads are picked up. */
export type MatchPlace = Omit<BoardPlace, 'loads'>;

/**
 * Whether a fitting truck can reach a place: a truck of the place's type (findBoardTrucks) whose cells
 * (the one-degree cells its radius covers) hold the place's cell, within `maxMilesOut` road miles by the
 * product's estimate (geo.rules: haversine kilometres under straightLineKmWithin). A place is measured only
 * against the trucks of its type that reach its cell.
 */
export function placeReach(
  trucks: readonly BoardTruck[],
  maxMilesOut: number,
): (place: MatchPlace) => boolean {
  const km = straightLineKmWithin(maxMilesOut);
  const latDegrees = kmToDegrees(km);
  const reachOfType = new Map<string, TruckReach[]>();
  for (const { transport_type, lat, lon } of trucks) {
    // A degree of longitude shrinks with the cosine of the latitude: the box is widest at its pole-side edge.
    const lonDegrees =
      latDegrees / Math.max(Math.cos(radians(Math.min(Math.abs(lat) + latDegrees, 89))), 0.01);
    const reach: TruckReach = {
      lat,
      lon,
      latFrom: Math.floor(lat - latDegrees),
      latTo: Math.floor(lat + latDegrees),
      lonFrom: Math.floor(lon - lonDegrees),
      lonTo: Math.floor(lon + lonDegrees),
    };
    const ofType = reachOfType.get(transport_type);
    if (ofType) ofType.push(reach);
    else reachOfType.set(transport_type, [reach]);
  }
  return (place) =>
    (reachOfType.get(place.type) ?? []).some(
      (truck) => reachesCell(truck, place.cell) && haversineKm(truck, place) < km,
    );
}

/** The places a fitting truck can reach (placeReach). */
export function reachedPlaces(
  trucks: readonly BoardTruck[],
  maxMilesOut: number,
  places: readonly BoardPlace[],
): BoardPlace[] {
  return places.filter(placeReach(trucks, maxMilesOut));
}
