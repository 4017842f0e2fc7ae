import { AUTH_MESSAGES, type RefreshResponse } from '@app/domain/auth/auth.schema';
import type { CurrentUser } from '@app/domain/users/users.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, type Session } from '../../../test/auth-helpers';
import { createCompany, createUser, type TestCompany } from '../../../test/factories';
import { setUpTestApp } from '../../../test/test-suite';

const PROFILE = '/backend/api/v2/profile/me';
const UPDATE = '/backend/api/v2/profile/me/update';
const CHANGE_PASSWORD = '/backend/api/v2/profile/me/change-password';
const UPDATE_FILTERS = '/backend/api/v2/profile/update-filters';

// The smallest valid PNG: a 1x1 transparent pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const { database, testApp } = setUpTestApp();
let company: TestCompany;

beforeAll(async () => {
  company = await createCompany(database.db);
});

async function staffSession(): Promise<Session> {
  const user = await createUser(database.db, { companyId: company.id, role: 5 });
  return login(testApp.app, user.email, user.password);
}

/** A multipart/form-data body built by hand: fields, and files as [name, filename, type, bytes]. */
function multipart(fields: Record<string, string>, files: [string, string, string, Buffer][] = []) {
  const boundary = `----form${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const [name, filename, type, data] of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('GET profile/me', () => {
  it('answers the current user with e-mail and without the menu', async () => {
    const session = await staffSession();
    const response = await testApp.app.inject({ method: 'GET', url: PROFILE, headers: session.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({ id: session.body.user.id, email: session.body.user.email, role: 5 });
    expect(body).not.toHaveProperty('menu');
    expect((await testApp.app.inject({ method: 'GET', url: PROFILE })).statusCode).toBe(401);
  });
});

describe('PUT profile/me/update', () => {
  it('updates names and language from JSON', async () => {
    const session = await staffSession();
    const response = await testApp.app.inject({
      method: 'PUT',
      url: UPDATE,
      headers: session.headers,
      payload: { first_name: ' Olga ', last_name: 'Petrova', lang: 'ru' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ first_name: 'Olga', last_name: 'Petrova', lang: 'ru' });
    const my = await testApp.app.inject({
      method: 'GET',
      url: '/backend/api/users/my/',
      headers: session.headers,
    });
    expect(my.json<CurrentUser>()).toMatchObject({ first_name: 'Olga', lang: 'ru' });
  });

  it('names each bad field and changes nothing', async () => {
    const session = await staffSession();
    const response = await testApp.app.inject({
      method: 'PUT',
      url: UPDATE,
      headers: session.headers,
      payload: { first_name: '', last_name: 'Petrova', lang: 'de' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_error',
      fields: { first_name: ['This field is required'], lang: [expect.any(String)] },
    });
    const profile = await testApp.app.inject({ method: 'GET', url: PROFILE, headers: session.headers });
    expect(profile.json()).toMatchObject({ first_name: session.body.user.first_name, lang: 'en' });
  });

  it('accepts a multipart form with an avatar image and serves it', async () => {
    const session = await staffSession();
    const form = multipart({ first_name: 'Ivan', last_name: 'Sidorov', lang: 'en' }, [
      ['avatar', 'me.png', 'image/png', PNG],
    ]);
    const response = await testApp.app.inject({
      method: 'PUT',
      url: UPDATE,
      headers: { ...session.headers, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ avatar: string; first_name: string }>();
    expect(body.first_name).toBe('Ivan');
    expect(body.avatar).toMatch(/^\/backend\/media\/avatars\/[0-9a-f-]{36}\.png$/);
    const image = await testApp.app.inject({ method: 'GET', url: body.avatar });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    // A second upload replaces the first, whose file goes away.
    const again = multipart({ first_name: 'Ivan', last_name: 'Sidorov', lang: 'en' }, [
      ['avatar', 'me.png', 'image/png', PNG],
    ]);
    const replaced = await testApp.app.inject({
      method: 'PUT',
      url: UPDATE,
      headers: { ...session.headers, 'content-type': again.contentType },
      payload: again.payload,
    });
    const newAvatar = replaced.json<{ avatar: string }>().avatar;
    expect(newAvatar).not.toBe(body.avatar);
    expect((await testApp.app.inject({ method: 'GET', url: body.avatar })).statusCode).toBe(404);
  });

  it('refuses a file that is not an image (400) and one above 5 MB (413)', async () => {
    const session = await staffSession();
    const text = multipart({ first_name: 'A', last_name: 'B', lang: 'en' }, [
      ['avatar', 'me.png', 'image/png', Buffer.from('<script>alert(1)</script>')],
    ]);
    const notImage = await testApp.app.inject({
      method: 'PUT',
      url: UPDATE,
      headers: { ...session.headers, 'content-type': text.contentType },
      payload: text.payload,
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({
      code: 'avatar_type_invalid',
      fields: { avatar: [expect.any(String)] },
    });

    const big = multipart({ first_name: 'A', last_name: 'B', lang: 'en' }, [
      ['avatar', 'big.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])],
    ]);
    const tooLarge = await testApp.app.inject({
      method: 'PUT',
      url: UPDATE,
      headers: { ...session.headers, 'content-type': big.contentType },
      payload: big.payload,
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      code: 'payload_too_large',
      fields: { avatar: [expect.any(String)] },
    });
    const profile = await testApp.app.inject({ method: 'GET', url: PROFILE, headers: session.headers });
    expect(profile.json()).toMatchObject({ avatar: null, first_name: session.body.user.first_name });
  });

  it('refuses an anonymous upload', async () => {
    const form = multipart({ first_name: 'A', last_name: 'B', lang: 'en' }, [
      ['avatar', 'a.png', 'image/png', PNG],
    ]);
    const response = await testApp.app.inject({
      method: 'PUT',
      url: UPDATE,
      headers: { 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT profile/me/change-password', () => {
  async function changePassword(session: Session, payload: object) {
    return testApp.app.inject({ method: 'PUT', url: CHANGE_PASSWORD, headers: session.headers, payload });
  }

  it('answers the spec messages', async () => {
    const session = await staffSession();
    const missing = await changePassword(session, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fields: unknown }>().fields).toEqual({
      old_password: [AUTH_MESSAGES.mustBePresent],
      new_password1: [AUTH_MESSAGES.mustBePresent],
      new_password2: [AUTH_MESSAGES.mustBePresent],
    });
    const short = await changePassword(session, {
      old_password: 'x',
      new_password1: 'short',
      new_password2: 'short',
    });
    expect(short.json<{ fields: unknown }>().fields).toEqual({
      new_password1: [AUTH_MESSAGES.mustHaveEightSymbols],
    });
    const different = await changePassword(session, {
      old_password: 'x',
      new_password1: 'long-enough-1',
      new_password2: 'long-enough-2',
    });
    expect(different.json<{ fields: unknown }>().fields).toEqual({
      new_password2: [AUTH_MESSAGES.mustBeEqualToNewPassword],
    });
  });

  it('refuses a wrong old password', async () => {
    const session = await staffSession();
    const response = await changePassword(session, {
      old_password: 'not-my-password',
      new_password1: 'long-enough-1',
      new_password2: 'long-enough-1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'wrong_password',
      fields: { old_password: ['Wrong password'] },
    });
  });

  it('changes the password and ends the other sign-ins, keeping this one', async () => {
    const user = await createUser(database.db, { companyId: company.id, role: 5 });
    const session = await login(testApp.app, user.email, user.password);
    const otherDevice = await login(testApp.app, user.email, user.password);
    const response = await changePassword(session, {
      old_password: user.password,
      new_password1: 'brand-new-pass',
      new_password2: 'brand-new-pass',
    });
    expect(response.statusCode).toBe(200);
    await login(testApp.app, user.email, 'brand-new-pass');
    const old = await testApp.app.inject({
      method: 'POST',
      url: '/backend/api/v2/rest-auth/login/',
      payload: { email: user.email, password: user.password },
    });
    expect(old.statusCode).toBe(400);
    const refresh = (token: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/backend/api/v2/rest-auth/token/refresh/',
        payload: { refresh: token },
      });
    expect((await refresh(otherDevice.refresh)).statusCode).toBe(401);
    const kept = await refresh(session.refresh);
    expect(kept.statusCode).toBe(200);
    expect(kept.json<RefreshResponse>().access).toBeTruthy();
  });
});

describe('PUT profile/update-filters', () => {
  it('saves the JSON list of filter templates', async () => {
    const session = await staffSession();
    const filters = JSON.stringify([
      { name: 'Texas vans', pickupStates: ['TX'], vehicleTypes: ['VAN'], miles: 200 },
    ]);
    const response = await testApp.app.inject({
      method: 'PUT',
      url: UPDATE_FILTERS,
      headers: session.headers,
      payload: { filters_data_2: filters },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ filters_data_2: filters });
    const my = await testApp.app.inject({
      method: 'GET',
      url: '/backend/api/users/my/',
      headers: session.headers,
    });
    expect(my.json<CurrentUser>().filters_data_2).toBe(filters);
  });

  it.each([
    ['not json'],
    ['{"name":"x"}'],
    [42],
    ['[{"name":"East"},{"name":"east"}]'],
    ['[{"name":"East","vehicleTypes":["BOAT"]}]'],
    ['[{"name":"East","pickupStates":["ZZ"]}]'],
  ])('refuses %j naming filters_data_2', async (value) => {
    const session = await staffSession();
    const response = await testApp.app.inject({
      method: 'PUT',
      url: UPDATE_FILTERS,
      headers: session.headers,
      payload: { filters_data_2: value },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { filters_data_2: [expect.any(String)] } });
    const my = await testApp.app.inject({
      method: 'GET',
      url: '/backend/api/users/my/',
      headers: session.headers,
    });
    expect(my.json<CurrentUser>().filters_data_2).toBe('[]');
  });
});
