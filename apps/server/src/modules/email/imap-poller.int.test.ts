import type { EmailChatDetail, EmailSent, Mailbox } from '@app/domain/email/email.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET } from '../../../test/test-app';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import {
  startTestSmtpServer,
  TEST_SMTP_PASSWORD,
  TEST_SMTP_USER,
  type TestSmtpServer,
} from '../../integrations/mail/mail.fixtures';
import { createSmtpMailer } from '../../integrations/mail/mailer';
import { createSecretBox } from '../../integrations/secret-box';
import { insertLoad } from '../loads/loads.fixtures';
import { createEmailWorld, EMAIL_API, emailCall, useCompanySmtp } from './email.fixtures';
import type { createImapPoller } from './imap-poller';
import { createTestImapPoller, rawMail, startTestImapServer, type TestImapServer } from './imap.fixtures';
import { createMailboxService } from './mailbox.service';

// The IMAP poller against a real IMAP server on loopback: a dispatcher's own mailbox is read from the mail
// after the last one taken (the first run imports no history), a broker's answer to a thread is taken into
// it with its file, anything else in the mailbox is left alone, and a refused password marks the mailbox
// invalid. The poller runs with the app's own services on the app's database and files, driven here run by
// run (the app runs it every minute while it listens).

const { database, testApp, world } = setUpTestApp(createEmailWorld);
const recorded = recordEventsOfEachTest(testApp);
const ADDRESS = 'dana@carrier-mail.test';
let smtp: TestSmtpServer;
let imap: TestImapServer;
let poller: ReturnType<typeof createImapPoller>;

const OLD_MAILS = [1, 2].map((n) =>
  rawMail({
    from: 'someone@elsewhere.test',
    to: ADDRESS,
    subject: `Old mail ${n}`,
    text: 'Already in the mailbox before it was connected',
    messageId: `<old-${n}@elsewhere.test>`,
  }),
);

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  await useCompanySmtp(database.db, world.company.id, null);
  imap = await startTestImapServer({ user: TEST_SMTP_USER, password: TEST_SMTP_PASSWORD, inbox: OLD_MAILS });
  const db = database.db;
  const now = () => new Date();
  const mailer = createSmtpMailer();
  const mailboxes = createMailboxService({
    db,
    bus: testApp.bus,
    mailer,
    secrets: createSecretBox(TEST_JWT_SECRET),
    stateSecret: TEST_JWT_SECRET,
    now,
    inboundDomain: null,
    publicUrl: undefined,
  });
  poller = createTestImapPoller({
    db,
    bus: testApp.bus,
    dataDir: testApp.config.dataDir,
    mailer,
    mailboxes,
    now,
  });
});
afterAll(async () => {
  await imap.close();
  await smtp.close();
});

async function mailbox() {
  return database.db
    .selectFrom('email_mailboxes')
    .select(['imap_last_uid', 'status'])
    .where('user_id', '=', world.users.dispatcher.id)
    .executeTakeFirstOrThrow();
}

const thread = async (chatId: number) =>
  (await emailCall<EmailChatDetail>(testApp.app, 'GET', `chats/${chatId}`, world.sessions.dispatcher)).body;

describe('the IMAP poller', () => {
  let chatId = 0;
  let ourMessageId = '';

  it('connects the mailbox; the first run notes where the inbox ends and imports nothing', async () => {
    const connected = await emailCall<Mailbox>(testApp.app, 'PUT', 'mailbox', world.sessions.dispatcher, {
      address: ADDRESS,
      smtp_host: '127.0.0.1',
      smtp_port: smtp.port,
      smtp_secure: false,
      username: TEST_SMTP_USER,
      password: TEST_SMTP_PASSWORD,
      imap_host: '127.0.0.1',
      imap_port: imap.port,
      imap_secure: false,
    });
    expect(connected.status).toBe(200);
    const loadId = await insertLoad(database.db, world.company.id, {
      dispatcherId: world.users.dispatcher.id,
    });
    const sent = await emailCall<EmailSent>(testApp.app, 'POST', 'chats/create', world.sessions.dispatcher, {
      type: 2,
      load: loadId,
      subject: 'Load 311 Dallas to Memphis',
      to_emails: ['mary@broker.test'],
      msg_plain: 'Is it still available?',
    });
    expect(sent.body.message).toMatchObject({ delivery: 'sent', from: ADDRESS });
    chatId = sent.body.chat.id;
    ourMessageId = sent.body.message.mail_id!;

    await poller.runOnce();
    expect(await mailbox()).toEqual({ imap_last_uid: 2, status: 'connected' });
    expect((await thread(chatId)).messages.count).toBe(1);
    const chats = await database.db
      .selectFrom('email_chats')
      .select('id')
      .where('company_id', '=', world.company.id)
      .execute();
    expect(chats).toHaveLength(1);
  });

  it("takes the broker's answer into its thread with its file, leaves other mail alone, and each mail once", async () => {
    const pdf = Buffer.from('%PDF-1.4 signed rate confirmation');
    imap.deliver(
      rawMail({
        from: 'Mary Broker <mary@broker.test>',
        to: ADDRESS,
        subject: 'Re: Load 311 Dallas to Memphis',
        text: 'Yes, $1,150 all in. Rate con attached.',
        messageId: '<answer-1@broker.test>',
        inReplyTo: ourMessageId,
        attachment: { name: 'rate-con-311.pdf', content: pdf },
      }),
    );
    imap.deliver(
      rawMail({
        from: 'news@fuel-cards.test',
        to: ADDRESS,
        subject: 'Fuel prices this week',
        text: 'Diesel is down 3 cents.',
        messageId: '<news-1@fuel-cards.test>',
      }),
    );
    await poller.runOnce();

    const detail = await thread(chatId);
    expect(detail.messages.count).toBe(2);
    const answer = detail.messages.results.at(-1)!;
    expect(answer).toMatchObject({
      direction: 'in',
      delivery: 'received',
      broker_from: 'mary@broker.test',
      mail_id: '<answer-1@broker.test>',
      in_reply_to: ourMessageId,
      is_read: false,
    });
    expect(answer.plain.trim()).toBe('Yes, $1,150 all in. Rate con attached.');
    expect(answer.attachments.map((file) => [file.name, file.size])).toEqual([
      ['rate-con-311.pdf', pdf.length],
    ]);
    const file = await testApp.app.inject({
      method: 'GET',
      url: `${EMAIL_API}/attachments/${answer.attachments[0]!.id}/download`,
      headers: world.sessions.dispatcher.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    // The dispatcher hears of it at once.
    const live = recorded.events.find((event) => event.event === 'email_chat_message');
    expect(live).toMatchObject({ userIds: [world.users.dispatcher.id], data: { chat: { id: chatId } } });
    expect(recorded.events.some((event) => event.event === 'new_notice')).toBe(true);
    // The newsletter threads nowhere: nothing of it is kept, and both mails count as read.
    const news = await database.db
      .selectFrom('email_messages')
      .select('id')
      .where('message_id', '=', '<news-1@fuel-cards.test>')
      .execute();
    expect(news).toEqual([]);
    expect((await mailbox()).imap_last_uid).toBe(4);

    // The next run finds nothing new and takes nothing twice.
    await poller.runOnce();
    expect((await thread(chatId)).messages.count).toBe(2);
    expect((await mailbox()).imap_last_uid).toBe(4);
  });

  it('marks the mailbox invalid when the IMAP server refuses its password, and leaves it be after', async () => {
    imap.changePassword('changed-by-the-user');
    imap.deliver(
      rawMail({
        from: 'mary@broker.test',
        to: ADDRESS,
        subject: 'Re: Load 311 Dallas to Memphis',
        text: 'Any update?',
        messageId: '<answer-2@broker.test>',
        inReplyTo: ourMessageId,
      }),
    );
    await poller.runOnce();
    expect(await mailbox()).toEqual({ imap_last_uid: 4, status: 'invalid' });
    const shown = await emailCall<Mailbox>(testApp.app, 'GET', 'mailbox', world.sessions.dispatcher);
    expect(shown.body.status).toBe('invalid');
    expect((await thread(chatId)).messages.count).toBe(2);
  });
});
