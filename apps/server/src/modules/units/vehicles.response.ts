import {
  vehicleStatusOf,
  type Vehicle,
  type VehicleFutureLocation,
  type VehicleLocation,
} from '@app/domain/units/units.schema';
import { expiryState, phoneForViewer } from '@app/domain/units/vehicle.rules';
import type { VehicleRow } from './vehicles.repository';
import { fullName } from './contacts';

// Vehicles as the API answers them (the domain's vehicleSchema), from the repository's rows.

const country = (value: string | null): 'US' | 'CA' => (value === 'CA' ? 'CA' : 'US');

const stamp = (person: { first_name: string; last_name: string } | null) =>
  person === null ? null : { first_name: person.first_name, last_name: person.last_name };

/** The current location, or null when none is set with coordinates. */
export function currentLocation(row: VehicleRow): VehicleLocation | null {
  if (row.location_address === null || row.location_lat === null || row.location_lon === null) return null;
  return {
    address: row.location_address,
    city: row.location_city ?? '',
    state: row.location_state ?? '',
    zip_code: row.location_zip_code,
    country: country(row.location_country),
    lat: row.location_lat,
    lon: row.location_lon,
    updated_by: stamp(row.location_updated_by),
    last_update_time: row.location_updated_at?.toISOString() ?? null,
  };
}

/** The planned location with its available date, or null when none is set. */
export function futureLocation(row: VehicleRow): VehicleFutureLocation | null {
  if (
    row.future_location_address === null ||
    row.future_location_lat === null ||
    row.future_location_lon === null ||
    row.future_location_available_date === null
  ) {
    return null;
  }
  return {
    address: row.future_location_address,
    city: row.future_location_city ?? '',
    state: row.future_location_state ?? '',
    zip_code: row.future_location_zip_code,
    country: country(row.future_location_country),
    lat: row.future_location_lat,
    lon: row.future_location_lon,
    available_date: row.future_location_available_date.toISOString(),
    updated_by: stamp(row.future_location_updated_by),
    last_update_time: row.future_location_updated_at?.toISOString() ?? null,
  };
}

export type Viewer = {
  /** canViewPhoneNumber: the viewer sees the drivers' phone numbers. */
  canViewPhone: boolean;
  now: Date;
};

/**
 * A vehicle as answered. The active driver is listed first among the drivers, and is listed even when only
 * set as active.
 */
export function toVehicle(row: VehicleRow, viewer: Viewer): Vehicle {
  const driver = (
    id: number,
    person: { first_name: string; last_name: string; phone_number: string | null },
  ) => ({
    id,
    full_name: fullName(person.first_name, person.last_name),
    phone_number: phoneForViewer(person.phone_number, viewer.canViewPhone),
  });
  const activeDriver =
    row.active_driver_id === null || row.active_driver === null
      ? null
      : driver(row.active_driver_id, row.active_driver);
  const others = row.drivers
    .filter((listed) => listed.id !== row.active_driver_id)
    .map((listed) => driver(listed.id, listed));
  return {
    id: row.id,
    unit_id: row.unit_id,
    transport_type: row.transport_type,
    status: vehicleStatusOf(row.status),
    model: row.model,
    year: row.year,
    width: row.width_in,
    height: row.height_in,
    length: row.length_in,
    payload: row.payload_lbs,
    vin: row.vin,
    license_plate: row.license_plate,
    license_state: row.license_state,
    license_expiry: row.license_expiry,
    insurance_expiry: row.insurance_expiry,
    license_expiry_state: expiryState(row.license_expiry, viewer.now),
    insurance_expiry_state: expiryState(row.insurance_expiry, viewer.now),
    equipment: row.equipment,
    dispatcher:
      row.dispatcher_id === null || row.dispatcher === null
        ? null
        : {
            id: row.dispatcher_id,
            first_name: row.dispatcher.first_name,
            last_name: row.dispatcher.last_name,
          },
    owner:
      row.owner_id === null || row.owner === null
        ? null
        : {
            id: row.owner_id,
            full_name: fullName(row.owner.first_name, row.owner.last_name),
            company_name: row.owner.company_name,
          },
    drivers: activeDriver ? [activeDriver, ...others] : others,
    active_driver: activeDriver,
    working_group: row.working_group_id,
    location: currentLocation(row),
    future_location: futureLocation(row),
    location_status: row.location_status,
    is_tracking_active: row.is_tracking_active,
    inactive_tracking_until: row.inactive_tracking_until?.toISOString() ?? null,
    can_bid_while_on_load: row.can_bid_while_on_load,
    loads_allowed_for_driver: row.loads_allowed_for_driver,
    loads_allowed_for_owner: row.loads_allowed_for_owner,
  };
}
