// The world of the driver and owner bids' integration tests: a carrier with its office, a driver and an
// owner who sign in to the driver page, their vehicles under each of the units' switches, and board loads.
import { login, type Session } from '../../../test/auth-helpers';
import {
  createCompany,
  createUser,
  insertDriver,
  insertOwner,
  insertVehicle,
  type TestCompany,
} from '../../../test/factories';
import { createStaff } from '../../../test/staff';
import type { App } from '../../app';
import type { Db } from '../../db/types';
import { insertLoad } from '../loads/loads.fixtures';

export const API = '/backend/api/v2';

const OFFICE = { admin: 3, manager: 4, dispatcher: 5, tracker: 6, accountant: 7, hr: 8 } as const;

export type BidsWorld = {
  company: TestCompany;
  office: Record<keyof typeof OFFICE, Session>;
  officeUserIds: Record<keyof typeof OFFICE, number>;
  /** The driver of `truck` (role 10), and the owner of `truck` and `ownerTruck` (role 10, linked by owners.user_id). */
  driver: { session: Session; userId: number; driverId: number };
  owner: { session: Session; userId: number; ownerId: number };
  /** Driven by `driver`, owned by `owner`; loads allowed for both. */
  truck: { id: number; unit_id: string };
  /** Owned by `owner`, driven by a driver without a sign-in; loads forbidden for the driver. */
  ownerTruck: { id: number; unit_id: string };
  /** Loads forbidden for both its driver and owner: not active. */
  notActive: { id: number; unit_id: string };
  /** Neither an active driver nor an owner. */
  empty: { id: number; unit_id: string };
};

/** Puts a load on the board (board_status 'posted'). */
export async function insertBoardLoad(
  db: Db,
  companyId: number,
  points?: [string, string][],
): Promise<number> {
  const id = await insertLoad(db, companyId, points ? { points } : {});
  await db
    .updateTable('loads')
    .set({ board_status: 'posted', posted_at: new Date() })
    .where('id', '=', id)
    .execute();
  return id;
}

export async function createBidsWorld(db: Db, app: App): Promise<BidsWorld> {
  const company = await createCompany(db);
  const staff = await createStaff(db, app, company.id, OFFICE);
  const officeUserIds = Object.fromEntries(
    Object.entries(staff.users).map(([name, user]) => [name, user.id]),
  ) as Record<keyof typeof OFFICE, number>;

  const driverUser = await createUser(db, {
    companyId: company.id,
    role: 10,
    first_name: 'Dan',
    last_name: 'Wheeler',
  });
  const ownerUser = await createUser(db, {
    companyId: company.id,
    role: 10,
    first_name: 'Olga',
    last_name: 'Fleet',
  });
  const owner = await insertOwner(db, company.id, { first_name: 'Olga', last_name: 'Fleet' });
  await db.updateTable('owners').set({ user_id: ownerUser.id }).where('id', '=', owner.id).execute();
  const driver = await insertDriver(db, company.id, {
    first_name: 'Dan',
    last_name: 'Wheeler',
    user_id: driverUser.id,
  });
  const otherDriver = await insertDriver(db, company.id, { first_name: 'Sam', last_name: 'Nosignin' });
  const idleDriver = await insertDriver(db, company.id);
  const idleOwner = await insertOwner(db, company.id);

  // Columbus, OH: 1 Main St of insertLoad's first pick-up is at lat 30, lon -95.
  const truck = await insertVehicle(db, company.id, {
    unit_id: `DRV${company.id}`,
    active_driver_id: driver.id,
    owner_id: owner.id,
    driver_ids: [driver.id],
    location_lat: 31,
    location_lon: -95,
  });
  const ownerTruck = await insertVehicle(db, company.id, {
    unit_id: `OWN${company.id}`,
    active_driver_id: otherDriver.id,
    owner_id: owner.id,
    loads_allowed_for_driver: false,
  });
  const notActive = await insertVehicle(db, company.id, {
    unit_id: `OFF${company.id}`,
    active_driver_id: idleDriver.id,
    owner_id: idleOwner.id,
    loads_allowed_for_driver: false,
    loads_allowed_for_owner: false,
  });
  const empty = await insertVehicle(db, company.id, { unit_id: `NONE${company.id}` });

  return {
    company,
    office: staff.sessions,
    officeUserIds,
    driver: {
      session: await login(app, driverUser.email, driverUser.password),
      userId: driverUser.id,
      driverId: driver.id,
    },
    owner: {
      session: await login(app, ownerUser.email, ownerUser.password),
      userId: ownerUser.id,
      ownerId: owner.id,
    },
    truck,
    ownerTruck,
    notActive,
    empty,
  };
}

type Method = 'GET' | 'POST' | 'PUT';

/** A request to the API as the session's user; the answer's status and JSON body. */
export async function call<Body = unknown>(
  app: App,
  session: Session | null,
  method: Method,
  path: string,
  payload?: unknown,
): Promise<{ status: number; body: Body }> {
  const response = await app.inject({
    method,
    url: `${API}/${path}`,
    headers: session?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json<Body>() };
}
