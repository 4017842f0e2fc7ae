import { unitVector, type GeoPoint } from '@app/domain/geo/geo.rules';
import {
  vehicleStatusOf,
  type CapacitySearchQuery,
  type CapacitySearchResponse,
  type ClosestCarsQuery,
  type VehicleMapItem,
  type VehicleMapQuery,
} from '@app/domain/units/units.schema';
import { rankByDeadhead, searchBoundingBox } from '@app/domain/units/vehicle.rules';
import type { ListResponse } from '@app/domain/common/pagination';
import type { Db } from '../../db/types';
import { refuse } from '../../http/errors';
import type { CompanyCaller } from '../auth/caller';
import type { GeoService } from '../geo/geo.service';
import type { LoadsService } from '../loads/loads.service';
import * as repository from './capacity.repository';
import { fullName } from './contacts';
import type { VehiclesService } from './vehicles.service';

// The capacity search (from a place or a load; the load board's closest cars call it too) and the map
// (roles 3, 4, 5, 6: the maps' roles, the domain's VEHICLE_ROLES.capacity).
//
// A search ranks the company's vehicles by deadhead miles from a place — the domain's rules throughout:
// a vehicle counts at its planned location when its type is planned or both and it is free there by the
// search's available date, otherwise at its current location (effectivePosition); the miles are the
// product's road estimate, floored; the ETA leaves now, or when the vehicle is free at its planned
// location if that is later, at 50 mph; ties go to the earlier arrival, then the lower id (rankByDeadhead).
//
// It looks in widening rings — 10, 15, 22.5, 34 miles... then the radius asked — and stops at the first
// ring that holds `limit` vehicles: the closest `limit` within it are the closest overall, because every
// vehicle outside it is further away. In a busy area the first ring answers from a few hundred rows instead
// of ranking the thousands of trucks within 150 miles of Chicago; the rings are searched in the database
// in one round trip. The answer's `count` is therefore the number of vehicles answered (at most `limit`),
// not every vehicle within the radius: counting those would cost more than the search itself, and a
// dispatcher who wants more asks for a higher limit (up to 500, what the capacity map asks for).

export type CapacityService = ReturnType<typeof createCapacityService>;

export const CAPACITY_MESSAGES = {
  addressNotFound: 'No place matches this address; choose one from the address lookup.',
  pickUpWithoutPlace:
    "The load's pick-up has no coordinates: choose its address from the address lookup in the load form.",
} as const;

/** Miles of the first ring searched. */
export const FIRST_RING_MILES = 10;

/**
 * How much wider each ring is than the one before. Where the first ring is short of vehicles the next one
 * is read whole, so a smaller step reads fewer rows past the ones needed: over 300 searches of a 100,000
 * vehicle fleet, rings growing by half read a third fewer index entries at p95 than rings doubling (500
 * against 790), for a few more probes of the index.
 */
const RING_GROWTH = 1.5;

/** The rings of a search within `radius` miles: 10, 15, 22.5... miles, then the radius. */
export function searchRings(radius: number): number[] {
  const rings: number[] = [];
  for (let miles = FIRST_RING_MILES; miles < radius; miles *= RING_GROWTH) rings.push(miles);
  return [...rings, radius];
}

type Origin = GeoPoint & { address: string | null };

type Filters = Omit<ClosestCarsQuery, 'available_date'>;

export function createCapacityService(deps: {
  db: Db;
  now: () => Date;
  vehicles: VehiclesService;
  loads: LoadsService;
  geo: GeoService;
}) {
  const { db, now, vehicles, loads, geo } = deps;

  async function search(
    caller: CompanyCaller,
    origin: Origin,
    availableBy: Date,
    filters: Filters,
  ): Promise<CapacitySearchResponse> {
    const at = now();
    const found = await repository.findNearbyVehicles(db, {
      companyId: caller.companyId,
      origin: unitVector(origin),
      rings: searchRings(filters.radius).map((miles) => ({ miles, box: searchBoundingBox(origin, miles) })),
      availableBy,
      now: at,
      statuses: filters.status,
      transportTypes: filters.transport_type,
      limit: filters.limit,
    });
    const candidates = vehicles.toVehicles(found.rows, vehicles.viewerWith(caller, found.settings));
    const ranked = rankByDeadhead(candidates, origin, {
      availableBy,
      now: at,
      radiusMiles: filters.radius,
      limit: filters.limit,
    });
    return {
      origin: { lat: origin.lat, lon: origin.lon, address: origin.address },
      available_date: availableBy.toISOString(),
      radius: filters.radius,
      count: ranked.length,
      // The vehicles were made for this answer alone: the search's fields are added to them rather than
      // spread into copies (a copy of a vehicle's forty fields took V8's slow path, 10 µs a vehicle).
      results: ranked.map((match) =>
        Object.assign(match.vehicle, {
          deadhead_miles: match.deadhead_miles,
          eta: match.eta.toISOString(),
          uses_planned_location: match.uses_planned_location,
        }),
      ),
    };
  }

  /** The load's pick-up as the origin, and its time as the default available date. */
  async function loadOrigin(
    caller: CompanyCaller,
    loadId: number,
  ): Promise<{ origin: Origin; date: Date | null }> {
    const pickUp = await loads.pickUpOf(caller, loadId);
    if (pickUp.lat === null || pickUp.lon === null)
      throw refuse('pick_up_without_place', CAPACITY_MESSAGES.pickUpWithoutPlace);
    return { origin: { lat: pickUp.lat, lon: pickUp.lon, address: pickUp.address }, date: pickUp.date };
  }

  return {
    /**
     * GET cars/capacity-search from lat and lon (with the address as its label), from an address alone
     * (the first place the address lookup finds; 400 naming `address` when none), or from a load's pick-up.
     * Without an available date, planned locations count when the vehicle is free there now (for a load:
     * by its pick-up time).
     */
    async capacitySearch(caller: CompanyCaller, query: CapacitySearchQuery): Promise<CapacitySearchResponse> {
      if (query.load_number !== undefined) {
        // The number users see, not the id: the answer names the load it found by both.
        const load = await loads.findByNumber(caller, query.load_number);
        const { origin, date } = await loadOrigin(caller, load.id);
        const availableBy = query.available_date ? new Date(query.available_date) : (date ?? now());
        return { ...(await search(caller, origin, availableBy, query)), load };
      }
      if (query.load_id !== undefined) {
        const { origin, date } = await loadOrigin(caller, query.load_id);
        const availableBy = query.available_date ? new Date(query.available_date) : (date ?? now());
        return search(caller, origin, availableBy, query);
      }
      let origin: Origin;
      if (query.lat !== undefined && query.lon !== undefined) {
        origin = { lat: query.lat, lon: query.lon, address: query.address ?? null };
      } else {
        const [place] = geo.lookupAddress({ query: query.address!, limit: 1 }).results;
        if (!place)
          throw refuse('address_not_found', CAPACITY_MESSAGES.addressNotFound, {
            address: [CAPACITY_MESSAGES.addressNotFound],
          });
        origin = { lat: place.lat, lon: place.lon, address: place.formatted_address };
      }
      const availableBy = query.available_date ? new Date(query.available_date) : now();
      return search(caller, origin, availableBy, query);
    },

    /**
     * GET cars/imap: every vehicle with a current location (inside the box when given), by unit ID, with the
     * load it is on and that load's next point for the delivery map: two queries whatever the fleet.
     */
    async map(caller: CompanyCaller, query: VehicleMapQuery): Promise<ListResponse<VehicleMapItem>> {
      const [rows, activeLoads] = await Promise.all([
        repository.findMapVehicles(db, caller.companyId, query),
        loads.activeLoadsByVehicle(caller),
      ]);
      const results = rows.map((row): VehicleMapItem => ({
        id: row.id,
        unit_id: row.unit_id,
        transport_type: row.transport_type,
        status: vehicleStatusOf(row.status),
        lat: row.location_lat,
        lon: row.location_lon,
        address: row.location_address ?? '',
        last_update_time: row.location_updated_at?.toISOString() ?? null,
        location_status: row.location_status,
        future_location:
          row.future_location_address === null ||
          row.future_location_lat === null ||
          row.future_location_lon === null ||
          row.future_location_available_date === null
            ? null
            : {
                lat: row.future_location_lat,
                lon: row.future_location_lon,
                address: row.future_location_address,
                available_date: row.future_location_available_date.toISOString(),
              },
        active_driver:
          row.active_driver_id === null
            ? null
            : {
                id: row.active_driver_id,
                full_name: fullName(row.active_driver_first_name, row.active_driver_last_name),
              },
        load: activeLoads.get(row.id) ?? null,
      }));
      return { count: results.length, results };
    },
  };
}
