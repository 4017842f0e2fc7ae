import type { Load } from '@app/domain/loads/loads.schema';
import type { Driver, Owner, Vehicle } from '@app/domain/units/units.schema';
import { lastQuery, listOf, makeListLoad, setupListPages } from '@/components/lists/list-test-data';
import { FakeAnswer } from '@/test/render-app';

// Vehicles, drivers and owners as the server answers them, for the component tests of the units screens.

export const VEHICLES_PATH = '/backend/api/v2/cars/all';
export const DRIVERS_PATH = '/backend/api/v2/users/drivers';
export const OWNERS_PATH = '/backend/api/v2/users/owners';
export const ADDRESS_LOOKUP = 'GET /backend/api/v2/geo/address-lookup';

/** Ten minutes before the tests' "now" is never fixed: ages are computed from the real clock. */
export function minutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * 60_000).toISOString();
}

export function makeVehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  return {
    id: 71,
    unit_id: 'U-101',
    transport_type: 'SPRINTER',
    status: { id: 1, name: 'Available' },
    model: 'Mercedes Sprinter 2500',
    year: 2021,
    width: 70,
    height: 72,
    length: 170,
    payload: 3500,
    vin: '1FTBW3XM5HKA12345',
    license_plate: 'ABC123',
    license_state: 'TX',
    license_expiry: '2030-05-01',
    insurance_expiry: '2030-06-01',
    license_expiry_state: 'ok',
    insurance_expiry_state: 'ok',
    equipment: { straps: true },
    dispatcher: { id: 21, first_name: 'Dina', last_name: 'Dispatch' },
    owner: { id: 31, full_name: 'Olga Owner', company_name: 'Owner Fleet LLC' },
    drivers: [{ id: 61, full_name: 'Dan Driver', phone_number: null }],
    active_driver: { id: 61, full_name: 'Dan Driver', phone_number: null },
    working_group: null,
    location: {
      address: '100 Main St, Dallas, TX 75201, USA',
      city: 'Dallas',
      state: 'TX',
      zip_code: '75201',
      country: 'US',
      lat: 32.78,
      lon: -96.8,
      updated_by: { first_name: 'Dina', last_name: 'Dispatch' },
      last_update_time: minutesAgo(5),
    },
    future_location: null,
    location_status: 1,
    is_tracking_active: true,
    inactive_tracking_until: null,
    can_bid_while_on_load: false,
    loads_allowed_for_driver: true,
    loads_allowed_for_owner: true,
    ...overrides,
  };
}

/** A planned location in Chicago, free at 08:30 Eastern on January 15, 2026 (13:30 UTC). */
export function chicagoPlanned(): NonNullable<Vehicle['future_location']> {
  return {
    address: '9 Lake Ave, Chicago, IL 60601, USA',
    city: 'Chicago',
    state: 'IL',
    zip_code: '60601',
    country: 'US',
    lat: 41.88,
    lon: -87.63,
    available_date: '2026-01-15T13:30:00Z',
    updated_by: { first_name: 'Dina', last_name: 'Dispatch' },
    last_update_time: minutesAgo(30),
  };
}

export function makeDriver(overrides: Partial<Driver> = {}): Driver {
  return {
    id: 61,
    first_name: 'Dan',
    last_name: 'Driver',
    full_name: 'Dan Driver',
    phone_number: null,
    email: 'dan@drivers.test',
    status: 'Active',
    is_active: true,
    is_active_for_owner: true,
    owner: { id: 31, full_name: 'Olga Owner', company_name: 'Owner Fleet LLC' },
    car: { id: 71, unit_id: 'U-101' },
    license_number: 'D1234567',
    license_state: 'TX',
    license_expiry: '2030-01-01',
    license_expiry_state: 'ok',
    created_date: '2025-03-01T15:00:00Z',
    ...overrides,
  };
}

export function makeOwner(overrides: Partial<Owner> = {}): Owner {
  return {
    id: 31,
    first_name: 'Olga',
    last_name: 'Owner',
    full_name: 'Olga Owner',
    company_name: 'Owner Fleet LLC',
    phone_number: null,
    email: 'olga@owners.test',
    is_wage_visible: false,
    is_active: true,
    drivers_count: 2,
    vehicles_count: 3,
    created_date: '2025-02-01T15:00:00Z',
    ...overrides,
  };
}

/** A completed load from Dallas to Chicago, as the driver's load history lists it. */
export function makeHistoryLoad(overrides: Partial<Load> = {}): Load {
  const listed = makeListLoad();
  const pickUp = '2025-11-21T20:04:00Z';
  const delivery = '2025-11-22T15:30:00Z';
  return {
    ...listed,
    status: 10,
    status_name: 'Completed',
    accounting_status: 8,
    broker_company: null,
    broker_name: null,
    broker_phone: null,
    reply_email: null,
    pays: null,
    weight: null,
    pieces: null,
    length: null,
    width: null,
    height: null,
    vehicle_type: null,
    note: null,
    pick_up_datetime: pickUp,
    delivery_datetime: delivery,
    points: listed.points.map((point) => ({ ...point, date: point.type === 'pick_up' ? pickUp : delivery })),
    car: { id: 71, unit_id: 'U-101', transport_type: 'SPRINTER' },
    dispatcher: null,
    created_date: '2025-11-20T14:00:00Z',
    updated_date: '2025-11-22T16:00:00Z',
    ...overrides,
  };
}

export { listOf, lastQuery };

/** Signs a user in with the company's dispatchers and teams, and fakes the network with the routes. */
export const setupUnits = setupListPages;

export { FakeAnswer };
