// Data and helpers for the drivers and owners integration tests (drivers.int.test.ts, owners.int.test.ts).
import { login, type Session } from '../../../test/auth-helpers';
import { createCompany, createUser, type TestCompany } from '../../../test/factories';
import { createStaff, STAFF_ROLES } from '../../../test/staff';
import type { App } from '../../app';
import type { Db } from '../../db/types';

export const API = '/backend/api/v2';

/** The office and the conflict manager, whom the drivers' and owners' pages refuse. */
const PEOPLE_WORLD_ROLES = { ...STAFF_ROLES, conflict: 13 } as const;

export type RoleName = keyof typeof PEOPLE_WORLD_ROLES;

export type PeopleWorld = { company: TestCompany; sessions: Record<RoleName, Session> };

/** A carrier with one signed-in user of each staff role. */
export async function createPeopleWorld(
  db: Db,
  app: App,
  company: { is_visible_phone_numbers?: boolean } = {},
): Promise<PeopleWorld> {
  const created = await createCompany(db, company);
  const { sessions } = await createStaff(db, app, created.id, PEOPLE_WORLD_ROLES);
  return { company: created, sessions };
}

/** A signed-in superuser of the company who has no role. */
export async function superuserSession(db: Db, app: App, companyId: number): Promise<Session> {
  const user = await createUser(db, { companyId, role: null, is_superuser: true });
  return login(app, user.email, user.password);
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
