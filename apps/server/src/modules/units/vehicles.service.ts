import { VEHICLE_STATUSES } from '@app/domain/common/lookups';
import { pageOffset, type ListResponse } from '@app/domain/common/pagination';
import { validateLocationUpdate } from '@app/domain/units/location-dialog.rules';
import type {
  ActiveDriverResponse,
  LocationUpdate,
  Vehicle,
  VehicleBulkStatusUpdate,
  VehicleCanBidWhileOnLoad,
  VehicleListQuery,
  VehicleLoadsAllowedUpdate,
  VehicleStatus,
  VehicleStatusUpdate,
  VehicleTrackingUpdate,
  VehicleUpdate,
} from '@app/domain/units/units.schema';
import { carStatusChange, vehicleStatusOf } from '@app/domain/units/units.schema';
import {
  bulkStatusChangeRefusal,
  trackingPauseError,
  vehicleStatusChangeRefusal,
} from '@app/domain/units/vehicle.rules';
import type { Transaction, Updateable } from 'kysely';
import type { Database, EquipmentFlags, VehiclesTable } from '../../db/schema';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog } from '../../db/unit-of-work';
import { fieldError, notFound, refuse } from '../../http/errors';
import type { EventBus, RealtimeEvent } from '../../realtime/event-bus';
import { companyEvent } from '../../realtime/events';
import type { CompanyCaller } from '../auth/caller';
import { seesPhonesUnder } from './phone-visibility';
import * as vehicleList from './vehicle-list.repository';
import * as vehicleLoads from './vehicle-loads.repository';
import * as repository from './vehicles.repository';
import { fullName } from './contacts';
import { toVehicle, type Viewer } from './vehicles.response';

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
//
// Who changed a location and when: saving the location dialog renews the current location's updated_by
// and last_update_time even when the address is the same, because saving confirms where the truck is now
// (the table shows the location's age). The planned location's stamp changes only when the planned
// location does.

export type VehiclesService = ReturnType<typeof createVehiclesService>;

export const VEHICLES_MESSAGES = {
  unitIdTaken: 'Another vehicle already has this unit ID.',
  unknownDispatcher: 'Choose one of your dispatchers.',
  unknownOwner: 'Choose one of your owners.',
  unknownDriver: 'Choose one of your drivers.',
  activeDriverElsewhere: (driver: string, unitId: string) =>
    `${driver} is the active driver of unit ${unitId}. Choose another active driver there first.`,
} as const;

type Trx = Transaction<Database>;

/** The vehicle statuses with their English names (GET statuses/cars). */
export const VEHICLE_STATUS_LIST: VehicleStatus[] = VEHICLE_STATUSES.map((status) =>
  vehicleStatusOf(status.id),
);

/** Only the flags that are set, in name order, so that equal sets compare equal. */
function normalizedEquipment(equipment: EquipmentFlags): EquipmentFlags {
  return Object.fromEntries(
    Object.entries(equipment)
      .filter(([, value]) => value === true)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

const sameInstant = (a: Date | null, b: string | null) =>
  a === null || b === null ? a === b : a.getTime() === Date.parse(b);

export function createVehiclesService(deps: { db: Db; bus: EventBus; now: () => Date; log?: ErrorLog }) {
  const { db, now } = deps;
  const unit = createUnitOfWork(deps);

  const viewerWith = (caller: CompanyCaller, settings: repository.CompanyVehicleSettings): Viewer => ({
    canViewPhone: seesPhonesUnder(caller, settings),
    now: now(),
  });

  async function viewerOf(caller: CompanyCaller): Promise<Viewer> {
    return viewerWith(caller, await repository.findCompanySettings(db, caller.companyId));
  }

  /** The vehicles of these rows, in their order. */
  const toVehicles = (rows: readonly repository.VehicleRow[], viewer: Viewer): Vehicle[] =>
    rows.map((row) => toVehicle(row, viewer));

  async function vehicleById(caller: CompanyCaller, id: number): Promise<Vehicle> {
    const [row, viewer] = await Promise.all([
      repository.findVehicleRow(db, caller.companyId, id),
      viewerOf(caller),
    ]);
    if (!row) throw notFound();
    return toVehicle(row, viewer);
  }

  const statusEvent = (companyId: number, id: number, status: repository.VehicleStatusValue) =>
    companyEvent('car_status_change', companyId, carStatusChange(id, status));

  /** Runs `work` on the vehicle locked in a transaction; publishes its events after commit; answers the vehicle. */
  async function change(
    caller: CompanyCaller,
    id: number,
    work: (trx: Trx, vehicle: repository.LockedVehicle, at: Date) => Promise<RealtimeEvent[]>,
  ): Promise<Vehicle> {
    const at = now();
    await unit.run(async (trx, outbox) => {
      const vehicle = await repository.lockVehicle(trx, caller.companyId, id);
      if (!vehicle) throw notFound();
      outbox.push(...(await work(trx, vehicle, at)));
    });
    return vehicleById(caller, id);
  }

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

    /**
     * PUT cars/{id}/update: every detail; what is left out is cleared. The dispatcher must be a manager or
     * dispatcher of the company and the owner an active owner, the drivers drivers of the company who are not
     * fired (400 naming the field) — except those the vehicle already has, so that re-saving a vehicle never
     * fails on someone who has since left. The team follows the dispatcher's. A driver is the active driver
     * of one vehicle at a time: naming the active driver of another unit answers 409 naming that unit.
     */
    update(caller: CompanyCaller, id: number, body: VehicleUpdate): Promise<Vehicle> {
      return change(caller, id, async (trx, vehicle, at) => {
        if (await repository.findUnitIdTaken(trx, caller.companyId, body.unit_id, id)) {
          throw refuse('unit_id_taken', VEHICLES_MESSAGES.unitIdTaken, {
            unit_id: [VEHICLES_MESSAGES.unitIdTaken],
          });
        }
        let workingGroupId: number | null = null;
        if (body.dispatcher !== null) {
          const dispatcher = await repository.findDispatcher(
            trx,
            caller.companyId,
            body.dispatcher,
            vehicle.dispatcher_id,
          );
          if (!dispatcher) throw fieldError('dispatcher', VEHICLES_MESSAGES.unknownDispatcher);
          workingGroupId = dispatcher.working_group_id;
        }
        if (
          body.owner !== null &&
          !(await repository.findOwner(trx, caller.companyId, body.owner, vehicle.owner_id))
        ) {
          throw fieldError('owner', VEHICLES_MESSAGES.unknownOwner);
        }
        const drivers = await repository.findAssignableDrivers(trx, caller.companyId, id, body.drivers);
        if (drivers.length !== body.drivers.length)
          throw fieldError('drivers', VEHICLES_MESSAGES.unknownDriver);
        if (body.active_driver !== null && body.active_driver !== vehicle.active_driver_id) {
          const elsewhere = await repository.findVehicleWithActiveDriver(
            trx,
            caller.companyId,
            body.active_driver,
            id,
          );
          if (elsewhere) {
            const driver = drivers.find((candidate) => candidate.id === body.active_driver)!;
            const name = fullName(driver.first_name, driver.last_name);
            throw refuse(
              'active_driver_elsewhere',
              VEHICLES_MESSAGES.activeDriverElsewhere(name, elsewhere.unit_id),
              {
                driver: [name],
                unit_id: [elsewhere.unit_id],
              },
            );
          }
        }
        await repository.updateVehicle(trx, caller.companyId, [id], {
          unit_id: body.unit_id,
          transport_type: body.transport_type,
          model: body.model,
          year: body.year,
          width_in: body.width,
          height_in: body.height,
          length_in: body.length,
          payload_lbs: body.payload,
          vin: body.vin,
          license_plate: body.license_plate,
          license_state: body.license_state,
          license_expiry: body.license_expiry,
          insurance_expiry: body.insurance_expiry,
          equipment: JSON.stringify(normalizedEquipment(body.equipment)),
          dispatcher_id: body.dispatcher,
          working_group_id: workingGroupId,
          owner_id: body.owner,
          active_driver_id: body.active_driver,
          updated_at: at,
        });
        await repository.replaceVehicleDrivers(trx, id, body.drivers);
        return [];
      });
    },

    /**
     * PUT cars/{id}/update-status: Available or Not available (the schema refuses the others). A vehicle On
     * load keeps its status until its load leaves the active list: 409.
     */
    updateStatus(caller: CompanyCaller, id: number, body: VehicleStatusUpdate): Promise<Vehicle> {
      return change(caller, id, async (trx, vehicle, at) => {
        const refusal = vehicleStatusChangeRefusal(vehicle.status);
        if (refusal) throw refuse('vehicle_on_load', refusal);
        if (vehicle.status === body.status) return [];
        await repository.updateVehicle(trx, caller.companyId, [id], {
          status: body.status,
          status_updated_by: caller.userId,
          status_updated_at: at,
          updated_at: at,
        });
        return [statusEvent(caller.companyId, id, body.status)];
      });
    },

    /**
     * PUT cars/update-status: all the vehicles or none. A vehicle that is not the company's answers 404; any
     * vehicle On load answers 409 naming the units on load. Answers the vehicles, by unit ID.
     */
    async bulkUpdateStatus(
      caller: CompanyCaller,
      body: VehicleBulkStatusUpdate,
    ): Promise<ListResponse<Vehicle>> {
      const at = now();
      await unit.run(async (trx, outbox) => {
        const vehicles = await repository.lockVehicles(trx, caller.companyId, body.ids);
        if (vehicles.length !== body.ids.length) throw notFound();
        const refusal = bulkStatusChangeRefusal(vehicles);
        if (refusal)
          throw refuse('vehicles_on_load', refusal, {
            units: vehicles.filter((one) => vehicleStatusChangeRefusal(one.status)).map((one) => one.unit_id),
          });

        const changing = vehicles
          .filter((vehicle) => vehicle.status !== body.status)
          .map((vehicle) => vehicle.id);
        await repository.updateVehicle(trx, caller.companyId, changing, {
          status: body.status,
          status_updated_by: caller.userId,
          status_updated_at: at,
          updated_at: at,
        });
        outbox.push(...changing.map((vehicleId) => statusEvent(caller.companyId, vehicleId, body.status)));
      });
      const [rows, viewer] = await Promise.all([
        repository.findVehicleRows(db, caller.companyId, body.ids),
        viewerOf(caller),
      ]);
      return { count: rows.length, results: toVehicles(rows, viewer) };
    },

    /** PUT cars/{id}/tracking: on, off, or paused until a time that must still be ahead (400 otherwise). */
    tracking(caller: CompanyCaller, id: number, body: VehicleTrackingUpdate): Promise<Vehicle> {
      const error = trackingPauseError(body.inactive_tracking_until, now());
      if (error) throw refuse('tracking_pause_in_past', error, { inactive_tracking_until: [error] });
      return change(caller, id, async (trx, _vehicle, at) => {
        await repository.updateVehicle(trx, caller.companyId, [id], {
          is_tracking_active: body.is_tracking_active,
          inactive_tracking_until: body.inactive_tracking_until,
          updated_at: at,
        });
        return [];
      });
    },

    canBidWhileOnLoad(caller: CompanyCaller, id: number, body: VehicleCanBidWhileOnLoad): Promise<Vehicle> {
      return change(caller, id, async (trx, _vehicle, at) => {
        await repository.updateVehicle(trx, caller.companyId, [id], {
          can_bid_while_on_load: body.can_bid_while_on_load,
          updated_at: at,
        });
        return [];
      });
    },

    /** Allow or forbid the vehicle's loads for its driver or its owner; only the flags sent change. */
    loadsAllowed(caller: CompanyCaller, id: number, body: VehicleLoadsAllowedUpdate): Promise<Vehicle> {
      return change(caller, id, async (trx, _vehicle, at) => {
        await repository.updateVehicle(trx, caller.companyId, [id], {
          ...(body.loads_allowed_for_driver === undefined
            ? {}
            : { loads_allowed_for_driver: body.loads_allowed_for_driver }),
          ...(body.loads_allowed_for_owner === undefined
            ? {}
            : { loads_allowed_for_owner: body.loads_allowed_for_owner }),
          updated_at: at,
        });
        return [];
      });
    },

    /**
     * PUT cars/{id}/update-location: what the location dialog saves, under the dialog's rules (the domain's
     * validateLocationUpdate: 409 with its message): a current address always; a planned address with its
     * available date for the planned and both types; only Available or Not available as the status, and none
     * for a vehicle On load, whose planned location is required, whose type may not be current, and whose
     * type only a manager may change unless the company lets dispatchers search loads for an on-load unit.
     */
    async updateLocation(caller: CompanyCaller, id: number, body: LocationUpdate): Promise<Vehicle> {
      const at = now();
      const changed = await unit.run(async (trx) => {
        const vehicle = await repository.lockVehicle(trx, caller.companyId, id);
        if (!vehicle) throw notFound();
        const settings = await repository.findCompanySettings(trx, caller.companyId);
        const refusal = validateLocationUpdate({
          vehicle: { status: vehicle.status, location_status: vehicle.location_status },
          update: body,
          role: caller.role,
          isSuperuser: caller.isSuperuser,
          companyAllowsDispatchersOnLoadSearch: settings.can_dispatchers_search_loads_for_on_load_unit,
        });
        if (refusal) throw refuse('location_update_refused', refusal);

        const planned = body.future_location;

        const futureChanged =
          (planned === null) !== (vehicle.future_location_address === null) ||
          (planned !== null &&
            (planned.address !== vehicle.future_location_address ||
              planned.lat !== vehicle.future_location_lat ||
              planned.lon !== vehicle.future_location_lon ||
              !sameInstant(vehicle.future_location_available_date, planned.available_date)));
        const statusChanged = body.status !== undefined && body.status !== vehicle.status;
        const values: Updateable<VehiclesTable> = {
          location_address: body.location.address,
          location_city: body.location.city,
          location_state: body.location.state,
          location_zip_code: body.location.zip_code,
          location_country: body.location.country,
          location_lat: body.location.lat,
          location_lon: body.location.lon,
          location_updated_by: caller.userId,
          location_updated_at: at,
          location_status: body.location_status,
          updated_at: at,
        };
        if (futureChanged) {
          Object.assign(values, {
            future_location_address: planned?.address ?? null,
            future_location_city: planned?.city ?? null,
            future_location_state: planned?.state ?? null,
            future_location_zip_code: planned?.zip_code ?? null,
            future_location_country: planned?.country ?? null,
            future_location_lat: planned?.lat ?? null,
            future_location_lon: planned?.lon ?? null,
            future_location_available_date: planned?.available_date ?? null,
            future_location_updated_by: planned ? caller.userId : null,
            future_location_updated_at: planned ? at : null,
          } satisfies Updateable<VehiclesTable>);
        }
        if (statusChanged) {
          Object.assign(values, {
            status: body.status,
            status_updated_by: caller.userId,
            status_updated_at: at,
          } satisfies Updateable<VehiclesTable>);
        }
        await repository.updateVehicle(trx, caller.companyId, [id], values);
        return {
          future: futureChanged,
          locationStatus: body.location_status !== vehicle.location_status,
          status: statusChanged,
        };
      });
      const vehicle = await vehicleById(caller, id);
      const events: RealtimeEvent[] = [
        companyEvent('location_change', caller.companyId, { id, location: vehicle.location }),
      ];
      if (changed.future) {
        events.push(
          companyEvent('future_location_change', caller.companyId, {
            id,
            future_location: vehicle.future_location,
          }),
        );
      }
      if (changed.locationStatus) {
        events.push(
          companyEvent('location_status_change', caller.companyId, {
            id,
            location_status: vehicle.location_status,
          }),
        );
      }
      if (changed.status) {
        events.push(statusEvent(caller.companyId, id, vehicle.status.id));
      }
      // Published after the commit from the vehicle as read again, so that each event carries what lists show.
      await unit.publish(events);
      return vehicle;
    },
  };
}
