import { lookupName, VEHICLE_STATUSES, VEHICLE_TYPES } from '@app/domain/common/lookups';
import type { Lang } from '@app/domain/common/lookups';
import type { Vehicle, VehicleLocation } from '@app/domain/units/units.schema';
import type { AddressValue } from '@/components/address-autocomplete/address-value';

// How the units screens name and colour things.

export type ChipTone = 'success' | 'default' | 'primary' | 'warning' | 'error';

/**
 * The colour of a vehicle status: free is green, not available grey, on load the accent, in bid amber and
 * locked red, so that a glance at the table shows which trucks can take a load.
 */
export function vehicleStatusTone(status: number): ChipTone {
  switch (status) {
    case 1:
      return 'success';
    case 3:
      return 'primary';
    case 4:
    case 7:
      return 'warning';
    case 5:
      return 'error';
    default:
      return 'default';
  }
}

export function vehicleStatusName(status: number, lang: Lang): string {
  return lookupName(VEHICLE_STATUSES, status, lang);
}

export function vehicleTypeName(type: string, lang: Lang): string {
  return lookupName(VEHICLE_TYPES, type, lang);
}

export function personName(person: { first_name: string; last_name: string } | null | undefined): string {
  if (!person) return '';
  return [person.first_name, person.last_name].filter(Boolean).join(' ');
}

/** 'Dallas, TX' for a location; '' when there is none. */
export function placeText(place: { city: string; state: string } | null | undefined): string {
  if (!place) return '';
  return [place.city, place.state].filter(Boolean).join(', ');
}

/**
 * A location's whole address on one line. The location dialog stores the full line from the lookup
 * ('1200 W Industrial Ave, Chicago, IL 60607, USA'); a location stored as a street line alone gets its
 * city, state and ZIP added.
 */
export function fullAddress(
  place: Pick<VehicleLocation, 'address' | 'city' | 'state' | 'zip_code'> | null | undefined,
): string {
  if (!place) return '';
  const address = place.address.trim();
  if (place.city && address.toLowerCase().includes(place.city.toLowerCase())) return address;
  const region = [place.state, place.zip_code].filter(Boolean).join(' ');
  return [address, place.city, region].filter(Boolean).join(', ');
}

/** A stored location as the address input's value (its full address line is what the input shows). */
export function addressValueOf(
  place: Pick<VehicleLocation, 'address' | 'city' | 'state' | 'zip_code' | 'country' | 'lat' | 'lon'> | null,
): AddressValue | null {
  if (!place || (!place.address && !place.city)) return null;
  const line = fullAddress(place);
  return {
    address: place.address,
    city: place.city,
    state: place.state,
    zip_code: place.zip_code ?? '',
    country: place.country,
    lat: place.lat,
    lon: place.lon,
    formatted_address: line,
  };
}

/** The place the API takes from an address chosen in the input: the full line is the address. */
export function placeInputOf(value: AddressValue) {
  return {
    address: value.formatted_address,
    city: value.city,
    state: value.state,
    zip_code: value.zip_code || null,
    country: value.country,
    lat: value.lat,
    lon: value.lon,
  };
}

/** The driver who drives now: the active driver, else the only driver. */
export function currentDriver(vehicle: Pick<Vehicle, 'active_driver' | 'drivers'>) {
  return vehicle.active_driver ?? (vehicle.drivers.length === 1 ? vehicle.drivers[0]! : null);
}
