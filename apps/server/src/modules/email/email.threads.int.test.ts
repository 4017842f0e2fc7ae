import type { ListResponse } from '@app/domain/common/pagination';
import type { EmailChat, EmailChatDetail, EmailSent } from '@app/domain/email/email.schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEventsOfEachTest, setUpTestApp } from '../../../test/test-suite';
import { startTestSmtpServer, type TestSmtpServer } from '../../integrations/mail/mail.fixtures';
import { bidBody, insertBoardLoad, placeBid } from '../bids/propositions.fixtures';
import { insertLoad } from '../loads/loads.fixtures';
import { createEmailWorld, emailCall, mailToReceiver, sendForm, useCompanySmtp } from './email.fixtures';

// E-mail threads end to end: out through the company's SMTP server over loopback, in through the built-in
// receiver over a real SMTP exchange, threaded by the headers; who sees which thread.

let receiverPort = 0;
const { database, testApp, world } = setUpTestApp(createEmailWorld, {
  mailReceiver: { port: 0, host: '127.0.0.1', onListening: (port) => (receiverPort = port) },
});
const recorded = recordEventsOfEachTest(testApp);
let smtp: TestSmtpServer;
let loadId: number;
let inbound: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  await useCompanySmtp(database.db, world.company.id, smtp);
  loadId = await insertLoad(database.db, world.company.id, { dispatcherId: world.users.dispatcher.id });
  inbound = `${world.company.company_hash.toLowerCase()}@dispatch.localhost`;
});
afterAll(() => smtp.close());

async function createLoadThread(subject: string) {
  const created = await emailCall<EmailSent>(testApp.app, 'POST', 'chats/create', world.sessions.dispatcher, {
    type: 2,
    load: loadId,
    subject,
    to_emails: ['Mary@Broker.test', 'not an address'],
    msg_html: '<p>Is the load still available?</p>',
    msg_plain: 'Is the load still available?',
  });
  expect(created.status).toBe(200);
  return created.body;
}

async function thread(chatId: number, session = world.sessions.dispatcher) {
  return emailCall<EmailChatDetail>(testApp.app, 'GET', `chats/${chatId}`, session);
}

describe('sending', () => {
  it('starts a load thread through the company SMTP server with our Message-ID and a Reply-To of the thread', async () => {
    const before = smtp.received.length;
    const { message, chat } = await createLoadThread('Load Dallas, TX - Houston, TX');
    expect(chat).toMatchObject({ type: 2, load: loadId, bid: null, broker_email: 'mary@broker.test' });
    expect(message).toMatchObject({ direction: 'out', delivery: 'sent', to_emails: ['mary@broker.test'] });
    expect(smtp.received.length).toBe(before + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.envelopeTo).toEqual(['mary@broker.test']);
    expect(mail.email.messageId).toBe(message.mail_id);
    expect(mail.email.replyTo?.[0]?.address).toBe(inbound);
    expect(mail.email.text?.trim()).toBe('Is the load still available?');
    const live = recorded.events.find((event) => event.event === 'email_chat_message');
    expect(live?.userIds).toEqual([world.users.dispatcher.id]);
  });

  it('replies with attachments, answering the newest message of the thread by default', async () => {
    const { message: first, chat } = await createLoadThread('Rate for load 2');
    const reply = await sendForm<EmailSent>(
      testApp.app,
      `chats/${chat.id}/send-message`,
      world.sessions.dispatcher,
      {
        msg_html: '<p>Rate confirmation attached.</p>',
        msg_plain: 'Rate confirmation attached.',
        to_emails: 'mary@broker.test',
      },
      [
        ['rate-confirmation.pdf', 'application/pdf', Buffer.from('%PDF-1.4 rate')],
        ['bol.jpg', 'image/jpeg', Buffer.alloc(1000, 1)],
      ],
    );
    expect(reply.status).toBe(200);
    expect(reply.body.message.in_reply_to).toBe(first.mail_id);
    expect(reply.body.message.references).toBe(first.mail_id);
    expect(reply.body.message.subject).toBe('Re: Rate for load 2');
    expect(reply.body.message.attachments.map((file) => [file.name, file.size])).toEqual([
      ['rate-confirmation.pdf', 13],
      ['bol.jpg', 1000],
    ]);
    const mail = smtp.received.at(-1)!;
    expect(mail.email.inReplyTo).toBe(first.mail_id);
    // Replies in a thread come back to the receiver at the thread's own address.
    expect(mail.email.replyTo?.[0]?.address).toBe(inbound.replace('@', `+c${chat.id}@`));
    expect(mail.email.attachments.map((file) => file.filename)).toEqual(['rate-confirmation.pdf', 'bol.jpg']);
  });

  it('refuses executables and more than 25,000,000 bytes in all, sending and keeping nothing', async () => {
    const { chat } = await createLoadThread('Attachments');
    const before = smtp.received.length;
    const fields = { msg_plain: 'files', to_emails: 'mary@broker.test' };
    const exe = await sendForm(
      testApp.app,
      `chats/${chat.id}/send-message`,
      world.sessions.dispatcher,
      fields,
      [['invoice.pdf.exe', 'application/octet-stream', Buffer.from('MZ')]],
    );
    expect(exe).toMatchObject({ status: 400, body: { code: 'email_attachment_executable' } });
    const big = await sendForm(
      testApp.app,
      `chats/${chat.id}/send-message`,
      world.sessions.dispatcher,
      fields,
      [
        ['a.pdf', 'application/pdf', Buffer.alloc(12_500_000)],
        ['b.pdf', 'application/pdf', Buffer.alloc(12_500_001)],
      ],
    );
    expect(big).toMatchObject({
      status: 413,
      body: {
        code: 'email_attachment_too_large',
        detail: 'The attachments are larger than 25,000,000 bytes in all.',
      },
    });
    expect(smtp.received.length).toBe(before);
    expect((await thread(chat.id)).body.messages.count).toBe(1);
  });

  it('needs a valid recipient', async () => {
    const { chat } = await createLoadThread('Recipients');
    const response = await sendForm(testApp.app, `chats/${chat.id}/send-message`, world.sessions.dispatcher, {
      msg_plain: 'x',
      to_emails: 'nobody, also wrong',
    });
    expect(response).toMatchObject({
      status: 400,
      body: { fields: { to_emails: ['Add at least one recipient with a valid e-mail.'] } },
    });
  });

  it('keeps the message as sent when the company has no SMTP server', async () => {
    await useCompanySmtp(database.db, world.company.id, null);
    try {
      const before = smtp.received.length;
      const { message } = await createLoadThread('Kept');
      expect(message.delivery).toBe('kept');
      expect(smtp.received.length).toBe(before);
    } finally {
      await useCompanySmtp(database.db, world.company.id, smtp);
    }
  });

  it('records a proposition of the load board as the first message of its bid thread', async () => {
    const boardLoad = await insertBoardLoad(database.db, world.company.id, {
      brokerId: world.brokers[0]!.id,
    });
    const bid = await placeBid(
      testApp.app,
      world.sessions.dispatcher,
      bidBody(world, boardLoad, { email_to: 'loads@acme.test' }),
    );
    const chats = await database.db
      .selectFrom('email_chats')
      .selectAll()
      .where('bid_id', '=', bid.id)
      .execute();
    expect(chats).toHaveLength(1);
    expect(chats[0]).toMatchObject({
      type: 1,
      load_id: boardLoad,
      user_id: world.users.dispatcher.id,
      broker_email: 'loads@acme.test',
    });
    const detail = await thread(chats[0]!.id);
    expect(detail.body.messages.results[0]).toMatchObject({
      direction: 'out',
      delivery: 'sent',
      to_emails: ['loads@acme.test'],
    });
    expect(smtp.received.at(-1)!.email.messageId).toBe(detail.body.messages.results[0]!.mail_id);
  });
});

describe('receiving', () => {
  it("threads a broker's reply by In-Reply-To, live to the dispatcher with an e-mail notification, unread until marked", async () => {
    const { message, chat } = await createLoadThread('Load 77 Chicago');
    await mailToReceiver(receiverPort, {
      to: inbound,
      subject: 'Re: Load 77 Chicago',
      text: 'Yes, still available. Can you do $900?',
      inReplyTo: message.mail_id!,
      attachments: [
        { filename: 'rate.pdf', content: Buffer.from('%PDF rate'), contentType: 'application/pdf' },
      ],
    });
    const detail = await thread(chat.id);
    const reply = detail.body.messages.results.at(-1)!;
    expect(reply).toMatchObject({
      direction: 'in',
      delivery: 'received',
      broker_from: 'mary@broker.test',
      is_read: false,
      in_reply_to: message.mail_id,
    });
    expect(reply.plain.trim()).toBe('Yes, still available. Can you do $900?');
    expect(reply.attachments.map((file) => file.name)).toEqual(['rate.pdf']);
    expect(detail.body.unread_count).toBe(1);
    const live = recorded.events.find((event) => event.event === 'email_chat_message');
    expect(live).toMatchObject({ userIds: [world.users.dispatcher.id], data: { chat: { id: chat.id } } });
    const notice = recorded.events.find((event) => event.event === 'new_notice');
    expect(notice).toMatchObject({
      userIds: [world.users.dispatcher.id],
      data: { type: { id: 10 }, email_chat_info: { id: chat.id, type: 2, load: loadId } },
    });

    const read = await emailCall(testApp.app, 'PUT', `chats/${chat.id}/mark-read`, world.sessions.dispatcher);
    expect(read).toEqual({ status: 200, body: { id: chat.id, unread_count: 0 } });
    expect((await thread(chat.id)).body.unread_count).toBe(0);
    expect(recorded.events.some((event) => event.event === 'read_notice')).toBe(true);
  });

  it('threads by References when In-Reply-To is unknown, and by the plus address of the thread', async () => {
    const { message, chat } = await createLoadThread('Threading');
    await mailToReceiver(receiverPort, {
      to: inbound,
      subject: 'Re: Threading',
      text: 'by references',
      inReplyTo: '<unknown@elsewhere.test>',
      references: `${message.mail_id} <unknown@elsewhere.test>`,
    });
    await mailToReceiver(receiverPort, {
      to: inbound.replace('@', `+c${chat.id}@`),
      subject: 'New question',
      text: 'by the plus address',
    });
    const texts = (await thread(chat.id)).body.messages.results.map((m) => m.plain.trim());
    expect(texts.slice(-2)).toEqual(['by references', 'by the plus address']);
  });

  it('keeps the same mail once, and refuses addresses that reach no company', async () => {
    const { message, chat } = await createLoadThread('Twice');
    const mail = {
      to: inbound,
      subject: 'Re: Twice',
      text: 'once',
      inReplyTo: message.mail_id!,
      messageId: '<twice-1@broker.test>',
    };
    await mailToReceiver(receiverPort, mail);
    await mailToReceiver(receiverPort, mail);
    expect((await thread(chat.id)).body.messages.count).toBe(2);
    await expect(
      mailToReceiver(receiverPort, { ...mail, to: 'nobody@dispatch.localhost' }),
    ).rejects.toMatchObject({
      responseCode: 550,
    });
  });

  it('starts an accounting thread for a mail that threads nowhere and is no posting', async () => {
    await mailToReceiver(receiverPort, {
      to: inbound,
      subject: 'Invoice 1042 paid',
      text: 'We paid invoice 1042 today.',
    });
    const found = await emailCall<ListResponse<EmailChat>>(
      testApp.app,
      'GET',
      'find-email-chats?subject=invoice%201042',
      world.sessions.accountant,
    );
    expect(found.body.results).toMatchObject([
      { type: 3, subject: 'Invoice 1042 paid', unread_count: 1, user_id: null },
    ]);
    const hidden = await emailCall<ListResponse<EmailChat>>(
      testApp.app,
      'GET',
      'find-email-chats?subject=invoice%201042',
      world.sessions.dispatcher,
    );
    expect(hidden.body.count).toBe(0);
  });

  it("hands a posting that threads nowhere to the load board's intake", async () => {
    const before = await database.db
      .selectFrom('email_chats')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await mailToReceiver(receiverPort, {
      to: inbound,
      messageId: '<posting-1@broker.test>',
      subject: 'Sprinter load Dallas, TX to Houston, TX',
      text: 'Pick up: Dallas, TX 75201 tomorrow 8am\nDeliver to: Houston, TX 77002\nMiles: 240\nWeight: 800 lbs\nRate: $650\nMC 123456',
    });
    const after = await database.db
      .selectFrom('email_chats')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const postings = await sql<{ n: number }>`SELECT count(*)::int AS n FROM email_postings
      WHERE company_id = ${world.company.id} AND message_id = '<posting-1@broker.test>'`.execute(database.db);
    expect(postings.rows[0]!.n).toBe(1);
  });
});

describe('who sees a thread', () => {
  it('answers 404 to another company and to a colleague the thread does not concern; admins see every one', async () => {
    const { chat } = await createLoadThread('Private lane');
    expect((await thread(chat.id, world.other.session)).status).toBe(404);
    expect((await thread(chat.id, world.otherDispatcher)).status).toBe(404);
    expect(
      (await emailCall(testApp.app, 'PUT', `chats/${chat.id}/mark-read`, world.otherDispatcher)).status,
    ).toBe(404);
    const send = await sendForm(testApp.app, `chats/${chat.id}/send-message`, world.other.session, {
      msg_plain: 'x',
      to_emails: 'a@b.test',
    });
    expect(send.status).toBe(404);
    expect((await thread(chat.id, world.sessions.admin)).status).toBe(200);
    const search = (session: typeof world.other.session) =>
      emailCall<ListResponse<EmailChat>>(testApp.app, 'GET', 'find-email-chats?subject=private', session);
    expect((await search(world.sessions.dispatcher)).body.results.map((c) => c.id)).toEqual([chat.id]);
    expect((await search(world.otherDispatcher)).body.count).toBe(0);
    expect((await search(world.other.session)).body.count).toBe(0);
  });

  it('pages the search 10 at a time, newest first', async () => {
    await useCompanySmtp(database.db, world.company.id, null);
    for (let index = 0; index < 11; index += 1) await createLoadThread(`Paged ${index}`);
    await useCompanySmtp(database.db, world.company.id, smtp);
    const first = await emailCall<ListResponse<EmailChat>>(
      testApp.app,
      'GET',
      'find-email-chats?subject=paged',
      world.sessions.dispatcher,
    );
    expect(first.body.count).toBe(11);
    expect(first.body.results).toHaveLength(10);
    expect(first.body.results[0]!.subject).toBe('Paged 10');
    const second = await emailCall<ListResponse<EmailChat>>(
      testApp.app,
      'GET',
      'find-email-chats?subject=paged&page=2',
      world.sessions.dispatcher,
    );
    expect(second.body.results.map((c) => c.subject)).toEqual(['Paged 0']);
  });
});
