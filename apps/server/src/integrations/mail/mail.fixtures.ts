// A real SMTP server on loopback for the tests that send mail: it accepts every message (or refuses the
// recipients it is told to) and keeps each one parsed by postal-mime, with the credentials it was given:
// the test user's password, or (XOAUTH2) an access token the test lets it accept.
import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import type { SmtpSettings } from './mailer';

export type ReceivedMail = {
  envelopeTo: string[];
  user: string | null;
  /** How the sender signed in: PLAIN, LOGIN or XOAUTH2 (null: not at all), and the access token it used. */
  authMethod: string | null;
  accessToken: string | null;
  email: Email;
  raw: string;
};

export type TestSmtpServer = {
  port: number;
  received: ReceivedMail[];
  /** The settings a company would save to send through this server. */
  settings(overrides?: Partial<SmtpSettings>): SmtpSettings;
  /** Recipients the server refuses with 550. */
  refuse: Set<string>;
  /** The access token the server accepts with XOAUTH2, by user (a Google or Zoho mailbox's). */
  accessTokens: Map<string, string>;
  close(): Promise<void>;
};

export const TEST_SMTP_USER = 'dispatch@carrier.test';
export const TEST_SMTP_PASSWORD = 'smtp-secret-Pa55';

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const accessTokens = new Map<string, string>();
  const signIns = new Map<string, { method: string; accessToken: string | null }>();
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to make, and AUTH is allowed without TLS.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    authMethods: ['PLAIN', 'LOGIN', 'XOAUTH2'],
    onAuth(auth, session, callback) {
      const accepted =
        auth.method === 'XOAUTH2'
          ? auth.username !== undefined && accessTokens.get(auth.username) === auth.accessToken
          : auth.username === TEST_SMTP_USER && auth.password === TEST_SMTP_PASSWORD;
      if (accepted) {
        signIns.set(session.id, { method: auth.method, accessToken: auth.accessToken ?? null });
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address)) {
        const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        PostalMime.parse(raw)
          .then((email) => {
            received.push({
              envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              user: typeof session.user === 'string' ? session.user : null,
              authMethod: signIns.get(session.id)?.method ?? null,
              accessToken: signIns.get(session.id)?.accessToken ?? null,
              email,
              raw,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    refuse,
    accessTokens,
    settings: (overrides = {}) => ({
      host: '127.0.0.1',
      port,
      secure: false,
      user: TEST_SMTP_USER,
      password: TEST_SMTP_PASSWORD,
      from: 'Blue Line Dispatch <dispatch@carrier.test>',
      ...overrides,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
