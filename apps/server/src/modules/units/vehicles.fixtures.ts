// Data and helpers for the vehicle and capacity integration tests (vehicles.*.int.test.ts, capacity.*).
import { wallTimeInZone } from '@app/domain/loads/load-form.rules';
import type { Insertable } from 'kysely';
import { login, type Session } from '../../../test/auth-helpers';
import {
  createCompany,
  createUser,
  createWorkingGroup,
  unique,
  type TestCompany,
  type TestUser,
} from '../../../test/factories';
import type { App } from '../../app';
import type { VehiclesTable } from '../../db/schema';
import type { Db } from '../../db/types';

export const API = '/backend/api/v2';

export type RoleName =
  'admin' | 'manager' | 'dispatcher' | 'tracker' | 'accountant' | 'hr' | 'conflictManager';

const ROLE_IDS: Record<RoleName, 3 | 4 | 5 | 6 | 7 | 8 | 13> = {
  admin: 3,
  manager: 4,
  dispatcher: 5,
  tracker: 6,
  accountant: 7,
  hr: 8,
  conflictManager: 13,
};

export type Person = { id: number; first_name: string; last_name: string };

export type FleetWorld = {
  company: TestCompany;
  users: Record<RoleName, TestUser & { first_name: string; last_name: string }>;
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
  } satisfies Partial<Insertable<VehiclesTable>>;
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
  } satisfies Partial<Insertable<VehiclesTable>>;
}

/** A vehicle written straight to the database: a Sprinter with a unique unit ID unless told otherwise. */
export async function insertVehicle(
  db: Db,
  companyId: number,
  values: Partial<Insertable<VehiclesTable>> = {},
  driverIds: number[] = [],
): Promise<{ id: number; unit_id: string }> {
  const vehicle = await db
    .insertInto('vehicles')
    .values({ company_id: companyId, unit_id: `T${unique()}`, transport_type: 'SPRINTER', ...values })
    .returning(['id', 'unit_id'])
    .executeTakeFirstOrThrow();
  if (driverIds.length > 0) {
    await db
      .insertInto('vehicle_drivers')
      .values(driverIds.map((driverId) => ({ vehicle_id: vehicle.id, driver_id: driverId })))
      .execute();
  }
  return vehicle;
}

export async function insertDriver(
  db: Db,
  companyId: number,
  values: Partial<{
    first_name: string;
    last_name: string;
    phone_number: string;
    status: 'Active' | 'Fired';
  }> = {},
): Promise<Person> {
  return db
    .insertInto('drivers')
    .values({
      company_id: companyId,
      first_name: values.first_name ?? 'Driver',
      last_name: values.last_name ?? `D${unique()}`,
      phone_number: values.phone_number ?? '555-100-2000',
      status: values.status ?? 'Active',
    })
    .returning(['id', 'first_name', 'last_name'])
    .executeTakeFirstOrThrow();
}

export async function insertOwner(
  db: Db,
  companyId: number,
  values: Partial<{
    first_name: string;
    last_name: string;
    company_name: string | null;
    is_active: boolean;
  }> = {},
) {
  return db
    .insertInto('owners')
    .values({
      company_id: companyId,
      first_name: values.first_name ?? 'Owner',
      last_name: values.last_name ?? `O${unique()}`,
      company_name: values.company_name === undefined ? `Fleet ${unique()} LLC` : values.company_name,
      phone_number: '555-200-3000',
      is_active: values.is_active ?? true,
    })
    .returning(['id', 'first_name', 'last_name', 'company_name'])
    .executeTakeFirstOrThrow();
}

/**
 * A carrier with one signed-in user of each staff role, a team whose subgroup holds the dispatcher (the
 * manager and the dispatcher are in the team), two drivers and two owners; and another carrier with a
 * driver, an owner, a dispatcher and a vehicle.
 */
export async function createFleetWorld(db: Db, app: App): Promise<FleetWorld> {
  const company = await createCompany(db);
  const users = {} as FleetWorld['users'];
  for (const [name, role] of Object.entries(ROLE_IDS) as [RoleName, 3 | 4 | 5 | 6 | 7 | 8 | 13][]) {
    const first_name = name.charAt(0).toUpperCase() + name.slice(1);
    const last_name = `L${unique()}`;
    users[name] = {
      ...(await createUser(db, { companyId: company.id, role, first_name, last_name })),
      first_name,
      last_name,
    };
  }
  const group = await createWorkingGroup(db, {
    companyId: company.id,
    leadId: users.manager.id,
    memberIds: [users.dispatcher.id, users.manager.id],
    subgroups: [{ leadId: users.dispatcher.id, memberIds: [users.dispatcher.id] }],
  });
  await db
    .updateTable('users')
    .set({ working_group_id: group.id })
    .where('id', 'in', [users.dispatcher.id, users.manager.id])
    .execute();
  const sessions = {} as Record<RoleName, Session>;
  for (const name of Object.keys(users) as RoleName[]) {
    sessions[name] = await login(app, users[name].email, users[name].password);
  }
  const drivers = [
    await insertDriver(db, company.id, {
      first_name: 'Ivan',
      last_name: `Petrov${unique()}`,
      phone_number: '555-100-2000',
    }),
    await insertDriver(db, company.id, {
      first_name: 'John',
      last_name: `Smith${unique()}`,
      phone_number: '555-100-3000',
    }),
  ];
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
    team: { id: group.id, subgroupId: group.subgroupIds[0]! },
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
