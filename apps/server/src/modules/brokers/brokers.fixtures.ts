// Data and helpers for the broker companies' integration tests (*.int.test.ts in this folder).
import type { BrokerCompany } from '@app/domain/brokers/brokers.schema';
import type { ApiError } from '@app/domain/common/errors';
import { login, type Session } from '../../../test/auth-helpers';
import { createCompany, createUser, unique, type TestCompany, type TestUser } from '../../../test/factories';
import { createStaff, STAFF_AND_CONFLICT_MANAGER } from '../../../test/staff';
import type { App } from '../../app';
import type { Db } from '../../db/types';

export const BROKERS_API = '/backend/api/v2/brokers';

export type RoleName = keyof typeof STAFF_AND_CONFLICT_MANAGER;

export type BrokersWorld = {
  company: TestCompany;
  users: Record<RoleName, TestUser>;
  sessions: Record<RoleName, Session>;
  /** Another carrier with a broker of its own: its ids must answer 404. */
  other: { company: TestCompany; session: Session; brokerId: number; mcNumber: string };
};

/** A carrier with one signed-in user of each role that may touch brokers (and HR, who may not). */
export async function createBrokersWorld(db: Db, app: App): Promise<BrokersWorld> {
  const company = await createCompany(db);
  const { users, sessions } = await createStaff(db, app, company.id, STAFF_AND_CONFLICT_MANAGER);
  const otherCompany = await createCompany(db);
  const otherAdmin = await createUser(db, { companyId: otherCompany.id, role: 3 });
  const mcNumber = uniqueMcNumber();
  const otherBroker = await db
    .insertInto('broker_companies')
    .values({ company_id: otherCompany.id, name: `Other Carrier Broker ${unique()}`, mc_number: mcNumber })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    company,
    users,
    sessions,
    other: {
      company: otherCompany,
      session: await login(app, otherAdmin.email, otherAdmin.password),
      brokerId: otherBroker.id,
      mcNumber,
    },
  };
}

let mcCounter = 0;

/** An MC number no other test of the run uses: 7 digits, no leading zero. */
export function uniqueMcNumber(): string {
  mcCounter += 1;
  const random = Math.floor(Math.random() * 9_000) + 1_000;
  return `${random}${String(mcCounter).padStart(3, '0')}`;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call of the brokers API: `path` is under /backend/api/v2/brokers/. */
export async function call(app: App, session: Session, method: Method, path: string, payload?: unknown) {
  const response = await app.inject({
    method,
    url: `${BROKERS_API}/${path}`,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return {
    status: response.statusCode,
    body: response.body,
    json: <T>() => response.json<T>(),
    error: () => response.json<ApiError>(),
  };
}

/** Creates an OTR broker through the API and fails the test when that does not work. */
export async function createOtrBroker(
  app: App,
  session: Session,
  overrides: Record<string, unknown> = {},
): Promise<BrokerCompany> {
  const response = await call(app, session, 'POST', 'otr-broker-company/create', {
    name: `Broker ${unique()}`,
    mc_number: uniqueMcNumber(),
    ...overrides,
  });
  if (response.status !== 200) throw new Error(`create failed ${response.status}: ${response.body}`);
  return response.json<BrokerCompany>();
}

/** Creates a non-OTR company through the API and fails the test when that does not work. */
export async function createNonOtrCompany(
  app: App,
  session: Session,
  overrides: Record<string, unknown> = {},
): Promise<BrokerCompany> {
  const response = await call(app, session, 'POST', 'non-otr-broker-company/create', {
    name: `Shipper ${unique()}`,
    ...overrides,
  });
  if (response.status !== 200) throw new Error(`create failed ${response.status}: ${response.body}`);
  return response.json<BrokerCompany>();
}
