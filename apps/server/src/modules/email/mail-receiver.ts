import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { htmlToPlain } from '@app/domain/email/email.rules';
import type { ErrorLog } from '../../db/unit-of-work';
import type { InboundMail } from './email.deps';
import type { ReceiveOutcome, ReceiveSource } from './email.receive';

// The built-in SMTP receiver: brokers' mail to a company's inbound address (`<company hash>@<MAIL_DOMAIN>`,
// or `<company hash>+c<thread>@<MAIL_DOMAIN>` as our Reply-To puts it) is accepted, parsed with postal-mime
// and handed to the e-mail threads. A recipient that reaches no company is refused (550) before the data
// is sent; nothing is relayed. It speaks plain SMTP without AUTH: put it behind the MX host (or a relay
// that does TLS) and let that forward the domain's mail to MAIL_RECEIVER_PORT.

/** A message larger than this is refused by the SIZE extension (25,000,000 bytes of files, encoded). */
export const MAX_INBOUND_MESSAGE_BYTES = 40_000_000;

export type MailReceiverDeps = {
  companyOfInbound: (address: string) => Promise<{ companyId: number; tag: string | null } | null>;
  receive: (
    companyId: number,
    mail: InboundMail,
    hint: { tag: string | null; source: ReceiveSource },
  ) => Promise<ReceiveOutcome>;
  now: () => Date;
  log?: ErrorLog;
};

export type MailReceiver = {
  listen(port: number, host: string): Promise<number>;
  close(): Promise<void>;
};

/** What the threads keep of a parsed mail. */
export function inboundMailOf(email: Email, receivedAt: Date): InboundMail {
  const html = email.html ?? '';
  return {
    messageId: email.messageId?.trim() || null,
    inReplyTo: email.inReplyTo?.trim() || null,
    references: email.references?.trim() || null,
    from: (email.from?.address ?? email.sender?.address ?? '').toLowerCase(),
    to: (email.to ?? []).flatMap((to) => (to.address ? [to.address.toLowerCase()] : [])),
    cc: (email.cc ?? []).flatMap((cc) => (cc.address ? [cc.address.toLowerCase()] : [])),
    subject: email.subject ?? '',
    html,
    text: email.text ?? htmlToPlain(html),
    attachments: email.attachments.map((file) => ({
      filename: file.filename ?? 'attachment',
      mimeType: file.mimeType || 'application/octet-stream',
      content:
        typeof file.content === 'string'
          ? Buffer.from(file.content)
          : file.content instanceof ArrayBuffer
            ? Buffer.from(file.content)
            : Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength),
    })),
    receivedAt,
  };
}

export function createMailReceiver(deps: MailReceiverDeps): MailReceiver {
  const server = new SMTPServer({
    name: 'dispatch-mail-receiver',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_INBOUND_MESSAGE_BYTES,
    logger: false,
    onRcptTo(address, _session, callback) {
      deps
        .companyOfInbound(address.address)
        .then((target) => {
          if (target) return callback();
          const error = new Error('No such mailbox here') as Error & { responseCode: number };
          error.responseCode = 550;
          callback(error);
        })
        .catch((error: Error) => callback(error));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const tooLarge = (stream as { sizeExceeded?: boolean }).sizeExceeded;
        if (tooLarge) {
          const error = new Error('Message too large') as Error & { responseCode: number };
          error.responseCode = 552;
          callback(error);
          return;
        }
        const receivedAt = deps.now();
        void (async () => {
          const email = await PostalMime.parse(Buffer.concat(chunks));
          const mail = inboundMailOf(email, receivedAt);
          const seen = new Set<number>();
          for (const rcpt of session.envelope.rcptTo) {
            const target = await deps.companyOfInbound(rcpt.address);
            if (!target || seen.has(target.companyId)) continue;
            seen.add(target.companyId);
            await deps.receive(target.companyId, mail, { tag: target.tag, source: 'smtp' });
          }
        })()
          .then(() => callback())
          .catch((error: unknown) => {
            deps.log?.error({ err: error }, 'inbound e-mail not kept');
            const failure = new Error('Temporary failure, try again later') as Error & {
              responseCode: number;
            };
            failure.responseCode = 451;
            callback(failure);
          });
      });
    },
  });

  return {
    listen: (port, host) =>
      new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve((server.server.address() as AddressInfo).port);
        });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
