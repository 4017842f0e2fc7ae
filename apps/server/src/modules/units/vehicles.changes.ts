import type {
  LocationUpdate,
  Vehicle,
  VehicleBulkStatusUpdate,
  VehicleCanBidWhileOnLoad,
  VehicleLoadsAllowedUpdate,
  VehicleStatusUpdate,
  VehicleTrackingUpdate,
  VehicleUpdate,
} from '@app/domain/units/units.schema';
import type { ListResponse } from '@app/domain/common/pagination';
import { locationUpdateRefusal } from '@app/domain/units/location-dialog.rules';
import {
  bulkStatusChangeRefusal,
  trackingPauseError,
  vehicleStatusChangeRefusal,
} from '@app/domain/units/vehicle.rules';
import type { EquipmentFlags } from '../../db/schema';
import type { RowUpdate } from '../../db/types';
import { fieldError, notFound, refuse } from '../../http/errors';
import type { RealtimeEvent } from '../../realtime/event-bus';
import { companyEvent, unitsEvents } from '../../realtime/events';
import type { CompanyCaller } from '../auth/caller';
import { fullName } from './contacts';
import { VEHICLES_MESSAGES, type VehicleChange } from './vehicle-change';
import * as repository from './vehicles.repository';

// The changes of vehicles: their details (PUT cars/{id}/update), status (one or many), tracking, what the
// driver and the owner may do, and the location dialog. Each runs in one unit of work on the locked vehicle.
// Details, tracking and the switches publish update_units { kind: 'vehicle' } (the product's own event:
// the spec has none for them); status and location publish the spec's events instead.

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

export function createVehicleChanges(ctx: VehicleChange) {
  const { db, now, unit, viewerOf, toVehicles, vehicleById, statusEvent, change } = ctx;

  return {
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
        const driversBefore = await repository.replaceVehicleDrivers(trx, id, body.drivers);
        // The drivers list shows each driver's unit: those who left or joined the vehicle, or all of them
        // when its unit ID changed.
        const unitRenamed = body.unit_id !== vehicle.unit_id;
        const activeChanged = body.active_driver !== vehicle.active_driver_id;
        const driversTouched = [
          ...driversBefore.filter((driverId) => unitRenamed || !body.drivers.includes(driverId)),
          ...body.drivers.filter((driverId) => unitRenamed || !driversBefore.includes(driverId)),
          ...(activeChanged || unitRenamed ? [vehicle.active_driver_id, body.active_driver] : []),
        ].filter((driverId) => driverId !== null);
        return [
          ...unitsEvents('vehicle', caller.companyId, [id]),
          ...unitsEvents('driver', caller.companyId, driversTouched),
        ];
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
        return unitsEvents('vehicle', caller.companyId, [id]);
      });
    },

    canBidWhileOnLoad(caller: CompanyCaller, id: number, body: VehicleCanBidWhileOnLoad): Promise<Vehicle> {
      return change(caller, id, async (trx, _vehicle, at) => {
        await repository.updateVehicle(trx, caller.companyId, [id], {
          can_bid_while_on_load: body.can_bid_while_on_load,
          updated_at: at,
        });
        return unitsEvents('vehicle', caller.companyId, [id]);
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
        return unitsEvents('vehicle', caller.companyId, [id]);
      });
    },

    /**
     * PUT cars/{id}/update-location: what the location dialog saves, under the dialog's rules (the domain's
     * locationUpdateRefusal: 409 with its code): a current address always; a planned address with its
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
        const refusal = locationUpdateRefusal({
          vehicle: { status: vehicle.status, location_status: vehicle.location_status },
          update: body,
          role: caller.role,
          isSuperuser: caller.isSuperuser,
          companyAllowsDispatchersOnLoadSearch: settings.can_dispatchers_search_loads_for_on_load_unit,
        });
        if (refusal) throw refuse(refusal.code, refusal.detail);

        const planned = body.future_location;

        const futureChanged =
          (planned === null) !== (vehicle.future_location_address === null) ||
          (planned !== null &&
            (planned.address !== vehicle.future_location_address ||
              planned.lat !== vehicle.future_location_lat ||
              planned.lon !== vehicle.future_location_lon ||
              !sameInstant(vehicle.future_location_available_date, planned.available_date)));
        const statusChanged = body.status !== undefined && body.status !== vehicle.status;
        const values: RowUpdate<'vehicles'> = {
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
          } satisfies RowUpdate<'vehicles'>);
        }
        if (statusChanged) {
          Object.assign(values, {
            status: body.status,
            status_updated_by: caller.userId,
            status_updated_at: at,
          } satisfies RowUpdate<'vehicles'>);
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
