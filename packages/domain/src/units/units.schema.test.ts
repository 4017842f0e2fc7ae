import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../common/errors';
import {
  addDriverSchema,
  capacitySearchQuerySchema,
  closestCarsQuerySchema,
  contactSearchQuerySchema,
  driverIsActiveForOwnerSchema,
  driverIsActiveSchema,
  driverListQuerySchema,
  locationUpdateSchema,
  ownerCompaniesQuerySchema,
  ownerCreateSchema,
  ownerUpdateSchema,
  vehicleBulkStatusUpdateSchema,
  vehicleCanBidWhileOnLoadSchema,
  vehicleListQuerySchema,
  vehicleLoadsAllowedUpdateSchema,
  vehicleMapQuerySchema,
  vehicleSchema,
  vehicleStatusUpdateSchema,
  vehicleTrackingUpdateSchema,
  vehicleUpdateSchema,
  type Vehicle,
} from './units.schema';

/** The field messages of a body the schema refuses. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`Expected ${JSON.stringify(input)} to be refused`);
  return fieldErrors(result.error);
}

const CHICAGO = {
  address: '1200 W Industrial Ave, Chicago, IL 60607, USA',
  city: 'Chicago',
  state: 'IL',
  zip_code: '60607',
  country: 'US',
  lat: 41.8781,
  lon: -87.6298,
};
const TORONTO = {
  address: 'Toronto, ON, Canada',
  city: 'Toronto',
  state: 'ON',
  country: 'CA',
  lat: 43.6532,
  lon: -79.3832,
};

describe('vehicle list query (GET cars/all)', () => {
  it('pages 1 by 25 by default, with no filters', () => {
    expect(vehicleListQuerySchema.parse({})).toEqual({ page: 1, limit: 25 });
  });
  it('takes statuses and vehicle types repeated or comma-separated', () => {
    const query = vehicleListQuerySchema.parse({ status: ['1', '2,3'], transport_type: 'VAN,BOX TRUCK' });
    expect(query.status).toEqual([1, 2, 3]);
    expect(query.transport_type).toEqual(['VAN', 'BOX TRUCK']);
  });
  it('refuses an unknown vehicle status', () => {
    expect(errorsOf(vehicleListQuerySchema, { status: '6' })).toEqual({
      'status.0': ['Unknown vehicle status'],
    });
  });
  it('takes dispatcher, owner, driver, team, subgroup, state and text', () => {
    expect(
      vehicleListQuerySchema.parse({
        dispatcher: '7',
        owner: '8',
        driver: '9',
        wg: '2',
        sub_wg: '3',
        state: 'tx',
        search: ' 1042 ',
      }),
    ).toEqual({
      page: 1,
      limit: 25,
      dispatcher: 7,
      owner: 8,
      driver: 9,
      wg: 2,
      sub_wg: 3,
      state: 'TX',
      search: '1042',
    });
  });
});

describe('vehicle update (PUT cars/{id}/update)', () => {
  const body = {
    unit_id: '1042',
    transport_type: 'SPRINTER VAN',
    model: 'Mercedes Sprinter 2500',
    year: 2022,
    width: '70',
    height: 70,
    length: 170,
    payload: 3500,
    vin: 'wd4pf1cd5kp123456',
    license_plate: 'abc 1234',
    license_state: 'IL',
    license_expiry: '2027-05-31',
    insurance_expiry: '2026-12-31',
    equipment: { straps: true, liftgate: false },
    dispatcher: 7,
    owner: 3,
    drivers: [11, 12, 11],
    active_driver: 12,
  };
  it('takes every detail', () => {
    expect(vehicleUpdateSchema.parse(body)).toEqual({
      ...body,
      width: 70,
      vin: 'WD4PF1CD5KP123456',
      license_plate: 'ABC 1234',
      drivers: [11, 12],
    });
  });
  it('needs unit ID and transport type; the rest clears when left out', () => {
    expect(vehicleUpdateSchema.parse({ unit_id: '7', transport_type: 'VAN' })).toEqual({
      unit_id: '7',
      transport_type: 'VAN',
      model: null,
      year: null,
      width: null,
      height: null,
      length: null,
      payload: null,
      vin: null,
      license_plate: null,
      license_state: null,
      license_expiry: null,
      insurance_expiry: null,
      equipment: {},
      dispatcher: null,
      owner: null,
      drivers: [],
      active_driver: null,
    });
    expect(errorsOf(vehicleUpdateSchema, { unit_id: ' ' })).toMatchObject({
      unit_id: ['This field is required'],
      transport_type: ['Choose a vehicle type from the list'],
    });
  });
  it('holds dimensions to 3 digits and the payload to 6', () => {
    expect(errorsOf(vehicleUpdateSchema, { ...body, length: 1000, payload: 1_000_000 })).toEqual({
      length: ['Must be at most 999'],
      payload: ['Must be at most 999999'],
    });
  });
  it('checks the VIN: 17 letters and digits without I, O or Q', () => {
    expect(errorsOf(vehicleUpdateSchema, { ...body, vin: 'WD4PF1CD5KP12345O' })).toEqual({
      vin: ['VIN must be 17 letters and digits, without I, O or Q'],
    });
  });
  it('checks the year and the expiry dates', () => {
    expect(errorsOf(vehicleUpdateSchema, { ...body, year: 1900, license_expiry: '05/31/2027' })).toEqual({
      year: ['Must be a year from 1950 to 2100'],
      license_expiry: ['Must be a date (YYYY-MM-DD)'],
    });
  });
  it('the active driver is one of the drivers', () => {
    expect(errorsOf(vehicleUpdateSchema, { ...body, active_driver: 13 })).toEqual({
      active_driver: ['The active driver must be one of the drivers of the vehicle'],
    });
  });
  it('a vehicle has at most 5 drivers', () => {
    expect(errorsOf(vehicleUpdateSchema, { ...body, drivers: [1, 2, 3, 4, 5, 6], active_driver: 1 })).toEqual(
      {
        drivers: ['A vehicle has at most 5 drivers'],
      },
    );
  });
});

describe('vehicle status (PUT cars/{id}/update-status and cars/update-status)', () => {
  it('only Available and Not available can be set', () => {
    expect(vehicleStatusUpdateSchema.parse({ status: 2 })).toEqual({ status: 2 });
    expect(errorsOf(vehicleStatusUpdateSchema, { status: 3 })).toEqual({
      status: ['Choose Available or Not available'],
    });
  });
  it('in bulk: one status for several vehicles, each once', () => {
    expect(vehicleBulkStatusUpdateSchema.parse({ ids: [4, 5, 4], status: 1 })).toEqual({
      ids: [4, 5],
      status: 1,
    });
  });
  it('in bulk: at least one vehicle and at most 500', () => {
    expect(errorsOf(vehicleBulkStatusUpdateSchema, { ids: [], status: 1 })).toEqual({
      ids: ['Choose at least one vehicle'],
    });
    const many = Array.from({ length: 501 }, (_, index) => index + 1);
    expect(errorsOf(vehicleBulkStatusUpdateSchema, { ids: many, status: 1 })).toEqual({
      ids: ['At most 500 vehicles at once'],
    });
  });
});

describe('tracking (PUT cars/{id}/tracking)', () => {
  it('switches on and clears the pause end', () => {
    expect(
      vehicleTrackingUpdateSchema.parse({
        is_tracking_active: true,
        inactive_tracking_until: '2026-03-11T08:00:00-05:00',
      }),
    ).toEqual({ is_tracking_active: true, inactive_tracking_until: null });
  });
  it('pauses until a date-time', () => {
    expect(
      vehicleTrackingUpdateSchema.parse({
        is_tracking_active: false,
        inactive_tracking_until: '2026-03-11T08:00:00-05:00',
      }),
    ).toEqual({ is_tracking_active: false, inactive_tracking_until: '2026-03-11T08:00:00-05:00' });
  });
  it('switches off with no end', () => {
    expect(vehicleTrackingUpdateSchema.parse({ is_tracking_active: false })).toEqual({
      is_tracking_active: false,
      inactive_tracking_until: null,
    });
  });
  it('refuses a pause end that is not a date-time', () => {
    expect(
      errorsOf(vehicleTrackingUpdateSchema, {
        is_tracking_active: false,
        inactive_tracking_until: 'tomorrow',
      }),
    ).toEqual({ inactive_tracking_until: ['Must be an ISO 8601 date-time with offset'] });
  });
});

describe('unit actions', () => {
  it('allow bids while On load', () => {
    expect(vehicleCanBidWhileOnLoadSchema.parse({ can_bid_while_on_load: true })).toEqual({
      can_bid_while_on_load: true,
    });
  });
  it('allow or forbid loads for the driver or the owner', () => {
    expect(vehicleLoadsAllowedUpdateSchema.parse({ loads_allowed_for_owner: false })).toEqual({
      loads_allowed_for_owner: false,
    });
    expect(errorsOf(vehicleLoadsAllowedUpdateSchema, {})).toEqual({ '': ['Nothing to change'] });
  });
});

describe('location update (PUT cars/{id}/update-location)', () => {
  const planned = { ...TORONTO, available_date: '2026-03-11T08:00:00-05:00' };
  it('takes a current location with type current', () => {
    expect(locationUpdateSchema.parse({ location: CHICAGO, location_status: 1 })).toEqual({
      location: CHICAGO,
      future_location: null,
      location_status: 1,
    });
  });
  it('takes a planned location with its full date-time and a status', () => {
    const update = locationUpdateSchema.parse({
      location: CHICAGO,
      future_location: planned,
      location_status: 3,
      status: 2,
    });
    expect(update.future_location).toEqual({ ...planned, zip_code: null });
    expect(update.status).toBe(2);
  });
  it('needs a current address', () => {
    expect(errorsOf(locationUpdateSchema, { location: null, location_status: 1 })).toEqual({
      location: ['A vehicle location needs a current address'],
    });
  });
  it('needs an address chosen from the lookup, with coordinates', () => {
    expect(
      errorsOf(locationUpdateSchema, { location: { ...CHICAGO, lat: null, lon: null }, location_status: 1 }),
    ).toEqual({
      'location.lat': ['Choose an address from the suggestions'],
      'location.lon': ['Choose an address from the suggestions'],
    });
  });
  it('a planned address needs an available date', () => {
    expect(
      errorsOf(locationUpdateSchema, {
        location: CHICAGO,
        future_location: { ...TORONTO, available_date: null },
        location_status: 3,
      }),
    ).toEqual({ 'future_location.available_date': ['A planned location needs an available date'] });
  });
  it('planned and both need a planned address', () => {
    for (const location_status of [2, 3]) {
      expect(errorsOf(locationUpdateSchema, { location: CHICAGO, location_status })).toEqual({
        future_location: ['Planned and both location types need a planned address'],
      });
    }
  });
  it('only Available and Not available can be chosen', () => {
    expect(errorsOf(locationUpdateSchema, { location: CHICAGO, location_status: 1, status: 3 })).toEqual({
      status: ['Choose Available or Not available'],
    });
  });
  it('the state is in the country of the address', () => {
    expect(
      errorsOf(locationUpdateSchema, { location: { ...CHICAGO, country: 'CA' }, location_status: 1 }),
    ).toEqual({ 'location.state': ['The state is not in the country of the address'] });
  });
});

describe('capacity search query (GET cars/capacity-search)', () => {
  it('from a place: 150 miles, 20 vehicles by default', () => {
    expect(capacitySearchQuerySchema.parse({ lat: '41.88', lon: '-87.63' })).toEqual({
      lat: 41.88,
      lon: -87.63,
      radius: 150,
      limit: 20,
    });
  });
  it('from a load', () => {
    expect(capacitySearchQuerySchema.parse({ load_id: '42' })).toMatchObject({ load_id: 42 });
  });
  it('from an address alone, looked up by the server', () => {
    expect(capacitySearchQuerySchema.parse({ address: 'Chicago, IL' })).toMatchObject({
      address: 'Chicago, IL',
    });
  });
  it('needs a place or a load, not both', () => {
    expect(errorsOf(capacitySearchQuerySchema, {})).toEqual({ lat: ['Choose a place or a load'] });
    expect(errorsOf(capacitySearchQuerySchema, { lat: '41.88', lon: '-87.63', load_id: '42' })).toEqual({
      load_id: ['Choose either a place or a load, not both'],
    });
  });
  it('needs lat and lon together; an empty one is missing, not 0', () => {
    expect(errorsOf(capacitySearchQuerySchema, { lat: '41.88', lon: '' })).toEqual({
      lon: ['Give both lat and lon'],
    });
  });
  it('holds the radius to 1..300 miles as the distance helper does', () => {
    expect(capacitySearchQuerySchema.parse({ load_id: '1', radius: '0' }).radius).toBe(1);
    expect(capacitySearchQuerySchema.parse({ load_id: '1', radius: '500' }).radius).toBe(300);
    expect(capacitySearchQuerySchema.parse({ load_id: '1', radius: '75' }).radius).toBe(75);
  });
  it('takes vehicle types and statuses', () => {
    expect(
      capacitySearchQuerySchema.parse({ load_id: '1', transport_type: 'VAN,REEFER', status: '1' }),
    ).toMatchObject({ transport_type: ['VAN', 'REEFER'], status: [1] });
  });
  it('a date as available date means the end of that Eastern day', () => {
    expect(
      capacitySearchQuerySchema.parse({ load_id: '1', available_date: '2026-03-11' }).available_date,
    ).toBe('2026-03-12T03:59:59.999Z');
    expect(
      capacitySearchQuerySchema.parse({ load_id: '1', available_date: '2026-03-11T08:00:00-05:00' })
        .available_date,
    ).toBe('2026-03-11T13:00:00.000Z');
  });
  it('the same filters serve loads/{id}/closest-cars', () => {
    expect(closestCarsQuerySchema.parse({ radius: '100' })).toEqual({ radius: 100, limit: 20 });
  });
});

describe('map query (GET cars/imap)', () => {
  it('takes filters and a box', () => {
    expect(
      vehicleMapQuerySchema.parse({
        status: '1,2',
        min_lat: '40',
        max_lat: '45',
        min_lon: '-90',
        max_lon: '-80',
      }),
    ).toEqual({ status: [1, 2], min_lat: 40, max_lat: 45, min_lon: -90, max_lon: -80 });
  });
  it('needs all four bounds or none', () => {
    expect(errorsOf(vehicleMapQuerySchema, { min_lat: '40' })).toEqual({
      min_lat: ['Give all four bounds: min_lat, max_lat, min_lon and max_lon'],
    });
  });
});

describe('vehicle as answered', () => {
  const vehicle: Vehicle = {
    id: 1,
    unit_id: '1042',
    transport_type: 'VAN',
    status: { id: 3, name: 'On load' },
    model: null,
    year: null,
    width: null,
    height: null,
    length: null,
    payload: null,
    vin: null,
    license_plate: null,
    license_state: null,
    license_expiry: '2026-04-01',
    insurance_expiry: null,
    license_expiry_state: 'expiring',
    insurance_expiry_state: 'missing',
    equipment: {},
    dispatcher: { id: 7, first_name: 'Ann', last_name: 'Lee' },
    owner: { id: 3, full_name: 'Bob Stone', company_name: 'Stone Trucking LLC' },
    drivers: [{ id: 11, full_name: 'Carl Dunn', phone_number: null }],
    active_driver: { id: 11, full_name: 'Carl Dunn', phone_number: null },
    working_group: null,
    location: {
      ...CHICAGO,
      zip_code: '60607',
      country: 'US',
      updated_by: { first_name: 'Ann', last_name: 'Lee' },
      last_update_time: '2026-03-10T12:00:00-04:00',
    },
    future_location: {
      ...TORONTO,
      country: 'CA',
      zip_code: null,
      available_date: '2026-03-11T08:00:00-05:00',
      updated_by: null,
      last_update_time: null,
    },
    location_status: 3,
    is_tracking_active: false,
    inactive_tracking_until: '2026-03-10T20:00:00Z',
    can_bid_while_on_load: false,
    loads_allowed_for_driver: true,
    loads_allowed_for_owner: true,
  };
  it('has the fields of the spec', () => expect(vehicleSchema.parse(vehicle)).toEqual(vehicle));
  it('has location status 1, 2 or 3', () => {
    expect(vehicleSchema.safeParse({ ...vehicle, location_status: 4 }).success).toBe(false);
  });
});

describe('drivers', () => {
  it('list query takes text, owner, vehicle, status and the active flag', () => {
    expect(
      driverListQuerySchema.parse({
        search: 'dunn',
        owner: '3',
        car: '1',
        status: 'Active',
        is_active: 'false',
      }),
    ).toEqual({ page: 1, limit: 25, search: 'dunn', owner: 3, car: 1, status: 'Active', is_active: false });
    expect(errorsOf(driverListQuerySchema, { is_active: 'maybe' })).toEqual({
      is_active: ["Must be 'true' or 'false'"],
    });
  });
  it('hr/add-driver needs names and a US phone number', () => {
    expect(errorsOf(addDriverSchema, { first_name: 'Carl', phone_number: '12345' })).toEqual({
      last_name: ['This field is required'],
      phone_number: ['Must be a US phone number, e.g. (555) 123-4567'],
    });
  });
  it('hr/add-driver takes the licence, owner and vehicle', () => {
    expect(
      addDriverSchema.parse({
        first_name: 'Carl',
        last_name: 'Dunn',
        phone_number: '(555) 123-4567',
        email: 'Carl@Example.com',
        owner: 3,
        car: 1,
        license_number: 'D123-4567',
        license_state: 'il',
        license_expiry: '2028-01-31',
      }),
    ).toEqual({
      first_name: 'Carl',
      last_name: 'Dunn',
      phone_number: '(555) 123-4567',
      email: 'carl@example.com',
      owner: 3,
      car: 1,
      license_number: 'D123-4567',
      license_state: 'IL',
      license_expiry: '2028-01-31',
    });
  });
  it('the is-active switches have a body each', () => {
    expect(driverIsActiveSchema.parse({ is_active: false })).toEqual({ is_active: false });
    expect(driverIsActiveForOwnerSchema.parse({ is_active_for_owner: true })).toEqual({
      is_active_for_owner: true,
    });
    expect(errorsOf(driverIsActiveSchema, {})).toEqual({ is_active: ['This field is required'] });
  });
});

describe('owners', () => {
  it('create needs names and phone; wage hidden and active by default', () => {
    expect(
      ownerCreateSchema.parse({ first_name: 'Bob', last_name: 'Stone', phone_number: '555-123-4567' }),
    ).toEqual({
      first_name: 'Bob',
      last_name: 'Stone',
      company_name: null,
      phone_number: '555-123-4567',
      email: null,
      is_wage_visible: false,
      is_active: true,
    });
  });
  it('update changes only what is sent: the wage visibility alone', () => {
    expect(ownerUpdateSchema.parse({ is_wage_visible: true })).toEqual({ is_wage_visible: true });
    expect(errorsOf(ownerUpdateSchema, {})).toEqual({ '': ['Nothing to change'] });
  });
  it('owner companies by name', () => {
    expect(ownerCompaniesQuerySchema.parse({ name: 'stone' })).toEqual({ name: 'stone', limit: 20 });
  });
  it('contacts are drivers unless owners are asked for', () => {
    expect(contactSearchQuerySchema.parse({})).toEqual({ entity: 'driver', limit: 20 });
    expect(contactSearchQuerySchema.parse({ entity: 'owner', search: 'bob' })).toEqual({
      entity: 'owner',
      search: 'bob',
      limit: 20,
    });
  });
});
