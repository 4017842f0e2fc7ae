import type { RefreshResponse } from '@app/domain/auth/auth.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../../../test/auth-helpers';
import { createCompany, createUser, type TestCompany } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { setUpTestApp } from '../../../test/test-suite';
import { SESSION_ENDED_MESSAGE } from './require-auth';

// An access token belongs to a sign-in (its refresh-token family): when the sign-in ends, by logout, by a
// reused refresh token or by a password change, its access tokens are refused within seconds, not when they
// expire 15 minutes later, on this server process at once and on the others within their memory of users.

const REFRESH = '/backend/api/v2/rest-auth/token/refresh/';
const LOGOUT = '/backend/api/v2/rest-auth/logout/';
const USERS_MY = '/backend/api/users/my/';
const CHANGE_PASSWORD = '/backend/api/v2/profile/me/change-password/';
const MEMORY_MS = 1_000;

const { database, testApp } = setUpTestApp();
/** Two server processes on one database that remember signed-in users for a second, as in production. */
let first: TestApp;
let second: TestApp;
let company: TestCompany;

beforeAll(async () => {
  company = await createCompany(database.db);
  first = await buildTestApp(database.db, {
    auth: { sessionUserMemoryMs: MEMORY_MS, refreshReuseGraceSeconds: 0 },
  });
  second = await buildTestApp(database.db, { auth: { sessionUserMemoryMs: MEMORY_MS } });
});

afterAll(async () => {
  await first?.close();
  await second?.close();
});

const me = (app: TestApp, token: string) =>
  app.app.inject({ method: 'GET', url: USERS_MY, headers: bearer(token) });

async function expectEnded(app: TestApp, token: string) {
  const response = await me(app, token);
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({ detail: SESSION_ENDED_MESSAGE, code: 'unauthorized' });
}

describe('an ended sign-in', () => {
  it('refuses its access token after logout, on this process at once and on another within seconds', async () => {
    const user = await createUser(database.db, { companyId: company.id, role: 5 });
    const session = await login(first.app, user.email, user.password);
    const other = await login(first.app, user.email, user.password);
    // Both processes have just seen the token: they remember the user and the sign-in.
    expect((await me(first, session.access)).statusCode).toBe(200);
    expect((await me(second, session.access)).statusCode).toBe(200);

    const logout = await first.app.inject({
      method: 'POST',
      url: LOGOUT,
      headers: session.headers,
      payload: { refresh: session.refresh },
    });
    expect(logout.statusCode).toBe(200);
    await expectEnded(first, session.access);

    await new Promise((resolve) => setTimeout(resolve, MEMORY_MS + 200));
    await expectEnded(second, session.access);
    // The user's other sign-in goes on.
    expect((await me(second, other.access)).statusCode).toBe(200);
  });

  it('refuses the access tokens of a family revoked for refresh-token reuse', async () => {
    const user = await createUser(database.db, { companyId: company.id, role: 5 });
    const session = await login(first.app, user.email, user.password);
    const rotated = await first.app.inject({
      method: 'POST',
      url: REFRESH,
      payload: { refresh: session.refresh },
    });
    const pair = rotated.json<RefreshResponse>();
    expect((await me(first, pair.access)).statusCode).toBe(200);

    const reuse = await first.app.inject({
      method: 'POST',
      url: REFRESH,
      payload: { refresh: session.refresh },
    });
    expect(reuse.statusCode).toBe(401);
    await expectEnded(first, session.access);
    await expectEnded(first, pair.access);
  });

  it("refuses the other sign-ins' access tokens after a password change, and keeps the changer's", async () => {
    const user = await createUser(database.db, { companyId: company.id, role: 5 });
    const changer = await login(testApp.app, user.email, user.password);
    const elsewhere = await login(testApp.app, user.email, user.password);
    const changed = await testApp.app.inject({
      method: 'PUT',
      url: CHANGE_PASSWORD,
      headers: changer.headers,
      payload: {
        old_password: user.password,
        new_password1: 'another-pass-9',
        new_password2: 'another-pass-9',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectEnded(testApp, elsewhere.access);
    expect((await me(testApp, changer.access)).statusCode).toBe(200);
  });
});
