import type { EmailChatDetail, EmailSent } from '@app/domain/email/email.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET } from '../../../test/test-app';
import { setUpTestApp } from '../../../test/test-suite';
import { startTestSmtpServer, type TestSmtpServer } from '../../integrations/mail/mail.fixtures';
import { createSmtpMailer } from '../../integrations/mail/mailer';
import { startOauthStandIn } from '../../integrations/mail/oauth.fixtures';
import { createOauthTokenClient } from '../../integrations/mail/oauth-tokens';
import { createSecretBox } from '../../integrations/secret-box';
import { insertLoad } from '../loads/loads.fixtures';
import { createEmailWorld, emailCall, useCompanySmtp } from './email.fixtures';
import type { createImapPoller } from './imap-poller';
import { createTestImapPoller, rawMail, startTestImapServer, type TestImapServer } from './imap.fixtures';
import { OAUTH_CLIENT_SECRET_PURPOSE, type OauthSecret } from './mailbox-oauth';
import { createMailboxService, secretPurpose } from './mailbox.service';

// IMAP polling of a mailbox signed in with Google, against a real IMAP server on loopback that takes only
// the newest access token the provider (a stand-in of its token endpoint) issued, over XOAUTH2: the poller
// renews a token about to expire before it signs in, reads the broker's answer into its thread, and marks
// the mailbox invalid once the provider no longer renews the sign-in.

const PUBLIC_URL = 'https://dispatch.carrier.test';
const ADDRESS = 'olga.dispatch@gmail.test';
const CLIENTS = {
  google: { clientId: 'client-88.apps.googleusercontent.com', clientSecret: 'google-client-secret-88' },
  zoho: { clientId: '1000.ZOHO88', clientSecret: 'zoho-client-secret-88' },
};

let imap: TestImapServer | undefined;
let smtp: TestSmtpServer | undefined;
const standIn = await startOauthStandIn({
  clients: CLIENTS,
  redirectUri: `${PUBLIC_URL}/settings/profile/`,
  onAccessToken: (email, token) => {
    imap?.changeAccessToken(token);
    smtp?.accessTokens.set(email, token);
  },
});
const { database, testApp, world } = setUpTestApp(createEmailWorld, {
  publicUrl: PUBLIC_URL,
  emailOauth: standIn.urls,
});
const box = createSecretBox(TEST_JWT_SECRET);
let poller: ReturnType<typeof createImapPoller>;

beforeAll(async () => {
  imap = await startTestImapServer({
    user: ADDRESS,
    password: 'never-used',
    accessToken: 'none-issued-yet',
    inbox: [
      rawMail({
        from: 'someone@elsewhere.test',
        to: ADDRESS,
        subject: 'Old mail',
        text: 'Already there',
        messageId: '<old@elsewhere.test>',
      }),
    ],
  });
  smtp = await startTestSmtpServer();
  await useCompanySmtp(database.db, world.company.id, null);
  await database.db
    .insertInto('email_oauth_clients')
    .values({
      company_id: world.company.id,
      provider: 'google',
      client_id: CLIENTS.google.clientId,
      client_secret: box.seal(CLIENTS.google.clientSecret, OAUTH_CLIENT_SECRET_PURPOSE),
    })
    .execute();
  const db = database.db;
  const now = () => new Date();
  const mailboxes = createMailboxService({
    db,
    bus: testApp.bus,
    mailer: createSmtpMailer(),
    secrets: box,
    stateSecret: TEST_JWT_SECRET,
    now,
    inboundDomain: null,
    publicUrl: PUBLIC_URL,
    oauthTokens: createOauthTokenClient({ endpoints: standIn.urls, now }),
  });
  poller = createTestImapPoller({
    db,
    bus: testApp.bus,
    dataDir: testApp.config.dataDir,
    mailer: createSmtpMailer(),
    mailboxes,
    now,
  });
});
afterAll(async () => {
  await imap?.close();
  await smtp?.close();
  await standIn.close();
});

const userId = () => world.users.dispatcher.id;

async function row() {
  return database.db
    .selectFrom('email_mailboxes')
    .selectAll()
    .where('user_id', '=', userId())
    .executeTakeFirstOrThrow();
}

async function secret(): Promise<OauthSecret> {
  return JSON.parse(box.open((await row()).secret, secretPurpose(userId()))!) as OauthSecret;
}

const refreshes = () => standIn.requests.filter((request) => request.form.grant_type === 'refresh_token');

describe('IMAP polling of a Google mailbox', () => {
  let chatId = 0;
  let ourMessageId = '';

  it('renews a token about to expire, then signs in with XOAUTH2 and notes where the inbox ends', async () => {
    const session = world.sessions.dispatcher;
    const started = await emailCall<{ auth_url: string }>(testApp.app, 'GET', 'auth', session);
    const state = new URL(started.body.auth_url).searchParams.get('state');
    const code = standIn.issueCode('google', ADDRESS, { expiresIn: 20 });
    expect((await emailCall(testApp.app, 'POST', 'oauth/callback', session, { code, state })).status).toBe(
      200,
    );
    // The loopback servers stand in for imap.gmail.com and smtp.gmail.com.
    await database.db
      .updateTable('email_mailboxes')
      .set({
        imap_host: '127.0.0.1',
        imap_port: imap!.port,
        imap_secure: false,
        smtp_host: '127.0.0.1',
        smtp_port: smtp!.port,
        smtp_secure: false,
      })
      .where('user_id', '=', userId())
      .execute();
    const issued = await secret();

    await poller.runOnce();
    expect(refreshes()).toHaveLength(1);
    const renewed = await secret();
    expect(renewed.access_token).not.toBe(issued.access_token);
    expect(await row()).toMatchObject({ imap_last_uid: 1, status: 'connected' });
  });

  it("reads the broker's answer into its thread with the renewed token", async () => {
    const loadId = await insertLoad(database.db, world.company.id, { dispatcherId: userId() });
    const sent = await emailCall<EmailSent>(testApp.app, 'POST', 'chats/create', world.sessions.dispatcher, {
      type: 2,
      load: loadId,
      subject: 'Load 512 Tulsa to Omaha',
      to_emails: ['mary@broker.test'],
      msg_plain: 'Still open?',
    });
    expect(sent.body.message).toMatchObject({ delivery: 'sent', from: ADDRESS });
    chatId = sent.body.chat.id;
    ourMessageId = sent.body.message.mail_id!;
    imap!.deliver(
      rawMail({
        from: 'Mary Broker <mary@broker.test>',
        to: ADDRESS,
        subject: 'Re: Load 512 Tulsa to Omaha',
        text: 'Yes, $2,050.',
        messageId: '<answer-512@broker.test>',
        inReplyTo: ourMessageId,
      }),
    );
    await poller.runOnce();
    expect(refreshes()).toHaveLength(1);
    expect((await row()).imap_last_uid).toBe(2);
    const detail = await emailCall<EmailChatDetail>(
      testApp.app,
      'GET',
      `chats/${chatId}`,
      world.sessions.dispatcher,
    );
    expect(detail.body.messages.results.at(-1)).toMatchObject({
      direction: 'in',
      mail_id: '<answer-512@broker.test>',
    });
  });

  it('marks the mailbox invalid when the provider no longer renews the sign-in', async () => {
    const current = await secret();
    standIn.revoke(current.refresh_token);
    // The access token has run out.
    await database.db
      .updateTable('email_mailboxes')
      .set({
        secret: box.seal(
          JSON.stringify({ ...current, expires_at: Date.now() - 1000 }),
          secretPurpose(userId()),
        ),
      })
      .where('user_id', '=', userId())
      .execute();
    await poller.runOnce();
    expect(refreshes()).toHaveLength(2);
    expect(await row()).toMatchObject({ imap_last_uid: 2, status: 'invalid' });
  });
});
