import type {
  CapacitySearchResponse,
  CapacitySearchResult,
  Vehicle,
  VehicleMapItem,
} from '@app/domain/units/units.schema';
import { setupListPages } from '@/components/lists/list-test-data';
import { makeVehicle as makeUnitsVehicle } from './units-test-data';

// Vehicles as the capacity search and the map positions answer them, for the map pages' tests.

export const CAPACITY_SEARCH = '/backend/api/v2/cars/capacity-search';
export const VEHICLE_MAP = '/backend/api/v2/cars/imap';
export const closestCars = (loadId: number) => `/backend/api/v2/loads/${loadId}/closest-cars`;

/** A van in Chicago with no papers on file, as the map pages show it. */
export function makeVehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  return makeUnitsVehicle({
    id: 101,
    transport_type: 'VAN',
    model: 'Sprinter 2500',
    height: 70,
    vin: null,
    license_plate: null,
    license_state: null,
    license_expiry: null,
    insurance_expiry: null,
    license_expiry_state: 'missing',
    insurance_expiry_state: 'missing',
    equipment: {},
    dispatcher: null,
    owner: null,
    location: {
      address: '1200 W Industrial Ave, Chicago, IL 60607, USA',
      city: 'Chicago',
      state: 'IL',
      zip_code: '60607',
      country: 'US',
      lat: 41.87,
      lon: -87.65,
      updated_by: null,
      last_update_time: '2026-11-21T19:00:00Z',
    },
    ...overrides,
  });
}

export function makeResult(overrides: Partial<CapacitySearchResult> = {}): CapacitySearchResult {
  return {
    ...makeVehicle(),
    deadhead_miles: 12,
    eta: '2026-11-21T20:04:00Z',
    uses_planned_location: false,
    ...overrides,
  };
}

export function capacityAnswer(
  results: CapacitySearchResult[],
  overrides: Partial<CapacitySearchResponse> = {},
): CapacitySearchResponse {
  return {
    origin: { lat: 41.88, lon: -87.63, address: 'Chicago, IL, USA' },
    available_date: '2026-11-21T19:45:00Z',
    radius: 150,
    count: results.length,
    results,
    ...overrides,
  };
}

export function makeMapItem(overrides: Partial<VehicleMapItem> = {}): VehicleMapItem {
  return {
    id: 301,
    unit_id: 'U-301',
    transport_type: 'BOX TRUCK',
    status: { id: 3, name: 'On load' },
    lat: 41.6,
    lon: -86.25,
    address: 'South Bend, IN',
    last_update_time: '2026-11-21T19:00:00Z',
    location_status: 1,
    future_location: null,
    active_driver: { id: 62, full_name: 'Tom Trucker' },
    load: {
      id: 77,
      status: 5,
      next_point: {
        type: 'deliver_to',
        address: 'Detroit, MI 48201',
        city: 'Detroit',
        state: 'MI',
        zip_code: '48201',
        country: 'US',
        lat: 42.33,
        lon: -83.05,
        date: '2099-01-01T15:00:00Z',
      },
    },
    ...overrides,
  };
}

/** Signs a user in (an admin unless told) and fakes the network with the given routes. */
export const setupMapPages = setupListPages;
