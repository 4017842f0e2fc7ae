// Data and helpers for the propositions' integration tests (propositions.*.int.test.ts).
import type { Proposition, PropositionCreateInput } from '@app/domain/bids/bids.schema';
import type { Session } from '../../../test/auth-helpers';
import { createCompany, createUser, insertDriver, insertVehicle, unique } from '../../../test/factories';
import { login } from '../../../test/auth-helpers';
import type { App } from '../../app';
import type { Db } from '../../db/types';
import {
  createWorld as createLoadsWorld,
  insertLoad,
  type World as LoadsWorld,
} from '../loads/loads.fixtures';

export const API = '/backend/api/v2';

/** Dallas, TX: where the world's vehicles stand, about 240 road miles from the board loads' pick-up. */
export const DALLAS = { city: 'Dallas', state: 'TX', zip: '75201', lat: 32.7767, lon: -96.797 };

export type PropositionsWorld = LoadsWorld & {
  /** The dispatcher's authorised broker mailbox. */
  dispatcherMailbox: string;
  /** Another carrier's dispatcher (authorised too), with a vehicle and a board load of their own. */
  other: { session: Session; vehicleId: number; loadId: number };
};

/**
 * The loads' world (one user of each staff role, a team, two drivers each with a Sprinter, two brokers)
 * with the dispatcher, the manager and the admin holding authorised broker mailboxes, the vehicles in
 * Dallas, and another carrier.
 */
export async function createPropositionsWorld(db: Db, app: App): Promise<PropositionsWorld> {
  const world = await createLoadsWorld(db, app);
  const dispatcherMailbox = `dana.${unique()}@carrier.test`;
  await db
    .updateTable('users')
    .set({ working_gmail: dispatcherMailbox, in_gmail: true, phone_number: '(555) 010-2020' })
    .where('id', '=', world.users.dispatcher.id)
    .execute();
  await db
    .updateTable('users')
    .set((eb) => ({ working_gmail: eb.ref('email'), in_gmail: true }))
    .where('id', 'in', [world.users.manager.id, world.users.admin.id])
    .execute();
  await db
    .updateTable('vehicles')
    .set({
      location_city: DALLAS.city,
      location_state: DALLAS.state,
      location_zip_code: DALLAS.zip,
      location_lat: DALLAS.lat,
      location_lon: DALLAS.lon,
      length_in: 144,
      width_in: 70,
      height_in: 70,
      payload_lbs: 3500,
    })
    .where('company_id', '=', world.company.id)
    .execute();

  const otherCompany = await createCompany(db);
  const otherUser = await createUser(db, { companyId: otherCompany.id, role: 5 });
  await db
    .updateTable('users')
    .set({ working_gmail: `other.${unique()}@carrier.test`, in_gmail: true })
    .where('id', '=', otherUser.id)
    .execute();
  const otherDriver = await insertDriver(db, otherCompany.id);
  const otherVehicle = await insertVehicle(db, otherCompany.id, { active_driver_id: otherDriver.id });
  const otherLoad = await insertBoardLoad(db, otherCompany.id);
  const session = await login(app, otherUser.email, otherUser.password);
  return {
    ...world,
    dispatcherMailbox,
    other: { session, vehicleId: otherVehicle.id, loadId: otherLoad },
  };
}

/** A load on the load board (posted, not booked): Sprinter, Houston-ish pick-up, no number yet. */
export async function insertBoardLoad(
  db: Db,
  companyId: number,
  options: { brokerId?: number | null; replyEmail?: string | null } = {},
): Promise<number> {
  const id = await insertLoad(db, companyId, { brokerId: options.brokerId ?? null });
  await db
    .updateTable('loads')
    .set({
      board_status: 'posted',
      posted_at: new Date(),
      vehicle_type: 'SPRINTER',
      driver_price_cents: 0,
      reply_email: options.replyEmail === undefined ? 'loads@broker.test' : options.replyEmail,
    })
    .where('id', '=', id)
    .execute();
  return id;
}

/** A proposition body for the world's first vehicle. */
export function bidBody(
  world: PropositionsWorld,
  loadId: number,
  overrides: Partial<PropositionCreateInput> = {},
) {
  return {
    load: loadId,
    car: world.vehicles[0]!.id,
    price: '$1,850',
    driver_price: 1400,
    eta: 1800,
    ...overrides,
  };
}

export async function call<Body = unknown>(
  app: App,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  session: Session,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method,
    url: `${API}/${url}`,
    headers: { ...session.headers, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json<Body>(), headers: response.headers };
}

/** Places a proposition through the API; fails the test unless it is placed. */
export async function placeBid(
  app: App,
  session: Session,
  body: PropositionCreateInput,
): Promise<Proposition> {
  const response = await call<Proposition>(app, 'POST', 'propositions/create', session, body);
  if (response.status !== 200)
    throw new Error(`create failed ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}

export async function vehicleStatus(db: Db, id: number): Promise<number> {
  const row = await db.selectFrom('vehicles').select('status').where('id', '=', id).executeTakeFirstOrThrow();
  return row.status;
}

export async function insertVehicleWithDriver(db: Db, companyId: number) {
  const driver = await insertDriver(db, companyId);
  const vehicle = await insertVehicle(db, companyId, {
    active_driver_id: driver.id,
    location_city: DALLAS.city,
    location_state: DALLAS.state,
    location_lat: DALLAS.lat,
    location_lon: DALLAS.lon,
  });
  return { vehicleId: vehicle.id, driverId: driver.id, unitId: vehicle.unit_id };
}
