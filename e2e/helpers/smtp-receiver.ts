import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

// A mail server on loopback that the company sends through in a spec (its SMTP settings point here): it
// accepts every message without sign-in and keeps each one parsed, so a spec sees what went out.

export type ReceivedMail = { envelopeTo: string[]; email: Email };

export type SmtpReceiver = {
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
};

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to make.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks).toString('utf8'))
          .then((email) => {
            received.push({ envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), email });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
