import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import hoodiecrow from 'hoodiecrow-imap';
import type { Db } from '../../db/types';
import type { Mailer } from '../../integrations/mail/mailer';
import { createLocalFileStorage } from '../../integrations/storage/file-storage';
import type { EventBus } from '../../realtime/event-bus';
import { createNotificationsService } from '../notifications/notifications.service';
import { createEmailService } from './email.service';
import { createImapPoller } from './imap-poller';
import type { MailboxService } from './mailbox.service';

// A real IMAP server on loopback for the IMAP poller's tests (hoodiecrow: an in-memory IMAP4rev1 server):
// one user with a password (or, given one, an OAuth access token it accepts with XOAUTH2) and an INBOX
// holding the mails given; new mail arrives in the INBOX as a mail server would deliver it, and the
// password can change as a user's would.

export type TestImapServer = {
  port: number;
  /** Delivers a raw RFC 822 mail to the INBOX. */
  deliver(raw: string): void;
  /** Changes the user's password: the saved one is refused from then on. */
  changePassword(password: string): void;
  /** Changes the access token accepted with XOAUTH2 (a server started with one). */
  changeAccessToken(accessToken: string): void;
  close(): Promise<void>;
};

export async function startTestImapServer(options: {
  user: string;
  password: string;
  inbox?: string[];
  accessToken?: string;
}): Promise<TestImapServer> {
  const account = (accessToken: string | undefined) => ({
    password: options.password,
    ...(accessToken === undefined ? {} : { xoauth2: { accessToken } }),
  });
  const server = hoodiecrow({
    plugins: ['ID', 'UIDPLUS', 'ENABLE', ...(options.accessToken ? ['SASL-IR', 'XOAUTH2'] : [])],
    users: { [options.user]: account(options.accessToken) },
    storage: { INBOX: { messages: (options.inbox ?? []).map((raw) => ({ raw, flags: [] })) } },
  });
  // Connections a test leaves open must not keep the server from closing.
  const sockets = new Set<Socket>();
  server.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    deliver(raw) {
      server.appendMessage('INBOX', [], new Date(), raw);
    },
    changePassword(password) {
      server.users[options.user] = { password };
    },
    changeAccessToken(accessToken) {
      server.users[options.user] = account(accessToken);
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A broker's mail as it sits in a mailbox: headers and a text part, with an optional PDF attached. */
export function rawMail(mail: {
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId: string;
  inReplyTo?: string;
  attachment?: { name: string; content: Buffer };
}): string {
  const headers = [
    `From: ${mail.from}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    `Message-ID: ${mail.messageId}`,
    'Date: Tue, 10 Mar 2026 15:00:00 +0000',
    'MIME-Version: 1.0',
    ...(mail.inReplyTo ? [`In-Reply-To: ${mail.inReplyTo}`, `References: ${mail.inReplyTo}`] : []),
  ];
  if (!mail.attachment) {
    return [...headers, 'Content-Type: text/plain; charset=utf-8', '', mail.text, ''].join('\r\n');
  }
  const boundary = 'part-boundary-42';
  return [
    ...headers,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    mail.text,
    `--${boundary}`,
    `Content-Type: application/pdf; name="${mail.attachment.name}"`,
    `Content-Disposition: attachment; filename="${mail.attachment.name}"`,
    'Content-Transfer-Encoding: base64',
    '',
    mail.attachment.content.toString('base64'),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/**
 * The IMAP poller wired as the app wires it: the mailboxes' targets and marks, and what it takes handed to
 * an e-mail service on the test's database (its files under the app's data directory, downloaded through
 * the app).
 */
export function createTestImapPoller(deps: {
  db: Db;
  bus: EventBus;
  dataDir: string;
  mailer: Mailer;
  mailboxes: MailboxService;
  now: () => Date;
}) {
  const { db, bus, now, mailboxes } = deps;
  const email = createEmailService({
    db,
    bus,
    now,
    mailer: deps.mailer,
    storage: createLocalFileStorage(join(deps.dataDir, 'uploads')),
    notifications: createNotificationsService({ db, bus, now }),
    mailboxes,
    mailDomain: 'dispatch.localhost',
    receiverOn: false,
  });
  return createImapPoller({
    targets: () => mailboxes.imapTargets(),
    setLastUid: (id, uid) => mailboxes.setImapLastUid(id, uid),
    markInvalid: (id) => mailboxes.markInvalid(id),
    receive: (companyId, mail, hint) => email.receive(companyId, mail, hint),
    now,
    timeoutMs: 5_000,
  });
}
