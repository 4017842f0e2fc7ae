// Data and helpers for the pay integration tests (payments.*.int.test.ts): a carrier with a week of loads
// whose owners' and dispatchers' pay is known to the cent, and a second carrier.
import type { Session } from '../../../test/auth-helpers';
import { login } from '../../../test/auth-helpers';
import {
  createCompany,
  createUser,
  insertDriver,
  insertOwner,
  insertVehicle,
  type TestCompany,
  type TestUser,
} from '../../../test/factories';
import { createDispatchTeam, createStaff, STAFF_ROLES } from '../../../test/staff';
import type { App } from '../../app';
import type { LoadStatus } from '../../db/schema';
import type { Db } from '../../db/types';
import { insertLoad } from '../loads/loads.fixtures';
import { ensureWeekPayments } from './broker-payments';

export const API = '/backend/api/v2';

/** The week of the examples: week 10 of 2026 (Monday 2 to Sunday 8 March). */
export const WEEK = { year: 2026, week: 10 } as const;

export type PayWorld = {
  company: TestCompany;
  users: Record<keyof typeof STAFF_ROLES | 'dispatcher2', TestUser>;
  sessions: Record<keyof typeof STAFF_ROLES | 'dispatcher2', Session>;
  team: { id: number };
  owners: { a: { id: number }; b: { id: number } };
  loads: { l1: number; l2: number; l3: number; l4: number; l5: number };
  /** Payment ids by person and week: 'ownerA:10', 'dispatcher:10', 'broker:l1'... */
  payments: Record<string, number>;
  other: { company: TestCompany; accountant: Session; ownerPaymentId: number };
};

type LoadSpec = {
  status: LoadStatus;
  vehicleId: number;
  driverId: number;
  dispatcherId: number;
  week: number;
  broker: number;
  driver: number;
  teamId?: number | null;
};

/** A load of accounting: in its list, with its accounting week and prices, and its payment rows. */
export async function insertAccountingLoad(db: Db, companyId: number, spec: LoadSpec): Promise<number> {
  const id = await insertLoad(db, companyId, {
    status: spec.status,
    dispatcherId: spec.dispatcherId,
    driverId: spec.driverId,
    vehicleId: spec.vehicleId,
    workingGroupId: spec.teamId ?? null,
    rateconfRef: `RC-${spec.broker}`,
    points: [
      ['Dallas', 'TX'],
      ['Austin', 'TX'],
      ['Houston', 'TX'],
    ],
  });
  await db
    .updateTable('loads')
    .set({
      load_accounting_year: WEEK.year,
      load_accounting_week: spec.week,
      broker_price_cents: spec.broker,
      driver_price_cents: spec.driver,
      load_accounting_number: id,
    })
    .where('id', '=', id)
    .execute();
  await db.transaction().execute((trx) => ensureWeekPayments(trx, { companyId, loadId: id, userId: null }));
  return id;
}

/**
 * Week 10 of 2026: owner A (Anna Alpha) has L1 (completed, $2,000.00 / $1,500.00, a $50 driver bonus, a $25
 * owner fine, a $10 dispatcher bonus), L2 (TONU, $300.00 / $200.00, of dispatcher 2) and L4 (canceled,
 * $800.00 / $600.00, with a $150.00 payment); owner B (Boris Beta) has L3 (delivered, $1,234.55 / $1,000.10).
 * The dispatcher is paid 10 % of gross, dispatcher 2 $35.00 per load. L5 is owner A's in week 11.
 */
export async function createPayWorld(db: Db, app: App): Promise<PayWorld> {
  const company = await createCompany(db);
  const staff = await createStaff(db, app, company.id, STAFF_ROLES);
  const dispatcher2 = await createUser(db, {
    companyId: company.id,
    role: 5,
    first_name: 'Zed',
    last_name: 'Second',
  });
  const users = { ...staff.users, dispatcher2 };
  const sessions = {
    ...staff.sessions,
    dispatcher2: await login(app, dispatcher2.email, dispatcher2.password),
  };
  const team = await createDispatchTeam(db, company.id, staff.users);
  const ownerA = await insertOwner(db, company.id, {
    first_name: 'Anna',
    last_name: 'Alpha',
    company_name: 'Alpha Fleet',
  });
  const ownerB = await insertOwner(db, company.id, {
    first_name: 'Boris',
    last_name: 'Beta',
    company_name: 'Beta Trucks',
  });
  const driverA = await insertDriver(db, company.id, { owner_id: ownerA.id });
  const driverB = await insertDriver(db, company.id);
  const vehicleA = await insertVehicle(db, company.id, { owner_id: ownerA.id, active_driver_id: driverA.id });
  const vehicleB = await insertVehicle(db, company.id, { owner_id: ownerB.id, active_driver_id: driverB.id });
  await db
    .insertInto('dispatcher_pay_terms')
    .values([
      {
        user_id: staff.users.dispatcher.id,
        company_id: company.id,
        basis: 'gross_percent',
        percent: '10.00',
      },
      { user_id: dispatcher2.id, company_id: company.id, basis: 'per_load', amount_cents: 3_500 },
    ])
    .execute();
  const a = { vehicleId: vehicleA.id, driverId: driverA.id };
  const b = { vehicleId: vehicleB.id, driverId: driverB.id };
  const dispatcherId = staff.users.dispatcher.id;
  const l1 = await insertAccountingLoad(db, company.id, {
    ...a,
    status: 10,
    dispatcherId,
    week: 10,
    broker: 200_000,
    driver: 150_000,
    teamId: team.id,
  });
  const l2 = await insertAccountingLoad(db, company.id, {
    ...a,
    status: 9,
    dispatcherId: dispatcher2.id,
    week: 10,
    broker: 30_000,
    driver: 20_000,
  });
  const l3 = await insertAccountingLoad(db, company.id, {
    ...b,
    status: 8,
    dispatcherId,
    week: 10,
    broker: 123_455,
    driver: 100_010,
  });
  const l4 = await insertAccountingLoad(db, company.id, {
    ...a,
    status: 12,
    dispatcherId,
    week: 10,
    broker: 80_000,
    driver: 60_000,
  });
  const l5 = await insertAccountingLoad(db, company.id, {
    ...a,
    status: 10,
    dispatcherId,
    week: 11,
    broker: 100_000,
    driver: 70_000,
  });
  await db
    .insertInto('incentives')
    .values([
      {
        company_id: company.id,
        load_id: l1,
        type: 'Bonus',
        person_type: 'driver',
        driver_id: driverA.id,
        amount_cents: 5_000,
        reason: 'On time',
      },
      {
        company_id: company.id,
        load_id: l1,
        type: 'Fine',
        person_type: 'owner',
        owner_id: ownerA.id,
        amount_cents: 2_500,
        reason: 'Late papers',
      },
      {
        company_id: company.id,
        load_id: l1,
        type: 'Bonus',
        person_type: 'dispatcher',
        dispatcher_id: dispatcherId,
        amount_cents: 1_000,
        reason: 'Good rate',
      },
    ])
    .execute();
  await db
    .insertInto('pay_items')
    .values({
      company_id: company.id,
      kind: 'payment',
      person_type: 'owner',
      owner_id: ownerA.id,
      load_id: l4,
      ...WEEK,
      amount_cents: 15_000,
      reason: 'Canceled at the dock',
    })
    .execute();
  const rows = await db
    .selectFrom('payments')
    .select(['id', 'type', 'owner_id', 'dispatcher_id', 'load_id', 'week'])
    .where('company_id', '=', company.id)
    .execute();
  const payments: Record<string, number> = {};
  const loadNames = { [l1]: 'l1', [l2]: 'l2', [l3]: 'l3', [l4]: 'l4', [l5]: 'l5' };
  for (const row of rows) {
    if (row.type === 'broker') payments[`broker:${loadNames[row.load_id!]}`] = row.id;
    if (row.type === 'owner')
      payments[`${row.owner_id === ownerA.id ? 'ownerA' : 'ownerB'}:${row.week}`] = row.id;
    if (row.type === 'dispatcher')
      payments[`${row.dispatcher_id === dispatcherId ? 'dispatcher' : 'dispatcher2'}:${row.week}`] = row.id;
  }
  const other = await createOtherCarrier(db, app);
  return {
    company,
    users,
    sessions,
    team,
    owners: { a: ownerA, b: ownerB },
    loads: { l1, l2, l3, l4, l5 },
    payments,
    other,
  };
}

/** A second carrier with an accountant and an owner's payment of week 10. */
async function createOtherCarrier(db: Db, app: App) {
  const company = await createCompany(db);
  const user = await createUser(db, { companyId: company.id, role: 7 });
  const owner = await insertOwner(db, company.id);
  const payment = await db
    .insertInto('payments')
    .values({ company_id: company.id, type: 'owner', owner_id: owner.id, ...WEEK })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { company, accountant: await login(app, user.email, user.password), ownerPaymentId: payment.id };
}

/** A request to the API as the session's user; the answer's status and JSON body. */
export async function call<Body = unknown>(
  app: App,
  session: Session | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Body }> {
  const response = await app.inject({
    method,
    url: `${API}/${path}`,
    headers: { ...(session?.headers ?? {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json<Body>() };
}
