import type { ListResponse } from '@app/domain/common/pagination';
import type { EmailChat, EmailChatDetail, EmailSent } from '@app/domain/email/email.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../test/auth-helpers';
import { unique } from '../../../test/factories';
import { setUpTestApp } from '../../../test/test-suite';
import { startTestSmtpServer, type TestSmtpServer } from '../../integrations/mail/mail.fixtures';
import { insertLoad, multipart } from '../loads/loads.fixtures';
import { createEmailWorld, EMAIL_API, emailCall, mailToReceiver, useCompanySmtp } from './email.fixtures';

// A thread's files downloaded (received and sent), a send retried with its Idempotency-Key sending once,
// and the thread search by the broker's address and the messages' text.

let receiverPort = 0;
const { database, testApp, world } = setUpTestApp(createEmailWorld, {
  mailReceiver: { port: 0, host: '127.0.0.1', onListening: (port) => (receiverPort = port) },
});
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

/** Posts a message form with its files under `attachments`, and any headers. */
async function post(
  path: string,
  session: Session,
  fields: Record<string, string>,
  files: [string, string, Buffer][] = [],
  headers: Record<string, string> = {},
) {
  const form = multipart(
    fields,
    files.map(([name, type, data]) => ['attachments', name, type, data] as [string, string, string, Buffer]),
  );
  const response = await testApp.app.inject({
    method: 'POST',
    url: `${EMAIL_API}/${path}`,
    headers: { ...session.headers, ...form.headers, ...headers },
    payload: form.payload,
  });
  return { status: response.statusCode, headers: response.headers, body: response.json<EmailSent>() };
}

async function createThread(subject: string, to = 'mary@broker.test', text = 'Is the load still available?') {
  const created = await emailCall<EmailSent>(testApp.app, 'POST', 'chats/create', world.sessions.dispatcher, {
    type: 2,
    load: loadId,
    subject,
    to_emails: [to],
    msg_html: `<p>${text}</p>`,
    msg_plain: text,
  });
  expect(created.status).toBe(200);
  return created.body;
}

const download = (id: number, session: Session) =>
  testApp.app.inject({
    method: 'GET',
    url: `${EMAIL_API}/attachments/${id}/download`,
    headers: session.headers,
  });

const messagesOf = async (chatId: number) =>
  (await emailCall<EmailChatDetail>(testApp.app, 'GET', `chats/${chatId}`, world.sessions.dispatcher)).body
    .messages;

describe('attachments', () => {
  it("downloads a sent and a received message's files, to whoever sees the thread only", async () => {
    const { message, chat } = await createThread('Rate con files');
    const pdf = Buffer.from('%PDF-1.4 rate confirmation');
    const sent = await post(
      `chats/${chat.id}/send-message`,
      world.sessions.dispatcher,
      { msg_plain: 'Attached.', to_emails: 'mary@broker.test' },
      [['Rate confirmation №7.pdf', 'application/pdf', pdf]],
    );
    expect(sent.status).toBe(200);
    const [sentFile] = sent.body.message.attachments;
    const bol = Buffer.alloc(3000, 7);
    await mailToReceiver(receiverPort, {
      to: inbound,
      subject: 'Re: Rate con files',
      text: 'Signed BOL attached',
      inReplyTo: message.mail_id!,
      attachments: [{ filename: 'bol.jpg', content: bol, contentType: 'image/jpeg' }],
    });
    const received = (await messagesOf(chat.id)).results.at(-1)!;
    expect(received.direction).toBe('in');
    const [receivedFile] = received.attachments;

    const first = await download(sentFile!.id, world.sessions.dispatcher);
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals(pdf)).toBe(true);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe(
      `attachment; filename="Rate confirmation _7.pdf"; filename*=UTF-8''${encodeURIComponent('Rate confirmation №7.pdf')}`,
    );
    const second = await download(receivedFile!.id, world.sessions.dispatcher);
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(bol)).toBe(true);
    expect(second.headers['content-type']).toBe('image/jpeg');
    // An admin sees every thread; a colleague the thread does not concern and another company do not.
    expect((await download(receivedFile!.id, world.sessions.admin)).statusCode).toBe(200);
    expect((await download(receivedFile!.id, world.otherDispatcher)).statusCode).toBe(404);
    expect((await download(receivedFile!.id, world.other.session)).statusCode).toBe(404);
    expect((await download(receivedFile!.id + 1000, world.sessions.dispatcher)).statusCode).toBe(404);
  });
});

describe('Idempotency-Key', () => {
  it('a reply retried with its key is sent and kept once and answers the first send again', async () => {
    const { chat } = await createThread('Retried reply');
    const before = smtp.received.length;
    const key = { 'idempotency-key': `reply-${unique()}` };
    const fields = { msg_plain: 'Truck is loaded.', to_emails: 'mary@broker.test' };
    const files: [string, string, Buffer][] = [['pod.pdf', 'application/pdf', Buffer.from('%PDF pod')]];
    const path = `chats/${chat.id}/send-message`;
    const [first, again] = await Promise.all([
      post(path, world.sessions.dispatcher, fields, files, key),
      post(path, world.sessions.dispatcher, fields, files, key),
    ]);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual(first.body);
    const replayed = [first, again].filter((answer) => answer.headers['idempotent-replayed'] === 'true');
    expect(replayed).toHaveLength(1);
    const later = await post(path, world.sessions.dispatcher, fields, files, key);
    expect(later.body).toEqual(first.body);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(smtp.received.length).toBe(before + 1);
    expect((await messagesOf(chat.id)).count).toBe(2);

    // The same key with another text is refused, sending nothing.
    const other = await post(path, world.sessions.dispatcher, { ...fields, msg_plain: 'Other' }, [], key);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'idempotency_key_reused' });
    expect(smtp.received.length).toBe(before + 1);
    // Without a key each send is a new message.
    await post(path, world.sessions.dispatcher, fields);
    await post(path, world.sessions.dispatcher, fields);
    expect((await messagesOf(chat.id)).count).toBe(4);
  });

  it("the compose widget's new thread and chats/create retried with their keys start one thread each", async () => {
    const before = smtp.received.length;
    const key = { 'idempotency-key': `widget-${unique()}` };
    const fields = {
      type: '3',
      subject: 'Widget retry',
      msg_plain: 'Please send the remittance.',
      to_emails: 'ap@payer.test',
    };
    const first = await post('widget/send-message', world.sessions.dispatcher, fields, [], key);
    const again = await post('widget/send-message', world.sessions.dispatcher, fields, [], key);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const body = {
      type: 2,
      load: loadId,
      subject: 'Create retry',
      to_emails: ['mary@broker.test'],
      msg_plain: 'Still open?',
    };
    const create = () =>
      testApp.app.inject({
        method: 'POST',
        url: `${EMAIL_API}/chats/create`,
        headers: {
          ...world.sessions.dispatcher.headers,
          'idempotency-key': `create-${key['idempotency-key']}`,
        },
        payload: body,
      });
    const created = await create();
    const recreated = await create();
    expect(recreated.json()).toEqual(created.json());
    expect(recreated.headers['idempotent-replayed']).toBe('true');
    expect(smtp.received.length).toBe(before + 2);
    const threads = await database.db
      .selectFrom('email_chats')
      .select('subject')
      .where('company_id', '=', world.company.id)
      .where('subject', 'in', ['Widget retry', 'Create retry'])
      .execute();
    expect(threads.map((row) => row.subject).sort()).toEqual(['Create retry', 'Widget retry']);
  });
});

describe('find-email-chats', () => {
  it("finds threads by the broker's address and by a message's text, still only the caller's", async () => {
    const address = `dispatch.${unique()}@coyote.test`;
    const { chat: byAddress } = await createThread('Lane question', address);
    const { message, chat: byText } = await createThread('Another lane');
    await mailToReceiver(receiverPort, {
      to: inbound,
      subject: 'Re: Another lane',
      text: 'We can offer the reefer at $2,150 flat.',
      inReplyTo: message.mail_id!,
    });
    const search = (text: string, session: Session = world.sessions.dispatcher) =>
      emailCall<ListResponse<EmailChat>>(
        testApp.app,
        'GET',
        `find-email-chats?subject=${encodeURIComponent(text)}`,
        session,
      );
    expect((await search(address.toUpperCase())).body.results.map((c) => c.id)).toEqual([byAddress.id]);
    expect((await search('coyote.test')).body.results.map((c) => c.id)).toEqual([byAddress.id]);
    expect((await search('reefer at $2,150')).body.results.map((c) => c.id)).toEqual([byText.id]);
    expect((await search('reefer', world.otherDispatcher)).body.count).toBe(0);
    expect((await search('reefer', world.other.session)).body.count).toBe(0);
    // Wildcards are taken literally.
    expect((await search('%')).body.count).toBe(0);
  });
});
