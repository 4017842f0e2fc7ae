import { createHmac } from 'node:crypto';
import type { EmailSent, Mailbox } from '@app/domain/email/email.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../test/auth-helpers';
import { TEST_JWT_SECRET } from '../../../test/test-app';
import { setUpTestApp } from '../../../test/test-suite';
import { loggerOptions } from '../../http/request-log';
import { startTestSmtpServer, type TestSmtpServer } from '../../integrations/mail/mail.fixtures';
import { startOauthStandIn } from '../../integrations/mail/oauth.fixtures';
import { createSecretBox } from '../../integrations/secret-box';
import { insertLoad } from '../loads/loads.fixtures';
import { createEmailWorld, emailCall, sendForm, useCompanySmtp } from './email.fixtures';
import { OAUTH_CLIENT_SECRET_PURPOSE, type OauthSecret } from './mailbox-oauth';
import { secretPurpose } from './mailbox.service';

// The Google and Zoho sign-in of a user's mailbox, end to end against a stand-in of the providers' token
// endpoints on loopback (EMAIL_OAUTH_*) and a real SMTP server that takes XOAUTH2: the browser's return is
// posted to email/oauth/callback, the code is exchanged with the company's client keys, the mailbox is kept
// with its tokens sealed, threads are sent with the access token (renewed when it is about to expire), a
// bad state changes nothing, a revoked sign-in logs the mailbox out with google_invalid_credentials, and
// no token ever appears in an answer or the log.

const PUBLIC_URL = 'https://dispatch.carrier.test';
const REDIRECT_URI = `${PUBLIC_URL}/settings/profile/`;
const CLIENTS = {
  google: { clientId: 'client-77.apps.googleusercontent.com', clientSecret: 'google-client-secret-9f' },
  zoho: { clientId: '1000.ZOHOCLIENT77', clientSecret: 'zoho-client-secret-3c' },
};

let smtp: TestSmtpServer | undefined;
const standIn = await startOauthStandIn({
  clients: CLIENTS,
  redirectUri: REDIRECT_URI,
  // The provider's mail servers honour the tokens it issues, and only the newest one of a mailbox.
  onAccessToken: (email, token) => smtp?.accessTokens.set(email, token),
  zohoMailboxOf: (email) => email.replace('@login.zoho.test', '@carrier-zoho.test'),
});
const logLines: string[] = [];
const { database, testApp, world } = setUpTestApp(createEmailWorld, {
  publicUrl: PUBLIC_URL,
  emailOauth: standIn.urls,
  logger: { ...(loggerOptions('debug') as object), stream: { write: (line: string) => logLines.push(line) } },
});
const box = createSecretBox(TEST_JWT_SECRET);
/** Every answer of the tests, to look for tokens in. */
const answers: unknown[] = [];

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  await useCompanySmtp(database.db, world.company.id, null);
  for (const provider of ['google', 'zoho'] as const) {
    await database.db
      .insertInto('email_oauth_clients')
      .values({
        company_id: world.company.id,
        provider,
        client_id: CLIENTS[provider].clientId,
        client_secret: box.seal(CLIENTS[provider].clientSecret, OAUTH_CLIENT_SECRET_PURPOSE),
      })
      .execute();
  }
});
afterAll(async () => {
  await smtp?.close();
  await standIn.close();
});

async function call<Body>(method: 'GET' | 'POST', path: string, session: Session, payload?: unknown) {
  const response = await emailCall<Body>(testApp.app, method, path, session, payload);
  answers.push(response.body);
  return response;
}

/** GET email/auth (or zoho/auth): the state the provider will bring back. */
async function startSignIn(session: Session, provider: 'google' | 'zoho') {
  const started = await call<{ auth_url: string }>(
    'GET',
    provider === 'google' ? 'auth' : 'zoho/auth',
    session,
  );
  expect(started.status).toBe(200);
  const url = new URL(started.body.auth_url);
  expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
  return url.searchParams.get('state')!;
}

/** The whole sign-in: the user signs in to `email` at the provider, and the browser comes back. */
async function signIn(
  session: Session,
  provider: 'google' | 'zoho',
  email: string,
  options: { expiresIn?: number } = {},
) {
  const state = await startSignIn(session, provider);
  const code = standIn.issueCode(provider, email, options);
  return call<Mailbox>('POST', 'oauth/callback', session, { provider, code, state });
}

async function mailboxRow(userId: number) {
  return database.db
    .selectFrom('email_mailboxes')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

async function openedSecret(userId: number): Promise<OauthSecret> {
  const row = await mailboxRow(userId);
  return JSON.parse(box.open(row!.secret, secretPurpose(userId))!) as OauthSecret;
}

/** Points the mailbox's SMTP server (smtp.gmail.com:465) at the loopback server that stands in for it. */
async function sendThroughLoopback(userId: number) {
  await database.db
    .updateTable('email_mailboxes')
    .set({ smtp_host: '127.0.0.1', smtp_port: smtp!.port, smtp_secure: false })
    .where('user_id', '=', userId)
    .execute();
}

async function newLoadThread(session: Session, userId: number, subject: string) {
  const loadId = await insertLoad(database.db, world.company.id, { dispatcherId: userId });
  return call<EmailSent>('POST', 'chats/create', session, {
    type: 2,
    load: loadId,
    subject,
    to_emails: ['mary@broker.test'],
    msg_plain: `About ${subject}`,
  });
}

const tokenRequests = (grantType: string) =>
  standIn.requests.filter((request) => request.form.grant_type === grantType);

describe('the return from the provider with a bad state', () => {
  it('is refused with email_oauth_state_invalid, asks the provider nothing and keeps nothing', async () => {
    const { dispatcher, manager } = world.sessions;
    const state = await startSignIn(dispatcher, 'google');
    const code = standIn.issueCode('google', 'dana@gmail.test');
    const signed = (payload: string) =>
      `${payload}.${createHmac('sha256', TEST_JWT_SECRET).update(`email-oauth:${payload}`).digest('base64url')}`;
    const [company, user] = state.split('.');
    const refusals = [
      // Tampered with: another expiry under the old signature.
      state.replace(
        /\.(\d+)\.([^.]+)$/,
        (_, expires: string, signature: string) => `.${Number(expires) + 1}.${signature}`,
      ),
      // Signed right, but 15 minutes old.
      signed(`${company}.${user}.google.${Date.now() - 1000}`),
      'not-a-state',
    ];
    const before = standIn.requests.length;
    for (const bad of refusals) {
      const response = await call('POST', 'oauth/callback', dispatcher, { code, state: bad });
      expect(response, bad).toMatchObject({
        status: 400,
        body: {
          code: 'email_oauth_state_invalid',
          detail: 'The sign-in link has expired; start the sign-in again.',
        },
      });
    }
    // Another user's good state, and the state of one provider presented as the other's.
    expect((await call('POST', 'oauth/callback', manager, { code, state })).body).toMatchObject({
      code: 'email_oauth_state_invalid',
    });
    expect(
      (await call('POST', 'oauth/callback', dispatcher, { provider: 'zoho', code, state })).body,
    ).toMatchObject({ code: 'email_oauth_state_invalid' });
    expect(standIn.requests.length).toBe(before);
    expect(await mailboxRow(world.users.dispatcher.id)).toBeUndefined();
    expect(await mailboxRow(world.users.manager.id)).toBeUndefined();
  });

  it('a code the provider refuses answers email_oauth_failed and keeps nothing', async () => {
    const state = await startSignIn(world.sessions.dispatcher, 'google');
    const response = await call('POST', 'oauth/callback', world.sessions.dispatcher, {
      code: '4/never-issued',
      state,
    });
    expect(response).toMatchObject({
      status: 400,
      body: { code: 'email_oauth_failed', fields: { provider: ['Google'] } },
    });
    expect(await mailboxRow(world.users.dispatcher.id)).toBeUndefined();
  });
});

describe('a Google sign-in', () => {
  it('exchanges the code with the company keys and keeps the mailbox with its tokens sealed', async () => {
    const response = await signIn(world.sessions.dispatcher, 'google', 'Dana.Dispatch@Gmail.test');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      connected: true,
      provider: 'google',
      address: 'dana.dispatch@gmail.test',
      username: 'dana.dispatch@gmail.test',
      smtp_host: 'smtp.gmail.com',
      smtp_port: 465,
      smtp_secure: true,
      imap_host: 'imap.gmail.com',
      imap_port: 993,
      imap_secure: true,
    });
    const exchange = tokenRequests('authorization_code').at(-1)!;
    expect(exchange).toMatchObject({
      path: '/google/token',
      form: {
        client_id: CLIENTS.google.clientId,
        client_secret: CLIENTS.google.clientSecret,
        redirect_uri: REDIRECT_URI,
        grant_type: 'authorization_code',
      },
    });
    expect(exchange.form.code).toMatch(/^4\/code-/);
    const row = await mailboxRow(world.users.dispatcher.id);
    const secret = await openedSecret(world.users.dispatcher.id);
    expect(secret.access_token).toMatch(/^google-access-/);
    expect(secret.refresh_token).toMatch(/^google-refresh-/);
    expect(secret.expires_at).toBeGreaterThan(Date.now() + 3500_000);
    expect(row!.secret).not.toContain(secret.access_token);
    expect(row!.secret).not.toContain(secret.refresh_token);
    const read = await call<Mailbox>('GET', 'mailbox', world.sessions.dispatcher);
    expect(read.body).toEqual(response.body);
  });

  it('sends a thread through the mailbox, signed in to SMTP with XOAUTH2 and the access token', async () => {
    await sendThroughLoopback(world.users.dispatcher.id);
    const { access_token } = await openedSecret(world.users.dispatcher.id);
    const refreshes = tokenRequests('refresh_token').length;
    const sent = await newLoadThread(world.sessions.dispatcher, world.users.dispatcher.id, 'Load by Gmail');
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatchObject({ delivery: 'sent', from: 'dana.dispatch@gmail.test' });
    expect(smtp!.received.at(-1)).toMatchObject({
      authMethod: 'XOAUTH2',
      user: 'dana.dispatch@gmail.test',
      accessToken: access_token,
      envelopeTo: ['mary@broker.test'],
      email: { subject: 'Load by Gmail', from: { address: 'dana.dispatch@gmail.test' } },
    });
    // A token good for the next hour is not renewed.
    expect(tokenRequests('refresh_token').length).toBe(refreshes);
  });
});

describe('an access token about to expire', () => {
  it('is renewed with the refresh token before sending, and the new one is kept', async () => {
    const { manager } = world.sessions;
    const userId = world.users.manager.id;
    // The provider answers a token good for 30 seconds: within the minute of margin.
    expect((await signIn(manager, 'google', 'mike.manager@gmail.test', { expiresIn: 30 })).status).toBe(200);
    await sendThroughLoopback(userId);
    const first = await openedSecret(userId);
    const sent = await newLoadThread(manager, userId, 'Renewed');
    expect(sent.body.message).toMatchObject({ delivery: 'sent' });

    const refresh = tokenRequests('refresh_token').at(-1)!;
    expect(refresh.form).toEqual({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      client_id: CLIENTS.google.clientId,
      client_secret: CLIENTS.google.clientSecret,
    });
    const renewed = await openedSecret(userId);
    expect(renewed.access_token).not.toBe(first.access_token);
    expect(renewed.refresh_token).toBe(first.refresh_token);
    expect(renewed.expires_at).toBeGreaterThan(Date.now() + 3500_000);
    expect(smtp!.received.at(-1)).toMatchObject({ authMethod: 'XOAUTH2', accessToken: renewed.access_token });

    // A reply in the thread goes with the renewed token, without renewing it again.
    const refreshes = tokenRequests('refresh_token').length;
    const reply = await sendForm<EmailSent>(testApp.app, `chats/${sent.body.chat.id}/send-message`, manager, {
      msg_plain: 'Following up',
      to_emails: 'mary@broker.test',
    });
    answers.push(reply.body);
    expect(reply.body.message).toMatchObject({ delivery: 'sent' });
    expect(smtp!.received.at(-1)).toMatchObject({ accessToken: renewed.access_token });
    expect(tokenRequests('refresh_token').length).toBe(refreshes);
  });
});

describe('a sign-in the provider no longer renews', () => {
  it('logs the mailbox out and the send answers google_invalid_credentials', async () => {
    const { accountant } = world.sessions;
    const userId = world.users.accountant.id;
    expect((await signIn(accountant, 'google', 'ann.accounts@gmail.test', { expiresIn: 5 })).status).toBe(
      200,
    );
    await sendThroughLoopback(userId);
    standIn.revoke((await openedSecret(userId)).refresh_token);
    const delivered = smtp!.received.length;
    const sent = await call('POST', 'chats/create', accountant, {
      type: 3,
      subject: 'Invoice 42',
      to_emails: ['ap@broker.test'],
      msg_plain: 'Please find the invoice',
    });
    expect(sent).toMatchObject({
      status: 400,
      body: {
        code: 'google_invalid_credentials',
        detail: 'The mailbox refused the saved credentials and was signed out; connect it again.',
      },
    });
    expect(smtp!.received.length).toBe(delivered);
    expect(await mailboxRow(userId)).toBeUndefined();
    const read = await call<Mailbox>('GET', 'mailbox', accountant);
    expect(read.body).toMatchObject({ connected: false, provider: null });
  });
});

describe('a Zoho sign-in', () => {
  it("names the mailbox by Zoho Mail's primary address and keeps Zoho's servers", async () => {
    const session = world.otherDispatcher;
    const response = await signIn(session, 'zoho', 'zed@login.zoho.test');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      connected: true,
      provider: 'zoho',
      address: 'zed@carrier-zoho.test',
      smtp_host: 'smtp.zoho.com',
      smtp_port: 465,
      imap_host: 'imap.zoho.com',
      imap_port: 993,
    });
    const secret = await openedSecret(session.userId);
    expect(tokenRequests('authorization_code').at(-1)).toMatchObject({
      path: '/zoho/oauth/v2/token',
      form: { client_id: CLIENTS.zoho.clientId, client_secret: CLIENTS.zoho.clientSecret },
    });
    expect(standIn.requests.at(-1)).toMatchObject({
      path: '/zoho/api/accounts',
      authorization: `Zoho-oauthtoken ${secret.access_token}`,
    });
    const auth = await call<{ auth_url: string }>('GET', 'zoho/auth', session);
    expect(new URL(auth.body.auth_url).searchParams.get('scope')).toContain('ZohoMail.accounts.READ');

    await sendThroughLoopback(session.userId);
    const sent = await newLoadThread(session, session.userId, 'Load by Zoho');
    expect(sent.body.message).toMatchObject({ delivery: 'sent', from: 'zed@carrier-zoho.test' });
    expect(smtp!.received.at(-1)).toMatchObject({
      authMethod: 'XOAUTH2',
      user: 'zed@carrier-zoho.test',
      accessToken: secret.access_token,
    });
  });
});

describe('the tokens', () => {
  it('never appear in an answer or in the log', () => {
    expect(standIn.issued.length).toBeGreaterThanOrEqual(8);
    expect(logLines.length).toBeGreaterThan(10);
    const secrets = [...standIn.issued, CLIENTS.google.clientSecret, CLIENTS.zoho.clientSecret];
    const answered = JSON.stringify(answers);
    const logged = logLines.join('\n');
    for (const secret of secrets) {
      expect(answered).not.toContain(secret);
      expect(logged).not.toContain(secret);
    }
  });
});
