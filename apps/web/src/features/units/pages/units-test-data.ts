import type { Load } from '@app/domain/loads/loads.schema';
import type { Driver, Owner, Vehicle } from '@app/domain/units/units.schema';
import type { CurrentUser } from '@/lib/current-user';
import { FakeAnswer, fakeFetch, makeUser, storeSession } from '@/test/render-app';
import type { FakeCall } from '@/test/render-app';

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
  const point = {
    address: '100 Main St',
    zip_code: null,
    country: 'US' as const,
    lat: null,
    lon: null,
    is_active: false,
  };
  return {
    id: 42,
    status: 10,
    status_name: 'Completed',
    accounting_status: 8,
    load_accounting_number: 42,
    load_accounting_number_display: '000042',
    load_accounting_week: null,
    load_accounting_year: null,
    broker_company: null,
    accounting_broker_company: null,
    broker_name: null,
    broker_phone: null,
    reply_email: null,
    rateconf_ref: 'RC-1',
    pays: null,
    broker_price: 1200.5,
    driver_price: 950,
    weight: null,
    pieces: null,
    length: null,
    width: null,
    height: null,
    vehicle_type: null,
    note: null,
    dock_level: false,
    isDanger: false,
    isUrgent: false,
    isCanPutOnTop: false,
    equipment: {},
    pick_up_datetime: '2025-11-21T20:04:00Z',
    delivery_datetime: '2025-11-22T15:30:00Z',
    points: [
      {
        ...point,
        id: 501,
        order: 1,
        type: 'pick_up',
        city: 'Dallas',
        state: 'TX',
        date: '2025-11-21T20:04:00Z',
      },
      {
        ...point,
        id: 502,
        order: 2,
        type: 'deliver_to',
        city: 'Chicago',
        state: 'IL',
        date: '2025-11-22T15:30:00Z',
      },
    ],
    files: [],
    driver: { id: 61, full_name: 'Dan Driver', phone_number: null },
    car: { id: 71, unit_id: 'U-101', transport_type: 'SPRINTER' },
    dispatcher: null,
    working_group: null,
    subgroup: null,
    miles: 925,
    transit_time: 18.5,
    email_notifications_status: 'Inactive',
    email_notifications_interval: null,
    email_notifications_location_flag: false,
    email_notifications_load_status_flag: false,
    email_notifications_type: 'interval',
    location_update_emails: [],
    created_date: '2025-11-20T14:00:00Z',
    updated_date: '2025-11-22T16:00:00Z',
    ...overrides,
  };
}

export function listOf<Item>(items: Item[], count = items.length) {
  return { count, results: items };
}

export const DISPATCHERS = [
  { id: 21, first_name: 'Dina', last_name: 'Dispatch', role: 5, avatar: null },
  { id: 22, first_name: 'Mark', last_name: 'Manager', role: 4, avatar: null },
];

/** Signs a user in and fakes the network: users/my answers the user, or the dispatchers when asked. */
export function setupUnits(routes: Record<string, unknown>, user: Partial<CurrentUser> = {}) {
  storeSession();
  return fakeFetch({
    'GET /backend/api/users/my/': (call: FakeCall) =>
      call.url.includes('dispatchers=true') ? DISPATCHERS : makeUser(user),
    'GET /backend/api/v2/working-groups/all': [
      {
        id: 3,
        name: 'East',
        group_name: 'East',
        group_lead: null,
        subgroups: [{ id: 31, name: 'East A', lead: null, subgroup_lead: null, users_id: [] }],
      },
    ],
    ...routes,
  });
}

/** The query string of the last call to a path. */
export function lastQuery(calls: { url: string }[]): URLSearchParams {
  const url = calls[calls.length - 1]?.url ?? '';
  return new URLSearchParams(url.split('?')[1] ?? '');
}

export { FakeAnswer };
