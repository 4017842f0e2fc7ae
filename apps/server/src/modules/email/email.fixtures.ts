import { createTransport } from 'nodemailer';
import type { App } from '../../app';
import type { Db } from '../../db/types';
import { login, type Session } from '../../../test/auth-helpers';
import { createUser } from '../../../test/factories';
import type { TestSmtpServer } from '../../integrations/mail/mail.fixtures';
import { createPropositionsWorld, type PropositionsWorld } from '../bids/propositions.fixtures';
import { multipart } from '../loads/loads.fixtures';

export const EMAIL_API = '/backend/api/v2/email';

export type EmailWorld = PropositionsWorld & {
  /** A second dispatcher of the company, concerned by none of the first one's threads. */
  otherDispatcher: Session & { userId: number };
};

/** The propositions' world (every staff role, loads, bids, another carrier) and a second dispatcher. */
export async function createEmailWorld(db: Db, app: App): Promise<EmailWorld> {
  const world = await createPropositionsWorld(db, app);
  const user = await createUser(db, { companyId: world.company.id, role: 5 });
  const session = await login(app, user.email, user.password);
  return { ...world, otherDispatcher: { ...session, userId: user.id } };
}

/** Points the company's SMTP settings at the loopback server (or removes them). */
export async function useCompanySmtp(db: Db, companyId: number, smtp: TestSmtpServer | null): Promise<void> {
  const settings = smtp?.settings();
  await db
    .updateTable('companies')
    .set({
      smtp_host: settings?.host ?? null,
      smtp_port: settings?.port ?? null,
      smtp_user: settings?.user ?? null,
      smtp_password: settings?.password ?? null,
      smtp_from: settings?.from ?? null,
    })
    .where('id', '=', companyId)
    .execute();
}

export async function emailCall<Body = unknown>(
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  session: Session,
  payload?: unknown,
) {
  const response = await app.inject({
    method,
    url: `${EMAIL_API}/${path}`,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json<Body>() };
}

/** Posts a multipart message form (fields, and files as [name, type, bytes] under `attachments`). */
export async function sendForm<Body = unknown>(
  app: App,
  path: string,
  session: Session,
  fields: Record<string, string>,
  files: [string, string, Buffer][] = [],
) {
  const form = multipart(
    fields,
    files.map(([name, type, data]) => ['attachments', name, type, data] as [string, string, string, Buffer]),
  );
  const response = await app.inject({
    method: 'POST',
    url: `${EMAIL_API}/${path}`,
    headers: { ...session.headers, ...form.headers },
    payload: form.payload,
  });
  return { status: response.statusCode, body: response.json<Body>() };
}

export type BrokerMail = {
  to: string;
  from?: string;
  subject: string;
  text: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

/** A broker's mail to the built-in receiver over a real SMTP exchange on loopback. */
export async function mailToReceiver(port: number, mail: BrokerMail) {
  const transport = createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    logger: false,
  });
  try {
    return await transport.sendMail({
      from: mail.from ?? 'Mary Broker <mary@broker.test>',
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      messageId: mail.messageId,
      inReplyTo: mail.inReplyTo,
      references: mail.references,
      attachments: mail.attachments,
    });
  } finally {
    transport.close();
  }
}
