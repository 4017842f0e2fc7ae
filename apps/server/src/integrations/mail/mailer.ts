import { createTransport } from 'nodemailer';

// Outgoing e-mail (propositions to brokers; later invitations and notices). Each company sends through its
// own SMTP server, so the settings come with each message. A company without SMTP settings still gets its
// message kept: the caller stores it as sent, not delivered ('kept'), and the product works without mail.
//
// The password is a secret: it is handed to the transport and nowhere else (no log line, no error text
// carries it: an SMTP failure is reported by its code and the server's reply).

export type SmtpSettings = {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user: string | null;
  password: string | null;
  /** A mailbox signed in with Google or Zoho: an OAuth2 access token instead of the password. */
  accessToken?: string | null;
  /** The From address. */
  from: string;
};

export type MailMessage = {
  to: string | string[];
  cc?: string[];
  /** Where the broker's answer goes: the dispatcher's working e-mail. */
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header to send (e-mail threads choose theirs, to thread the answers); nodemailer's otherwise. */
  messageId?: string;
  inReplyTo?: string | null;
  references?: string | null;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

/**
 * What became of a message: 'sent' the SMTP server accepted it; 'kept' there is no SMTP server to send
 * through; 'failed' the server refused it or could not be reached (`error` says why, without secrets).
 */
export type MailOutcome =
  { delivery: 'sent'; messageId: string } | { delivery: 'kept' } | { delivery: 'failed'; error: string };

export type Mailer = {
  send(settings: SmtpSettings | null, message: MailMessage): Promise<MailOutcome>;
  /** Connects and signs in without sending: null when the server accepts, otherwise why not (no secrets). */
  verify?(settings: SmtpSettings): Promise<string | null>;
  /** Closes the connections a pooled mailer keeps open. */
  close?(): void;
};

export type MailerOptions = {
  /** How long to wait for the connection, the greeting and each reply; 10 s by default. */
  timeoutMs?: number;
  /**
   * Keep a few connections to each server open and send many messages through them (a batch, such as a
   * week's pay sheets), instead of one connection per message; `close()` ends them.
   */
  pool?: boolean;
};

/** The reason of a failure, safe to store and log: the error's code and the server's reply. */
export function mailFailureText(error: unknown): string {
  if (!(error instanceof Error)) return 'The mail server could not be reached';
  const { code, responseCode, response } = error as Error & {
    code?: string;
    responseCode?: number;
    response?: string;
  };
  const parts = [code, responseCode, response ?? error.message].filter(
    (part) => part !== undefined && part !== '',
  );
  return parts.join(' ').slice(0, 500);
}

/** Sends through the company's SMTP server with nodemailer; one connection per message unless pooled. */
export function createSmtpMailer(options: MailerOptions = {}): Mailer {
  const timeout = options.timeoutMs ?? 10_000;
  const pooled = new Map<string, ReturnType<typeof transportOf>>();
  const transportFor = (settings: SmtpSettings) => {
    if (!options.pool) return transportOf(settings, timeout);
    const key = JSON.stringify([
      settings.host,
      settings.port,
      settings.secure,
      settings.user,
      settings.password,
      settings.accessToken ?? null,
    ]);
    let transport = pooled.get(key);
    if (!transport) {
      transport = transportOf(settings, timeout, true);
      pooled.set(key, transport);
    }
    return transport;
  };
  return {
    close() {
      for (const transport of pooled.values()) transport.close();
      pooled.clear();
    },
    async send(settings, message) {
      if (!settings) return { delivery: 'kept' };
      const transport = transportFor(settings);
      try {
        const info = await transport.sendMail({
          from: settings.from,
          to: message.to,
          cc: message.cc?.length ? message.cc : undefined,
          replyTo: message.replyTo ?? undefined,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: message.messageId,
          inReplyTo: message.inReplyTo ?? undefined,
          references: message.references ?? undefined,
          attachments: message.attachments,
        });
        return { delivery: 'sent', messageId: info.messageId };
      } catch (error) {
        return { delivery: 'failed', error: mailFailureText(error) };
      } finally {
        if (!options.pool) transport.close();
      }
    },
    async verify(settings) {
      const transport = transportOf(settings, timeout);
      try {
        await transport.verify();
        return null;
      } catch (error) {
        return mailFailureText(error);
      } finally {
        transport.close();
      }
    },
  };
}

function transportOf(settings: SmtpSettings, timeout: number, pool = false) {
  const auth = settings.accessToken
    ? { type: 'OAuth2' as const, user: settings.user ?? settings.from, accessToken: settings.accessToken }
    : settings.user
      ? { user: settings.user, pass: settings.password ?? '' }
      : undefined;
  return createTransport({
    ...(pool ? { pool: true as const, maxConnections: 4 } : {}),
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 2,
    logger: false,
    debug: false,
  });
}
