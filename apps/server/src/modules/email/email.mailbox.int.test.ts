import type { EmailSent, Mailbox } from '@app/domain/email/email.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET } from '../../../test/test-app';
import { setUpTestApp } from '../../../test/test-suite';
import {
  startTestSmtpServer,
  TEST_SMTP_PASSWORD,
  TEST_SMTP_USER,
  type TestSmtpServer,
} from '../../integrations/mail/mail.fixtures';
import { createSecretBox } from '../../integrations/secret-box';
import { insertLoad } from '../loads/loads.fixtures';
import { createEmailWorld, emailCall, useCompanySmtp } from './email.fixtures';
import { secretPurpose } from './mailbox.service';

// A user's own mailbox: SMTP settings tested before they are kept, the password sealed and never
// answered, threads sent through it, logged out when the server refuses its credentials
// (google_invalid_credentials); Google and Zoho sign-in only with the company's client keys.

const { database, testApp, world } = setUpTestApp(createEmailWorld);
let smtp: TestSmtpServer;
const ADDRESS = 'dana@carrier-mail.test';

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  await useCompanySmtp(database.db, world.company.id, null);
});
afterAll(() => smtp.close());

const API = '/backend/api/v2';

function settings(overrides: Record<string, unknown> = {}) {
  return {
    address: 'Dana@Carrier-Mail.test',
    smtp_host: '127.0.0.1',
    smtp_port: smtp.port,
    smtp_secure: false,
    username: TEST_SMTP_USER,
    password: TEST_SMTP_PASSWORD,
    imap_host: 'imap.carrier-mail.test',
    imap_port: 993,
    ...overrides,
  };
}

async function connect(session = world.sessions.dispatcher, overrides: Record<string, unknown> = {}) {
  return emailCall<Mailbox>(testApp.app, 'PUT', 'mailbox', session, settings(overrides));
}

async function mailboxRow(userId: number) {
  return database.db
    .selectFrom('email_mailboxes')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

describe('connecting a mailbox', () => {
  it('refuses settings the server does not accept, keeping nothing and never echoing the password', async () => {
    const response = await connect(world.sessions.dispatcher, { password: 'wrong-Pa55' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'email_mailbox_test_failed' });
    expect(JSON.stringify(response.body)).not.toContain('wrong-Pa55');
    expect(await mailboxRow(world.users.dispatcher.id)).toBeUndefined();
  });

  it('keeps accepted settings with the password sealed, and answers them without it', async () => {
    const response = await connect();
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      connected: true,
      provider: 'smtp_imap',
      address: ADDRESS,
      smtp_host: '127.0.0.1',
      username: TEST_SMTP_USER,
      imap_host: 'imap.carrier-mail.test',
    });
    expect(JSON.stringify(response.body)).not.toContain(TEST_SMTP_PASSWORD);
    const row = await mailboxRow(world.users.dispatcher.id);
    expect(row!.secret).not.toContain(TEST_SMTP_PASSWORD);
    expect(row!.secret).toMatch(/^v1\./);
    const read = await emailCall<Mailbox>(testApp.app, 'GET', 'mailbox', world.sessions.dispatcher);
    expect(read.body).toEqual(response.body);
    expect(JSON.stringify(read.body)).not.toContain(TEST_SMTP_PASSWORD);
  });

  it("sends the caller's threads through their own mailbox, from its address", async () => {
    const loadId = await insertLoad(database.db, world.company.id, {
      dispatcherId: world.users.dispatcher.id,
    });
    const before = smtp.received.length;
    const sent = await emailCall<EmailSent>(testApp.app, 'POST', 'chats/create', world.sessions.dispatcher, {
      type: 2,
      load: loadId,
      subject: 'Through my mailbox',
      to_emails: ['mary@broker.test'],
      msg_plain: 'Hello',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatchObject({ delivery: 'sent', from: ADDRESS });
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.received.at(-1)).toMatchObject({
      user: TEST_SMTP_USER,
      email: { from: { address: ADDRESS } },
    });
  });

  it('logs the mailbox out when the server refuses its saved credentials (google_invalid_credentials)', async () => {
    const box = createSecretBox(TEST_JWT_SECRET);
    await database.db
      .updateTable('email_mailboxes')
      .set({
        secret: box.seal(
          JSON.stringify({ password: 'changed-elsewhere' }),
          secretPurpose(world.users.dispatcher.id),
        ),
      })
      .where('user_id', '=', world.users.dispatcher.id)
      .execute();
    const loadId = await insertLoad(database.db, world.company.id, {
      dispatcherId: world.users.dispatcher.id,
    });
    const sent = await emailCall(testApp.app, 'POST', 'chats/create', world.sessions.dispatcher, {
      type: 2,
      load: loadId,
      subject: 'Refused',
      to_emails: ['mary@broker.test'],
      msg_plain: 'Hello',
    });
    expect(sent).toMatchObject({ status: 400, body: { code: 'google_invalid_credentials' } });
    expect(await mailboxRow(world.users.dispatcher.id)).toBeUndefined();
    const read = await emailCall<Mailbox>(testApp.app, 'GET', 'mailbox', world.sessions.dispatcher);
    expect(read.body).toMatchObject({ connected: false, provider: null });
  });

  it('disconnects with DELETE email/logout, and a colleague is unaffected', async () => {
    await connect(world.sessions.manager);
    await connect(world.sessions.dispatcher);
    const out = await emailCall(testApp.app, 'DELETE', 'logout', world.sessions.dispatcher);
    expect(out).toEqual({ status: 200, body: { detail: 'Successfully logged out.' } });
    expect(await mailboxRow(world.users.dispatcher.id)).toBeUndefined();
    expect(await mailboxRow(world.users.manager.id)).toBeDefined();
    expect((await emailCall(testApp.app, 'DELETE', 'zoho/logout', world.sessions.manager)).status).toBe(200);
    expect(await mailboxRow(world.users.manager.id)).toBeDefined();
  });
});

describe('Google and Zoho sign-in', () => {
  it("is refused with a clear reason without the company's client keys", async () => {
    const google = await emailCall(testApp.app, 'GET', 'auth', world.sessions.dispatcher);
    expect(google).toMatchObject({
      status: 409,
      body: { code: 'email_oauth_not_configured', fields: { provider: ['Google'] } },
    });
    const zoho = await emailCall(testApp.app, 'GET', 'zoho/auth', world.sessions.dispatcher);
    expect(zoho).toMatchObject({
      status: 409,
      body: { code: 'email_oauth_not_configured', fields: { provider: ['Zoho'] } },
    });
  });

  it("answers the provider's sign-in address with the company's client id and a state of the caller", async () => {
    const box = createSecretBox(TEST_JWT_SECRET);
    await database.db
      .insertInto('email_oauth_clients')
      .values({
        company_id: world.company.id,
        provider: 'google',
        client_id: 'client-123.apps.googleusercontent.com',
        client_secret: box.seal('client-secret', 'email_oauth_clients.client_secret'),
      })
      .execute();
    const google = await emailCall<{ auth_url: string }>(
      testApp.app,
      'GET',
      'auth',
      world.sessions.dispatcher,
    );
    expect(google.status).toBe(200);
    const url = new URL(google.body.auth_url);
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(url.searchParams.get('client_id')).toBe('client-123.apps.googleusercontent.com');
    expect(url.searchParams.get('state')).toMatch(
      new RegExp(`^${world.company.id}\\.${world.users.dispatcher.id}\\.google\\.`),
    );
    expect(google.body.auth_url).not.toContain('client-secret');
    // Another company's user still has no keys.
    expect((await emailCall(testApp.app, 'GET', 'auth', world.other.session)).status).toBe(409);
  });
});

describe('GET users/search/employers', () => {
  it('with in_gmail=true lists colleagues with an authorised e-mail or a mailbox, never another company', async () => {
    await connect(world.sessions.accountant);
    const response = await testApp.app.inject({
      method: 'GET',
      url: `${API}/users/search/employers?in_gmail=true`,
      headers: world.sessions.dispatcher.headers,
    });
    expect(response.statusCode).toBe(200);
    const people = response.json<{ id: number; in_gmail: boolean }[]>();
    const ids = people.map((person) => person.id);
    expect(ids).toEqual(
      expect.arrayContaining([world.users.accountant.id, world.users.manager.id, world.users.dispatcher.id]),
    );
    expect(ids).not.toContain(world.users.tracker.id);
    expect(people.every((person) => person.in_gmail)).toBe(true);
    const other = await testApp.app.inject({
      method: 'GET',
      url: `${API}/users/search/employers?in_gmail=true`,
      headers: world.other.session.headers,
    });
    expect(other.json<{ id: number }[]>().map((person) => person.id)).not.toContain(
      world.users.accountant.id,
    );
  });
});
