import { VEHICLE_STATUSES } from '@app/domain/common/lookups';
import { pageOffset, type ListResponse } from '@app/domain/common/pagination';
import type {
  ActiveDriverResponse,
  Vehicle,
  VehicleListQuery,
  VehicleStatus,
} from '@app/domain/units/units.schema';
import { vehicleStatusOf } from '@app/domain/units/units.schema';
import type { Db } from '../../db/types';
import type { Trx } from '../../db/unit-of-work';
import type { RealtimeEvent } from '../../realtime/event-bus';
import { unitsEvents } from '../../realtime/events';
import { fieldError } from '../../http/errors';
import type { CompanyCaller } from '../auth/caller';
import { createVehicleChange, VEHICLES_MESSAGES, type VehiclesDeps } from './vehicle-change';
import * as vehicleHandover from './vehicle-handover.repository';
import * as vehicleList from './vehicle-list.repository';
import * as vehicleLoads from './vehicle-loads.repository';
import * as vehicleTeams from './vehicle-teams.repository';
import * as repository from './vehicles.repository';
import { createVehicleChanges } from './vehicles.changes';

// The fleet: the vehicle list and page, a vehicle's details, its status, tracking, location and what its
// driver and owner may do. Roles (the domain's VEHICLE_ROLES, checked by the routes before any lookup):
//   view         3, 4, 5, 6, 7, 8  the list, a vehicle, its active driver (the vehicles page's roles)
//   operate      3, 4, 5, 6        location, status (one or many), tracking, bidding while on load, loads
//                                  for the driver and the owner: the dispatch floor keeps trucks current
//   editDetails  3, 4, 8           PUT cars/{id}/update: unit ID, specifications, documents, dispatcher,
//                                  owner and drivers: admins, managers and HR, who keep the records
// A superuser passes every role check.
//
// Every change runs in one transaction on the locked vehicle; events go out after commit, to the company's
// users who see vehicles:
//   car_status_change       { id, status: { id, name } }       a status set by hand (one, bulk, location dialog)
//   location_change         { id, location }                   each save of the location dialog
//   future_location_change  { id, future_location }            the planned location or its date changed
//   location_status_change  { id, location_status }            the location type changed
//   update_units            { kind: 'vehicle', ids: [id] }     details, tracking, bidding while on load, loads
//                                                              allowed (the product's own event; with it
//                                                              { kind: 'driver' } for the drivers a details
//                                                              save moves)
//
// Who changed a location and when: saving the location dialog renews the current location's updated_by
// and last_update_time even when the address is the same, because saving confirms where the truck is now
// (the table shows the location's age). The planned location's stamp changes only when the planned
// location does.
//
// Files: vehicle-change.ts (a vehicle as the caller sees it, the one way a vehicle changes), vehicles.changes.ts
// (every change), this file (reads, what the loads and teams modules ask, and the service as one object).

export type VehiclesService = ReturnType<typeof createVehiclesService>;

export { VEHICLES_MESSAGES } from './vehicle-change';

/** The vehicle statuses with their English names (GET statuses/cars). */
export const VEHICLE_STATUS_LIST: VehicleStatus[] = VEHICLE_STATUSES.map((status) =>
  vehicleStatusOf(status.id),
);

export function createVehiclesService(deps: VehiclesDeps) {
  const ctx = createVehicleChange(deps);
  const { db, now, viewerWith, viewerOf, toVehicles, vehicleById, statusEvent } = ctx;

  return {
    // ---- what the loads module asks of vehicles, inside the loads' open transaction (`trx`) or not (`db`)

    /**
     * Vehicle status follows the loads: a vehicle with a load in the active list is On load; one that was On
     * load and has none left is Available. The loads module names which of its vehicles have an active load
     * (`onLoad`) and which no longer do (`free`). Answers the car_status_change events to publish after commit.
     */
    async followLoads(
      trx: Trx,
      companyId: number,
      vehicles: { onLoad: readonly number[]; free: readonly number[] },
      at: Date,
    ): Promise<RealtimeEvent[]> {
      const changed = await vehicleLoads.setStatusesByLoads(trx, companyId, vehicles, at);
      return changed.map((vehicle) => statusEvent(companyId, vehicle.id, vehicle.status));
    },

    /**
     * Vehicle status follows the propositions: an Available vehicle offered to a broker is In bid; one In
     * bid whose last active proposition is lost is Available again. The bids module names them (`inBid`,
     * `free`) inside its transaction. Answers the car_status_change events to publish after commit.
     */
    async followBids(
      trx: Trx,
      companyId: number,
      vehicles: { inBid: readonly number[]; free: readonly number[] },
      at: Date,
    ): Promise<RealtimeEvent[]> {
      const changed = await vehicleLoads.setStatusesByBids(trx, companyId, vehicles, at);
      return changed.map((vehicle) => statusEvent(companyId, vehicle.id, vehicle.status));
    },

    /** The vehicle a driver of the company drives (the active driver's first, else the first listing them). */
    vehicleOfDriver: (trx: Db, companyId: number, driverId: number) =>
      vehicleLoads.findVehicleOfDriver(trx, companyId, driverId),

    /** Whether the company has the vehicle. */
    async exists(trx: Db, companyId: number, id: number): Promise<boolean> {
      return (await vehicleLoads.findUnitIds(trx, companyId, [id])).has(id);
    },

    /** Unit IDs of the company's vehicles by id. */
    unitIds: (trx: Db, companyId: number, ids: readonly number[]) =>
      vehicleLoads.findUnitIds(trx, companyId, ids),

    // ---- what the teams module asks of vehicles: counts by team, and a deleted team's vehicles moved

    /** The vehicles of each team of the company, by team id. */
    vehiclesByTeam: (companyId: number) => vehicleTeams.countVehiclesByTeam(db, companyId),

    /** The vehicles of one team, read in the caller's transaction. */
    vehiclesOfTeam: (trx: Db, companyId: number, workingGroupId: number) =>
      vehicleTeams.countVehiclesOfTeam(trx, companyId, workingGroupId),

    /** Every vehicle of a team moves to another, in the teams module's transaction; answers update_units. */
    async moveToTeam(
      trx: Trx,
      companyId: number,
      fromGroupId: number,
      toGroupId: number,
    ): Promise<RealtimeEvent[]> {
      const ids = await vehicleTeams.moveVehicles(trx, companyId, fromGroupId, toGroupId, now());
      return unitsEvents('vehicle', companyId, ids);
    },

    // ---- what the users module asks of vehicles: a dismissed dispatcher's vehicles handed to a colleague

    /** How many vehicles each of these users dispatches (absent: none). One query. */
    dispatchedCounts: (db: Db, companyId: number, userIds: readonly number[]) =>
      vehicleHandover.countVehiclesByDispatcher(db, companyId, userIds),

    /**
     * Every vehicle of `fromUserId` gets `toUserId` as its dispatcher, in the users module's transaction; the
     * team follows the new dispatcher's, as when a vehicle's details name another one. The colleague must
     * be a manager or dispatcher of the company who is not fired (400 on `field`). Answers the vehicles
     * moved and their update_units.
     */
    async handOverVehicles(
      trx: Trx,
      handover: { companyId: number; fromUserId: number; toUserId: number; field: string },
      at: Date,
    ): Promise<{ vehicleIds: number[]; events: RealtimeEvent[] }> {
      const { companyId, fromUserId, toUserId, field } = handover;
      const ids = await vehicleHandover.lockVehicleIdsOfDispatcher(trx, companyId, fromUserId);
      if (ids.length === 0) return { vehicleIds: [], events: [] };
      const dispatcher = await repository.findDispatcher(trx, companyId, toUserId, null);
      if (!dispatcher) throw fieldError(field, VEHICLES_MESSAGES.unknownDispatcher);
      await repository.updateVehicle(trx, companyId, ids, {
        dispatcher_id: dispatcher.id,
        working_group_id: dispatcher.working_group_id,
        updated_at: at,
      });
      return { vehicleIds: ids, events: unitsEvents('vehicle', companyId, ids) };
    },

    // ---- reads

    /** One page by unit ID: four queries whatever the page size (session, settings, count, page). */
    async list(caller: CompanyCaller, query: VehicleListQuery): Promise<ListResponse<Vehicle>> {
      const page = { limit: query.limit, offset: pageOffset(query) };
      const [count, rows, viewer] = await Promise.all([
        vehicleList.countVehicles(db, caller.companyId, query),
        vehicleList.findVehiclePage(db, caller.companyId, query, page),
        viewerOf(caller),
      ]);
      return { count, results: toVehicles(rows, viewer) };
    },

    detail: vehicleById,

    /** What the caller may see of the vehicles (phone numbers) under these company settings. */
    viewerWith,

    /** The vehicles of these rows, in their order. */
    toVehicles,

    statuses(): VehicleStatus[] {
      return VEHICLE_STATUS_LIST;
    },

    async activeDriver(caller: CompanyCaller, id: number): Promise<ActiveDriverResponse> {
      const vehicle = await vehicleById(caller, id);
      return { vehicle_id: vehicle.id, active_driver: vehicle.active_driver };
    },

    ...createVehicleChanges(ctx),
  };
}
