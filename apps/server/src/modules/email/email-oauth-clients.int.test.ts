import type { RoleId } from '@app/domain/common/lookups';
import type { EmailOauthClient } from '@app/domain/email/email-oauth-clients.schema';
import type { Mailbox } from '@app/domain/email/email.schema';
import { afterAll, describe, expect, it } from 'vitest';
import { login, type Session } from '../../../test/auth-helpers';
import { createCompany, createUser } from '../../../test/factories';
import { TEST_JWT_SECRET } from '../../../test/test-app';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import type { App } from '../../app';
import type { Db } from '../../db/types';
import { loggerOptions } from '../../http/request-log';
import { startOauthStandIn } from '../../integrations/mail/oauth.fixtures';
import { createSecretBox } from '../../integrations/secret-box';
import { emailCall } from './email.fixtures';
import { OAUTH_CLIENT_SECRET_PURPOSE } from './mailbox-oauth';

// The company's Google and Zoho client keys on the company settings page (GET email/oauth-clients, PUT and
// DELETE email/oauth-clients/{provider}): admins and managers only, each company its own keys, the secret
// sealed and never answered nor logged, kept when left out, and the keys saved here are the ones the
// users' mailbox sign-in uses, through to a code exchanged at a stand-in of the provider's token endpoint.

const PUBLIC_URL = 'https://dispatch.carrier.test';
const REDIRECT_URI = `${PUBLIC_URL}/settings/profile/`;
const GOOGLE = { clientId: '77-first.apps.googleusercontent.com', clientSecret: 'GOCSPX-first-secret-4Xq' };
const ZOHO = { clientId: '1000.ZOHOFIRST77', clientSecret: 'zoho-first-secret-8Lm' };
const OTHER_SECRET = 'GOCSPX-other-company-secret-2Rw';
const SECRETS = [GOOGLE.clientSecret, ZOHO.clientSecret, OTHER_SECRET, 'GOCSPX-second-secret-5Tz'];

const standIn = await startOauthStandIn({
  clients: { google: GOOGLE, zoho: ZOHO },
  redirectUri: REDIRECT_URI,
});
afterAll(() => standIn.close());

type World = {
  company: { id: number };
  other: { id: number };
  admin: Session;
  manager: Session;
  dispatcher: Session;
  accountant: Session;
  otherManager: Session;
  otherDispatcher: Session;
};

async function createWorld(db: Db, app: App): Promise<World> {
  const company = await createCompany(db);
  const other = await createCompany(db);
  const session = async (companyId: number, role: RoleId) => {
    const user = await createUser(db, { companyId, role });
    return login(app, user.email, user.password);
  };
  return {
    company,
    other,
    admin: await session(company.id, 3),
    manager: await session(company.id, 4),
    dispatcher: await session(company.id, 5),
    accountant: await session(company.id, 7),
    otherManager: await session(other.id, 4),
    otherDispatcher: await session(other.id, 5),
  };
}

const logLines: string[] = [];
const { database, testApp, world } = setUpTestApp(createWorld, {
  publicUrl: PUBLIC_URL,
  emailOauth: standIn.urls,
  logger: { ...(loggerOptions('debug') as object), stream: { write: (line: string) => logLines.push(line) } },
});
const recorded = recordEventsOfEachTest(testApp);
const box = createSecretBox(TEST_JWT_SECRET);
/** Every answer of the tests, to look for secrets in. */
const answers: string[] = [];

async function call<Body>(
  method: 'GET' | 'PUT' | 'DELETE',
  path: string,
  session: Session,
  payload?: unknown,
) {
  const response = await emailCall<Body>(testApp.app, method, path, session, payload);
  answers.push(JSON.stringify(response.body));
  return response;
}

const keysOf = (session: Session) => call<EmailOauthClient[]>('GET', 'oauth-clients', session);

async function storedRow(companyId: number, provider: 'google' | 'zoho') {
  return database.db
    .selectFrom('email_oauth_clients')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

async function signInUrl(session: Session) {
  return call<{ auth_url: string }>('GET', 'auth', session);
}

const empty = (provider: 'google' | 'zoho'): EmailOauthClient => ({
  provider,
  client_id: null,
  has_secret: false,
  redirect_uri: REDIRECT_URI,
  connected_mailboxes: 0,
});

describe("the company's OAuth client keys", () => {
  it('are for admins and managers: a dispatcher and an accountant are refused and change nothing', async () => {
    for (const session of [world.dispatcher, world.accountant]) {
      expect((await keysOf(session)).status).toBe(403);
      const put = await call('PUT', 'oauth-clients/google', session, {
        client_id: GOOGLE.clientId,
        client_secret: GOOGLE.clientSecret,
      });
      expect(put).toMatchObject({ status: 403, body: { code: 'forbidden' } });
      expect((await call('DELETE', 'oauth-clients/google', session)).status).toBe(403);
    }
    expect(await storedRow(world.company.id, 'google')).toBeUndefined();
  });

  it('start empty, with the redirect URI to register, and the sign-in is refused without them', async () => {
    for (const session of [world.admin, world.manager]) {
      expect(await keysOf(session)).toEqual({ status: 200, body: [empty('google'), empty('zoho')] });
    }
    expect(await signInUrl(world.dispatcher)).toMatchObject({
      status: 409,
      body: { code: 'email_oauth_not_configured', fields: { provider: ['Google'] } },
    });
  });

  it('refuse bad input naming the field, and store nothing', async () => {
    const cases: [string, unknown, Record<string, string[]>][] = [
      ['oauth-clients/google', {}, { client_id: ['Enter the client ID'] }],
      [
        'oauth-clients/google',
        { client_id: '   ', client_secret: 'x' },
        { client_id: ['Enter the client ID'] },
      ],
      [
        'oauth-clients/google',
        { client_id: 'has space', client_secret: 'x' },
        { client_id: ['A client ID has no spaces'] },
      ],
      [
        'oauth-clients/zoho',
        { client_id: 'x'.repeat(256), client_secret: 'y'.repeat(256) },
        {
          client_id: ['Must have at most 255 characters'],
          client_secret: ['Must have at most 255 characters'],
        },
      ],
    ];
    for (const [path, body, fields] of cases) {
      const response = await call<{ code: string; fields: Record<string, string[]> }>(
        'PUT',
        path,
        world.manager,
        body,
      );
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('validation_error');
      expect(response.body.fields).toMatchObject(fields);
    }
    const unknown = await call<{ fields: Record<string, string[]> }>(
      'PUT',
      'oauth-clients/outlook',
      world.manager,
      {
        client_id: 'id',
        client_secret: 'secret',
      },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields.provider).toEqual(['The provider must be google or zoho']);
    // A client ID alone, with no secret stored: the secret is asked for by a code of its own.
    const noSecret = await call('PUT', 'oauth-clients/google', world.manager, { client_id: GOOGLE.clientId });
    expect(noSecret).toMatchObject({
      status: 400,
      body: {
        code: 'email_oauth_client_secret_required',
        detail: 'Enter the client secret: none is stored yet',
        fields: { client_secret: ['Enter the client secret: none is stored yet'] },
      },
    });
    expect(await storedRow(world.company.id, 'google')).toBeUndefined();
    expect(await storedRow(world.company.id, 'zoho')).toBeUndefined();
    expect(recorded.events).toEqual([]);
  });

  it('are saved with the secret sealed, and the sign-in then uses them through to the provider', async () => {
    const saved = await call<EmailOauthClient>('PUT', 'oauth-clients/google', world.manager, {
      client_id: ` ${GOOGLE.clientId} `,
      client_secret: GOOGLE.clientSecret,
    });
    expect(saved).toEqual({
      status: 200,
      body: { ...empty('google'), client_id: GOOGLE.clientId, has_secret: true },
    });
    // Colleagues' open settings pages hear of it (every user of the company, this company only).
    expect(recorded.events).toEqual([
      { event: 'update_company', companyId: world.company.id, data: { id: world.company.id } },
    ]);
    const row = await storedRow(world.company.id, 'google');
    expect(row?.client_id).toBe(GOOGLE.clientId);
    expect(row?.client_secret).not.toContain(GOOGLE.clientSecret);
    expect(row?.client_secret).toMatch(/^v1\./);
    expect(box.open(row!.client_secret, OAUTH_CLIENT_SECRET_PURPOSE)).toBe(GOOGLE.clientSecret);

    const started = await signInUrl(world.dispatcher);
    expect(started.status).toBe(200);
    const url = new URL(started.body.auth_url);
    expect(url.searchParams.get('client_id')).toBe(GOOGLE.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    // Zoho has no keys yet.
    expect((await call('GET', 'zoho/auth', world.dispatcher)).status).toBe(409);

    // The whole sign-in: the stand-in exchanges the code only for the right client ID and secret.
    const code = standIn.issueCode('google', 'dana@gmail.test');
    const signedIn = await emailCall<Mailbox>(testApp.app, 'POST', 'oauth/callback', world.dispatcher, {
      code,
      state: url.searchParams.get('state'),
    });
    expect(signedIn.body).toMatchObject({ connected: true, provider: 'google', address: 'dana@gmail.test' });
    const exchange = standIn.requests.find((request) => request.form.grant_type === 'authorization_code');
    expect(exchange?.form).toMatchObject({ client_id: GOOGLE.clientId, client_secret: GOOGLE.clientSecret });
    const listed = await keysOf(world.admin);
    expect(listed.body[0]).toMatchObject({ provider: 'google', has_secret: true, connected_mailboxes: 1 });
  });

  it('keep the stored secret when none is given, and take a new one when it is', async () => {
    const before = (await storedRow(world.company.id, 'google'))!.client_secret;
    for (const client_secret of [undefined, null, '', '  ']) {
      const kept = await call<EmailOauthClient>('PUT', 'oauth-clients/google', world.admin, {
        client_id: 'renamed-77.apps.googleusercontent.com',
        ...(client_secret === undefined ? {} : { client_secret }),
      });
      expect(kept.body).toMatchObject({
        client_id: 'renamed-77.apps.googleusercontent.com',
        has_secret: true,
      });
      expect((await storedRow(world.company.id, 'google'))!.client_secret).toBe(before);
    }
    const url = new URL((await signInUrl(world.dispatcher)).body.auth_url);
    expect(url.searchParams.get('client_id')).toBe('renamed-77.apps.googleusercontent.com');

    await call('PUT', 'oauth-clients/google', world.admin, {
      client_id: GOOGLE.clientId,
      client_secret: 'GOCSPX-second-secret-5Tz',
    });
    const after = (await storedRow(world.company.id, 'google'))!;
    expect(after.client_secret).not.toBe(before);
    expect(box.open(after.client_secret, OAUTH_CLIENT_SECRET_PURPOSE)).toBe('GOCSPX-second-secret-5Tz');
    await call('PUT', 'oauth-clients/google', world.admin, {
      client_id: GOOGLE.clientId,
      client_secret: GOOGLE.clientSecret,
    });
  });

  it("are each company's own: another company never sees nor changes them", async () => {
    await call('PUT', 'oauth-clients/zoho', world.manager, {
      client_id: ZOHO.clientId,
      client_secret: ZOHO.clientSecret,
    });
    const ours = {
      google: await storedRow(world.company.id, 'google'),
      zoho: await storedRow(world.company.id, 'zoho'),
    };
    expect(await keysOf(world.otherManager)).toEqual({ status: 200, body: [empty('google'), empty('zoho')] });
    expect((await signInUrl(world.otherDispatcher)).status).toBe(409);
    // Their ID alone does not borrow our stored secret.
    expect(
      (
        await call('PUT', 'oauth-clients/google', world.otherManager, {
          client_id: 'theirs.apps.googleusercontent.com',
        })
      ).body,
    ).toMatchObject({ code: 'email_oauth_client_secret_required' });
    const theirs = await call<EmailOauthClient>('PUT', 'oauth-clients/google', world.otherManager, {
      client_id: 'theirs.apps.googleusercontent.com',
      client_secret: OTHER_SECRET,
    });
    expect(theirs.body).toMatchObject({
      client_id: 'theirs.apps.googleusercontent.com',
      connected_mailboxes: 0,
    });
    expect((await call('DELETE', 'oauth-clients/zoho', world.otherManager)).status).toBe(200);
    expect(await storedRow(world.company.id, 'google')).toEqual(ours.google);
    expect(await storedRow(world.company.id, 'zoho')).toEqual(ours.zoho);
    const theirUrl = new URL((await signInUrl(world.otherDispatcher)).body.auth_url);
    expect(theirUrl.searchParams.get('client_id')).toBe('theirs.apps.googleusercontent.com');
    const ourUrl = new URL((await signInUrl(world.dispatcher)).body.auth_url);
    expect(ourUrl.searchParams.get('client_id')).toBe(GOOGLE.clientId);
  });

  it('are removed with DELETE: the sign-in is refused again, and a second DELETE answers the same', async () => {
    const removed = await call<EmailOauthClient>('DELETE', 'oauth-clients/zoho', world.admin);
    expect(removed).toEqual({ status: 200, body: empty('zoho') });
    expect(recorded.events).toEqual([
      { event: 'update_company', companyId: world.company.id, data: { id: world.company.id } },
    ]);
    expect(await storedRow(world.company.id, 'zoho')).toBeUndefined();
    expect((await call('GET', 'zoho/auth', world.dispatcher)).body).toMatchObject({
      code: 'email_oauth_not_configured',
    });
    expect(await call('DELETE', 'oauth-clients/zoho', world.admin)).toEqual({
      status: 200,
      body: empty('zoho'),
    });
    // Google's keys and the other company's are untouched.
    expect(await storedRow(world.company.id, 'google')).toBeDefined();
    expect(await storedRow(world.other.id, 'google')).toBeDefined();
  });

  it('count a stored secret that no longer opens (the server key changed) as none', async () => {
    await database.db
      .updateTable('email_oauth_clients')
      .set({
        client_secret: createSecretBox('another-server-secret-of-enough-length').seal(
          'lost',
          OAUTH_CLIENT_SECRET_PURPOSE,
        ),
      })
      .where('company_id', '=', world.other.id)
      .execute();
    const listed = await keysOf(world.otherManager);
    expect(listed.body[0]).toMatchObject({
      client_id: 'theirs.apps.googleusercontent.com',
      has_secret: false,
    });
    expect(
      (
        await call('PUT', 'oauth-clients/google', world.otherManager, {
          client_id: 'theirs.apps.googleusercontent.com',
        })
      ).body,
    ).toMatchObject({ code: 'email_oauth_client_secret_required' });
  });

  it('never answer nor log a client secret', () => {
    expect(answers.length).toBeGreaterThan(30);
    for (const secret of SECRETS) {
      expect(answers.filter((answer) => answer.includes(secret))).toEqual([]);
      expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
    }
    // The requests were logged: the check above read the real log.
    expect(logLines.some((line) => line.includes('PUT /backend/api/v2/email/oauth-clients/google'))).toBe(
      true,
    );
  });
});
