// Data and helpers for the drivers and owners integration tests (drivers.int.test.ts, owners.int.test.ts).
import { CompiledQuery, type KyselyPlugin } from 'kysely';
import { login, type Session } from '../../../test/auth-helpers';
import { createCompany, createUser, unique, type TestCompany } from '../../../test/factories';
import type { App } from '../../app';
import type { Db } from '../../db/types';

export const API = '/backend/api/v2';

export type RoleName = 'admin' | 'manager' | 'dispatcher' | 'tracker' | 'accountant' | 'hr' | 'conflict';

export const ROLE_IDS: Record<RoleName, 3 | 4 | 5 | 6 | 7 | 8 | 13> = {
  admin: 3,
  manager: 4,
  dispatcher: 5,
  tracker: 6,
  accountant: 7,
  hr: 8,
  conflict: 13,
};

export type PeopleWorld = { company: TestCompany; sessions: Record<RoleName, Session> };

/** A carrier with one signed-in user of each staff role. */
export async function createPeopleWorld(
  db: Db,
  app: App,
  company: { is_visible_phone_numbers?: boolean } = {},
): Promise<PeopleWorld> {
  const created = await createCompany(db, company);
  const sessions = {} as Record<RoleName, Session>;
  for (const [name, role] of Object.entries(ROLE_IDS) as [RoleName, (typeof ROLE_IDS)[RoleName]][]) {
    const user = await createUser(db, { companyId: created.id, role });
    sessions[name] = await login(app, user.email, user.password);
  }
  return { company: created, sessions };
}

/** A signed-in superuser of the company who has no role. */
export async function superuserSession(db: Db, app: App, companyId: number): Promise<Session> {
  const user = await createUser(db, { companyId, role: null, is_superuser: true });
  return login(app, user.email, user.password);
}

export type OwnerOptions = Partial<{
  first_name: string;
  last_name: string;
  company_name: string | null;
  phone_number: string | null;
  email: string | null;
  is_wage_visible: boolean;
  is_active: boolean;
}>;

export async function insertOwner(db: Db, companyId: number, options: OwnerOptions = {}) {
  return db
    .insertInto('owners')
    .values({
      company_id: companyId,
      first_name: options.first_name ?? 'Olga',
      last_name: options.last_name ?? `Owner${unique()}`,
      company_name: options.company_name === undefined ? `Fleet ${unique()}` : options.company_name,
      phone_number: options.phone_number === undefined ? '(555) 700-0000' : options.phone_number,
      email: options.email ?? null,
      is_wage_visible: options.is_wage_visible ?? false,
      is_active: options.is_active ?? true,
    })
    .returning(['id', 'first_name', 'last_name', 'company_name'])
    .executeTakeFirstOrThrow();
}

export type DriverOptions = Partial<{
  first_name: string;
  last_name: string;
  phone_number: string | null;
  email: string | null;
  status: 'Active' | 'Pending' | 'Fired';
  is_active: boolean;
  is_active_for_owner: boolean;
  owner_id: number | null;
  license_expiry: string | null;
  user_id: number | null;
}>;

export async function insertDriver(db: Db, companyId: number, options: DriverOptions = {}) {
  return db
    .insertInto('drivers')
    .values({
      company_id: companyId,
      first_name: options.first_name ?? 'Dan',
      last_name: options.last_name ?? `Driver${unique()}`,
      phone_number: options.phone_number === undefined ? '555-100-2000' : options.phone_number,
      email: options.email ?? null,
      status: options.status ?? 'Active',
      is_active: options.is_active ?? true,
      is_active_for_owner: options.is_active_for_owner ?? true,
      owner_id: options.owner_id ?? null,
      license_expiry: options.license_expiry ?? null,
      user_id: options.user_id ?? null,
    })
    .returning(['id', 'first_name', 'last_name'])
    .executeTakeFirstOrThrow();
}

export type VehicleOptions = Partial<{
  unit_id: string;
  owner_id: number | null;
  active_driver_id: number | null;
  /** Listed on the vehicle (vehicle_drivers). */
  driver_ids: number[];
}>;

export async function insertVehicle(db: Db, companyId: number, options: VehicleOptions = {}) {
  const vehicle = await db
    .insertInto('vehicles')
    .values({
      company_id: companyId,
      unit_id: options.unit_id ?? `U-${unique()}`,
      transport_type: 'SPRINTER',
      owner_id: options.owner_id ?? null,
      active_driver_id: options.active_driver_id ?? null,
    })
    .returning(['id', 'unit_id'])
    .executeTakeFirstOrThrow();
  if (options.driver_ids?.length) {
    await db
      .insertInto('vehicle_drivers')
      .values(options.driver_ids.map((driverId) => ({ vehicle_id: vehicle.id, driver_id: driverId })))
      .execute();
  }
  return vehicle;
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

/**
 * The plan PostgreSQL chooses for the first query `run` makes: EXPLAIN of its SQL with its parameters, so
 * that a test sees whether the repository's expressions match the indexes of the migration.
 */
export async function planOfFirstQuery(db: Db, run: (db: Db) => Promise<unknown>): Promise<string> {
  const compiled: CompiledQuery[] = [];
  const capture: KyselyPlugin = {
    transformQuery(args) {
      compiled.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  await run(db.withPlugin(capture));
  const query = compiled[0];
  if (!query) throw new Error('The function ran no query.');
  const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]),
  );
  return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
}
