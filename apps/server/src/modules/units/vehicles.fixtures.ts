// Data and helpers for the vehicle and capacity integration tests (vehicles.*.int.test.ts, capacity.*).
import { wallTimeInZone } from '@app/domain/common/time';
import type { Session } from '../../../test/auth-helpers';
import {
  createCompany,
  createUser,
  insertDriver,
  insertDriverPair,
  insertOwner,
  insertVehicle,
  unique,
  type TestCompany,
  type TestUser,
} from '../../../test/factories';
import { createDispatchTeam, createStaff, STAFF_AND_CONFLICT_MANAGER } from '../../../test/staff';
import type { App } from '../../app';
import type { Db, NewRow } from '../../db/types';

export const API = '/backend/api/v2';

export type RoleName = keyof typeof STAFF_AND_CONFLICT_MANAGER;

export type Person = { id: number; first_name: string; last_name: string };

export type FleetWorld = {
  company: TestCompany;
  users: Record<RoleName, TestUser>;
  sessions: Record<RoleName, Session>;
  /** A team led by the manager; its subgroup holds the dispatcher. */
  team: { id: number; subgroupId: number };
  drivers: Person[];
  owners: (Person & { company_name: string | null })[];
  /** Another carrier with a driver, an owner, a dispatcher and a vehicle of its own. */
  other: { company: TestCompany; driverId: number; ownerId: number; dispatcherId: number; vehicleId: number };
};

/** The Eastern calendar date `days` after the day of `instant`, as 'YYYY-MM-DD'. */
export function easternDate(instant: Date, days: number): string {
  const today = wallTimeInZone(instant);
  return new Date(Date.UTC(today.year, today.month - 1, today.day + days)).toISOString().slice(0, 10);
}

/** A place with coordinates, as the address lookup gives it. */
export type Place = {
  address: string;
  city: string;
  state: string;
  zip_code: string | null;
  country: 'US' | 'CA';
  lat: number;
  lon: number;
};

export const PLACES = {
  chicago: {
    address: '233 S Wacker Dr, Chicago, IL 60606',
    city: 'Chicago',
    state: 'IL',
    zip_code: '60606',
    country: 'US',
    lat: 41.8781,
    lon: -87.6298,
  },
  joliet: {
    address: '150 W Jefferson St, Joliet, IL 60432',
    city: 'Joliet',
    state: 'IL',
    zip_code: '60432',
    country: 'US',
    lat: 41.525,
    lon: -88.0817,
  },
  milwaukee: {
    address: '200 E Wells St, Milwaukee, WI 53202',
    city: 'Milwaukee',
    state: 'WI',
    zip_code: '53202',
    country: 'US',
    lat: 43.0389,
    lon: -87.9065,
  },
  indianapolis: {
    address: '200 E Washington St, Indianapolis, IN 46204',
    city: 'Indianapolis',
    state: 'IN',
    zip_code: '46204',
    country: 'US',
    lat: 39.7684,
    lon: -86.1581,
  },
  dallas: {
    address: '1500 Marilla St, Dallas, TX 75201',
    city: 'Dallas',
    state: 'TX',
    zip_code: '75201',
    country: 'US',
    lat: 32.7767,
    lon: -96.797,
  },
  toronto: {
    address: '100 Queen St W, Toronto, ON M5H 2N2',
    city: 'Toronto',
    state: 'ON',
    zip_code: 'M5H 2N2',
    country: 'CA',
    lat: 43.6532,
    lon: -79.3832,
  },
} as const satisfies Record<string, Place>;

/** The columns of a place as a vehicle's current location. */
export function currentAt(place: Place, updatedBy: number | null = null, updatedAt: Date | null = null) {
  return {
    location_address: place.address,
    location_city: place.city,
    location_state: place.state,
    location_zip_code: place.zip_code,
    location_country: place.country,
    location_lat: place.lat,
    location_lon: place.lon,
    location_updated_by: updatedBy,
    location_updated_at: updatedAt,
  } satisfies Partial<NewRow<'vehicles'>>;
}

/** The columns of a place as a vehicle's planned location, free there at `availableAt`. */
export function plannedAt(place: Place, availableAt: Date) {
  return {
    future_location_address: place.address,
    future_location_city: place.city,
    future_location_state: place.state,
    future_location_zip_code: place.zip_code,
    future_location_country: place.country,
    future_location_lat: place.lat,
    future_location_lon: place.lon,
    future_location_available_date: availableAt,
  } satisfies Partial<NewRow<'vehicles'>>;
}

/**
 * A carrier with one signed-in user of each staff role, a team whose subgroup holds the dispatcher (the
 * manager and the dispatcher are in the team), two drivers and two owners; and another carrier with a
 * driver, an owner, a dispatcher and a vehicle.
 */
export async function createFleetWorld(db: Db, app: App): Promise<FleetWorld> {
  const company = await createCompany(db);
  const { users, sessions } = await createStaff(db, app, company.id, STAFF_AND_CONFLICT_MANAGER, (name) => ({
    first_name: name.charAt(0).toUpperCase() + name.slice(1),
    last_name: `L${unique()}`,
  }));
  const team = await createDispatchTeam(db, company.id, users, [users.dispatcher.id, users.manager.id]);
  const drivers = await insertDriverPair(db, company.id);
  const owners = [
    await insertOwner(db, company.id, { first_name: 'Olga', last_name: `Ivanova${unique()}` }),
    await insertOwner(db, company.id, {
      first_name: 'Carlos',
      last_name: `Garcia${unique()}`,
      company_name: null,
    }),
  ];

  const otherCompany = await createCompany(db);
  const otherDispatcher = await createUser(db, { companyId: otherCompany.id, role: 5 });
  const otherDriver = await insertDriver(db, otherCompany.id);
  const otherOwner = await insertOwner(db, otherCompany.id);
  const otherVehicle = await insertVehicle(db, otherCompany.id, {
    ...currentAt(PLACES.chicago),
    active_driver_id: otherDriver.id,
    dispatcher_id: otherDispatcher.id,
  });
  return {
    company,
    users,
    sessions,
    team,
    drivers,
    owners,
    other: {
      company: otherCompany,
      driverId: otherDriver.id,
      ownerId: otherOwner.id,
      dispatcherId: otherDispatcher.id,
      vehicleId: otherVehicle.id,
    },
  };
}
