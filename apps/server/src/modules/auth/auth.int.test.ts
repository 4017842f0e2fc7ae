import { AUTH_MESSAGES, type LoginResponse, type RefreshResponse } from '@app/domain/auth/auth.schema';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../../../test/auth-helpers';
import { createCompany, createUser, unique, type TestCompany } from '../../../test/factories';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../../../test/test-app';
import { setUpTestApp } from '../../../test/test-suite';

const LOGIN = '/backend/api/v2/rest-auth/login/';
const REFRESH = '/backend/api/v2/rest-auth/token/refresh/';
const REGISTRATION = '/backend/api/rest-auth/registration/';
const LOGOUT = '/backend/api/v2/rest-auth/logout/';
const USERS_MY = '/backend/api/users/my/';

const { database, testApp } = setUpTestApp();
/** The same application with no reuse grace window: any reuse of a rotated token revokes its family. */
let strictApp: TestApp;
let company: TestCompany;

beforeAll(async () => {
  strictApp = await buildTestApp(database.db, { auth: { refreshReuseGraceSeconds: 0 } });
  company = await createCompany(database.db);
});

afterAll(async () => {
  await strictApp?.close();
});

async function refresh(app: TestApp, token: string) {
  return app.app.inject({ method: 'POST', url: REFRESH, payload: { refresh: token } });
}

function signWith(
  claims: Record<string, unknown>,
  options: { alg?: string; secret?: string; issuer?: string; audience?: string; expiresAt?: number } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ jti: crypto.randomUUID(), ...claims })
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .setIssuer(options.issuer ?? 'dispatch-back-office')
    .setAudience(options.audience ?? 'dispatch-web')
    .setIssuedAt(now - 60)
    .setExpirationTime(options.expiresAt ?? now + 600)
    .sign(new TextEncoder().encode(options.secret ?? TEST_JWT_SECRET));
}

describe('POST rest-auth/login/', () => {
  it('answers tokens with ISO expirations (15 minutes and 30 days) and the current user', async () => {
    const user = await createUser(database.db, { companyId: company.id, role: 5 });
    const before = Date.now();
    const response = await testApp.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: user.email, password: user.password },
    });
    const after = Date.now();
    expect(response.statusCode).toBe(200);
    const body = response.json<LoginResponse>();
    expect(body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.refresh_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.access_token_expiration).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
    );
    // Token times are whole seconds, so an expiry may sit up to a second before issue time + lifetime.
    const accessExpiry = Date.parse(body.access_token_expiration);
    const refreshExpiry = Date.parse(body.refresh_token_expiration);
    expect(accessExpiry).toBeGreaterThan(before + 15 * 60_000 - 1000);
    expect(accessExpiry).toBeLessThanOrEqual(after + 15 * 60_000);
    expect(refreshExpiry).toBeGreaterThan(before + 30 * 86_400_000 - 1000);
    expect(refreshExpiry).toBeLessThanOrEqual(after + 30 * 86_400_000);
    expect(body.user).toMatchObject({ id: user.id, email: user.email, role: 5 });
    expect(body.user.company_instance?.company_hash).toBe(company.company_hash);

    const my = await testApp.app.inject({ method: 'GET', url: USERS_MY, headers: bearer(body.access_token) });
    expect(my.statusCode).toBe(200);
    expect(my.json()).toEqual(body.user);
  });

  it('compares the e-mail case-insensitively and ignores surrounding spaces', async () => {
    const user = await createUser(database.db, { companyId: company.id, role: 4 });
    const response = await testApp.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: `  ${user.email.toUpperCase()} `, password: user.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<LoginResponse>().user.id).toBe(user.id);
  });

  it('answers 400 with the spec message for a wrong password, an unknown e-mail and a fired user', async () => {
    const user = await createUser(database.db, { companyId: company.id, role: 5 });
    const fired = await createUser(database.db, { companyId: company.id, role: 5, status: 'Fired' });
    for (const payload of [
      { email: user.email, password: 'wrong-password' },
      { email: `nobody-${unique()}@example.test`, password: 'whatever1' },
      { email: fired.email, password: fired.password },
    ]) {
      const response = await testApp.app.inject({ method: 'POST', url: LOGIN, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: 'Unable to log in with provided credentials.',
        code: 'invalid_credentials',
        fields: { non_field_errors: ['Unable to log in with provided credentials.'] },
      });
    }
  });

  it('names the fields of bad input with the spec messages', async () => {
    const missing = await testApp.app.inject({ method: 'POST', url: LOGIN, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'validation_error',
      fields: { email: [AUTH_MESSAGES.emailRequired], password: [AUTH_MESSAGES.passwordRequired] },
    });
    const invalid = await testApp.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: 'not-an-email', password: 'x' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ fields: unknown }>().fields).toEqual({ email: [AUTH_MESSAGES.emailInvalid] });
  });
});

describe('POST rest-auth/token/refresh/', () => {
  it('rotates: a new access token and the next refresh token, which rotates in turn', async () => {
    const user = await createUser(database.db, { companyId: company.id, role: 5 });
    const session = await login(testApp.app, user.email, user.password);
    const first = await refresh(testApp, session.refresh);
    expect(first.statusCode).toBe(200);
    const pair = first.json<RefreshResponse>();
    expect(pair.refresh).not.toBe(session.refresh);
    expect(Date.parse(pair.access_token_expiration)).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(Date.parse(pair.refresh_token_expiration)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const my = await testApp.app.inject({ method: 'GET', url: USERS_MY, headers: bearer(pair.access) });
    expect(my.statusCode).toBe(200);
    const second = await refresh(testApp, pair.refresh);
    expect(second.statusCode).toBe(200);
    expect(second.json<RefreshResponse>().refresh).not.toBe(pair.refresh);
  });

  it('answers a token reused within the grace window with the same successor, which stays valid', async () => {
    const user = await createUser(database.db, { companyId: company.id, role: 5 });
    const session = await login(testApp.app, user.email, user.password);
    const first = (await refresh(testApp, session.refresh)).json<RefreshResponse>();
    const again = await refresh(testApp, session.refresh);
    expect(again.statusCode).toBe(200);
    const second = again.json<RefreshResponse>();
    expect(second.refresh).toBe(first.refresh);
    expect(second.refresh_token_expiration).toBe(first.refresh_token_expiration);
    const my = await testApp.app.inject({ method: 'GET', url: USERS_MY, headers: bearer(second.access) });
    expect(my.statusCode).toBe(200);
    expect((await refresh(testApp, first.refresh)).statusCode).toBe(200);
  });

  it('lets two tabs refreshing the same token at once both survive', async () => {
    const user = await createUser(database.db, { companyId: company.id, role: 5 });
    const session = await login(testApp.app, user.email, user.password);
    const [tabA, tabB] = await Promise.all([
      refresh(testApp, session.refresh),
      refresh(testApp, session.refresh),
    ]);
    expect(tabA.statusCode).toBe(200);
    expect(tabB.statusCode).toBe(200);
    const refreshA = tabA.json<RefreshResponse>().refresh;
    expect(tabB.json<RefreshResponse>().refresh).toBe(refreshA);
    expect((await refresh(testApp, refreshA)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is reused after the grace window', async () => {
    const user = await createUser(database.db, { companyId: company.id, role: 5 });
    const session = await login(strictApp.app, user.email, user.password);
    const next = (await refresh(strictApp, session.refresh)).json<RefreshResponse>();
    const reuse = await refresh(strictApp, session.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ code: 'unauthorized' });
    // The successor belonged to the same family: it is dead too.
    expect((await refresh(strictApp, next.refresh)).statusCode).toBe(401);
    // Another sign-in of the same user is another family and keeps working.
    const other = await login(strictApp.app, user.email, user.password);
    expect((await refresh(strictApp, other.refresh)).statusCode).toBe(200);
  });

  it('revokes the family when the successor of a reused token was already rotated, even within the grace window', async () => {
    const user = await createUser(database.db, { companyId: company.id, role: 5 });
    const session = await login(testApp.app, user.email, user.password);
    const second = (await refresh(testApp, session.refresh)).json<RefreshResponse>();
    const third = (await refresh(testApp, second.refresh)).json<RefreshResponse>();
    expect((await refresh(testApp, session.refresh)).statusCode).toBe(401);
    expect((await refresh(testApp, third.refresh)).statusCode).toBe(401);
  });

  it('answers 401 to an expired refresh token', async () => {
    const user = await createUser(database.db, { companyId: company.id, role: 5 });
    const session = await login(testApp.app, user.email, user.password);
    await database.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const response = await refresh(testApp, session.refresh);
    expect(response.statusCode).toBe(401);

    const expiredJwt = await signWith(
      { typ: 'refresh', fam: crypto.randomUUID(), sub: String(user.id) },
      { expiresAt: Math.floor(Date.now() / 1000) - 10 },
    );
    expect((await refresh(testApp, expiredJwt)).statusCode).toBe(401);
  });

  it('refuses an access token, a forged token and garbage in place of a refresh token', async () => {
    const user = await createUser(database.db, { companyId: company.id, role: 5 });
    const session = await login(testApp.app, user.email, user.password);
    expect((await refresh(testApp, session.access)).statusCode).toBe(401);
    const forged = await signWith(
      { typ: 'refresh', fam: crypto.randomUUID(), sub: String(user.id) },
      { secret: 'another-secret-another-secret-another-secret' },
    );
    expect((await refresh(testApp, forged)).statusCode).toBe(401);
    expect((await refresh(testApp, 'not-a-token')).statusCode).toBe(401);
    const empty = await testApp.app.inject({ method: 'POST', url: REFRESH, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ fields: unknown }>().fields).toEqual({ refresh: [AUTH_MESSAGES.fieldRequired] });
  });
});

describe('access tokens', () => {
  it('answers 401 token_expired for an expired access token', async () => {
    const user = await createUser(database.db, { companyId: company.id, role: 5 });
    const token = await signWith(
      { typ: 'access', fam: crypto.randomUUID(), sub: String(user.id) },
      { expiresAt: Math.floor(Date.now() / 1000) - 5 },
    );
    const response = await testApp.app.inject({ method: 'GET', url: USERS_MY, headers: bearer(token) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'token_expired' });
  });

  it('accepts a well-formed token and rejects one with another algorithm, audience, issuer, type or key', async () => {
    const user = await createUser(database.db, { companyId: company.id, role: 5 });
    const claims = { typ: 'access', fam: crypto.randomUUID(), sub: String(user.id) };
    const good = await signWith(claims);
    expect(
      (await testApp.app.inject({ method: 'GET', url: USERS_MY, headers: bearer(good) })).statusCode,
    ).toBe(200);

    const bad = [
      await signWith(claims, { alg: 'HS512' }),
      await signWith(claims, { audience: 'someone-else' }),
      await signWith(claims, { issuer: 'someone-else' }),
      await signWith({ ...claims, typ: 'refresh' }),
      await signWith(claims, { secret: 'another-secret-another-secret-another-secret' }),
      unsignedToken(claims),
    ];
    for (const token of bad) {
      const response = await testApp.app.inject({ method: 'GET', url: USERS_MY, headers: bearer(token) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('answers 401 without a token and for a fired user', async () => {
    const none = await testApp.app.inject({ method: 'GET', url: USERS_MY });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      detail: 'Authentication credentials were not provided.',
      code: 'unauthorized',
    });

    const user = await createUser(database.db, { companyId: company.id, role: 5 });
    const session = await login(testApp.app, user.email, user.password);
    await database.db.updateTable('users').set({ status: 'Fired' }).where('id', '=', user.id).execute();
    const fired = await testApp.app.inject({ method: 'GET', url: USERS_MY, headers: session.headers });
    expect(fired.statusCode).toBe(401);
  });
});

describe('POST rest-auth/registration/', () => {
  const valid = () => ({
    email: `new-${unique()}@example.test`,
    password1: 'long-enough-1',
    password2: 'long-enough-1',
    first_name: 'Ann',
    last_name: 'Newcomer',
  });

  it('creates a user with no role and no company and answers like login', async () => {
    const form = valid();
    const response = await testApp.app.inject({ method: 'POST', url: REGISTRATION, payload: form });
    expect(response.statusCode).toBe(200);
    const body = response.json<LoginResponse>();
    expect(body.user).toMatchObject({
      email: form.email,
      first_name: 'Ann',
      last_name: 'Newcomer',
      role: null,
      company_instance: null,
      req_status: 'None',
      menu: [],
    });
    expect(body.access_token).toBeTruthy();
    expect(body.refresh_token).toBeTruthy();
    const session = await login(testApp.app, form.email, form.password1);
    expect(session.body.user.id).toBe(body.user.id);
  });

  it('refuses an e-mail that is already registered, whatever its case', async () => {
    const user = await createUser(database.db);
    const response = await testApp.app.inject({
      method: 'POST',
      url: REGISTRATION,
      payload: { ...valid(), email: user.email.toUpperCase() },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'email_taken',
      fields: { email: ['A user with that e-mail already exists.'] },
    });
  });

  it.each([
    ['email', { email: undefined }, AUTH_MESSAGES.emailRequired],
    ['email', { email: '' }, AUTH_MESSAGES.emailRequired],
    ['email', { email: 'nope@' }, AUTH_MESSAGES.emailInvalid],
    ['password1', { password1: undefined, password2: undefined }, AUTH_MESSAGES.passwordRequired],
    ['password1', { password1: 'short1', password2: 'short1' }, AUTH_MESSAGES.passwordTooShort],
    [
      'password1',
      { password1: 'has space 123', password2: 'has space 123' },
      AUTH_MESSAGES.passwordWhitespace,
    ],
    ['password2', { password2: 'different-123' }, AUTH_MESSAGES.passwordsDontMatch],
    ['first_name', { first_name: '' }, AUTH_MESSAGES.fieldRequired],
    ['last_name', { last_name: undefined }, AUTH_MESSAGES.fieldRequired],
  ])('answers 400 naming %s: %j', async (field, change, message) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: REGISTRATION,
      payload: { ...valid(), ...change },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; fields: Record<string, string[]> }>();
    expect(body.code).toBe('validation_error');
    expect(body.fields[field]).toContain(message);
  });
});

describe('POST rest-auth/logout/', () => {
  it('revokes the family of the refresh token given', async () => {
    const user = await createUser(database.db, { companyId: company.id, role: 5 });
    const session = await login(testApp.app, user.email, user.password);
    const response = await testApp.app.inject({
      method: 'POST',
      url: LOGOUT,
      payload: { refresh: session.refresh },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Successfully logged out.' });
    expect((await refresh(testApp, session.refresh)).statusCode).toBe(401);
  });

  it('revokes the family of the bearer when no refresh token is given', async () => {
    const user = await createUser(database.db, { companyId: company.id, role: 5 });
    const session = await login(testApp.app, user.email, user.password);
    const other = await login(testApp.app, user.email, user.password);
    const response = await testApp.app.inject({
      method: 'POST',
      url: LOGOUT,
      headers: session.headers,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect((await refresh(testApp, session.refresh)).statusCode).toBe(401);
    expect((await refresh(testApp, other.refresh)).statusCode).toBe(200);
  });

  it('is harmless with a token that is already revoked or not a token', async () => {
    const user = await createUser(database.db, { companyId: company.id, role: 5 });
    const session = await login(testApp.app, user.email, user.password);
    for (const refreshToken of [session.refresh, session.refresh, 'garbage']) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: LOGOUT,
        payload: { refresh: refreshToken },
      });
      expect(response.statusCode).toBe(200);
    }
  });
});

function unsignedToken(claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    ...claims,
    jti: crypto.randomUUID(),
    iss: 'dispatch-back-office',
    aud: 'dispatch-web',
    iat: now,
    exp: now + 600,
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}

describe('signed-in users remembered between requests', () => {
  const VEHICLES = '/backend/api/v2/cars/all';
  let rememberingApp: TestApp;

  beforeAll(async () => {
    rememberingApp = await buildTestApp(database.db, { auth: { sessionUserMemoryMs: 300 } });
  });

  afterAll(async () => {
    await rememberingApp?.close();
  });

  it('lets a newcomer work with the role they were approved with at once', async () => {
    const manager = await createUser(database.db, { companyId: company.id, role: 4 });
    const newcomer = await createUser(database.db);
    const newcomerSession = await login(rememberingApp.app, newcomer.email, newcomer.password);
    const before = await rememberingApp.app.inject({
      method: 'GET',
      url: VEHICLES,
      headers: newcomerSession.headers,
    });
    expect(before.statusCode).toBe(403);

    await rememberingApp.app.inject({
      method: 'POST',
      url: '/backend/api/users/requests/add/',
      headers: newcomerSession.headers,
      payload: { target_department: 'Dispatcher', resp_user: manager.id },
    });
    const managerSession = await login(rememberingApp.app, manager.email, manager.password);
    const requests = await rememberingApp.app.inject({
      method: 'GET',
      url: '/backend/api/v2/users/requests/',
      headers: managerSession.headers,
    });
    const request = requests
      .json<{ results: { id: number; user: { id: number } }[] }>()
      .results.find((entry) => entry.user.id === newcomer.id);
    const approved = await rememberingApp.app.inject({
      method: 'PUT',
      url: `/backend/api/v2/users/requests/${request!.id}/approve`,
      headers: managerSession.headers,
      payload: { role: 5 },
    });
    expect(approved.statusCode).toBe(200);

    const after = await rememberingApp.app.inject({
      method: 'GET',
      url: VEHICLES,
      headers: newcomerSession.headers,
    });
    expect(after.statusCode).toBe(200);
  });

  it('refuses a user dismissed in the database once the memory has lapsed', async () => {
    const user = await createUser(database.db, { companyId: company.id, role: 5 });
    const session = await login(rememberingApp.app, user.email, user.password);
    const get = () => rememberingApp.app.inject({ method: 'GET', url: USERS_MY, headers: session.headers });
    expect((await get()).statusCode).toBe(200);

    await database.db.updateTable('users').set({ status: 'Fired' }).where('id', '=', user.id).execute();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const fired = await get();
    expect(fired.statusCode).toBe(401);
    expect(fired.json()).toMatchObject({ detail: 'The user of this token is not active.' });
  });
});
