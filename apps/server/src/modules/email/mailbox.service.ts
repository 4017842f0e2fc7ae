import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_MESSAGES, parseInboundAddress } from '@app/domain/email/email.rules';
import type { Mailbox, MailboxSettings } from '@app/domain/email/email.schema';
import type { Db, Row } from '../../db/types';
import { refuse } from '../../http/errors';
import type { Mailer, SmtpSettings } from '../../integrations/mail/mailer';
import type { SecretBox } from '../../integrations/secret-box';
import type { CompanyCaller } from '../auth/caller';
import * as repository from './mailbox.repository';

// A user's own mailbox: SMTP (and IMAP) settings of any provider, tested before they are kept, or a
// sign-in with Google or Zoho when the company has its client keys. The password or the tokens are sealed
// with the secret box (bound to the user) and never answered; the threads send through the mailbox when
// the user has one, otherwise through the company's SMTP server, otherwise they keep the message.

export type OauthProvider = 'google' | 'zoho';

/** The providers' sign-in addresses and mail servers. */
export const OAUTH_PROVIDERS: Record<
  OauthProvider,
  { name: string; authUrl: string; scope: string; smtp: { host: string; port: number } }
> = {
  google: {
    name: 'Google',
    authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    scope: 'https://mail.google.com/ email',
    smtp: { host: 'smtp.gmail.com', port: 465 },
  },
  zoho: {
    name: 'Zoho',
    authUrl: 'https://accounts.zoho.com/oauth/v2/auth',
    scope: 'ZohoMail.messages.ALL ZohoMail.accounts.READ',
    smtp: { host: 'smtp.zoho.com', port: 465 },
  },
};

/** How long a sign-in link stays good. */
const OAUTH_STATE_TTL_MS = 15 * 60 * 1000;

export type MailboxDeps = {
  db: Db;
  mailer: Mailer;
  secrets: SecretBox;
  /** Signs the OAuth state (the app's secret). */
  stateSecret: string;
  now: () => Date;
  /** The domain of the built-in receiver's inbound addresses; null when the receiver is off. */
  inboundDomain: string | null;
  /** Where the providers send the browser back: the profile page of the web app. */
  publicUrl: string | undefined;
};

/** The settings a thread sends with, and the mailbox they come from (null: the company's server or none). */
export type Sender = { settings: SmtpSettings | null; mailbox: Row<'email_mailboxes'> | null };

export type MailboxService = ReturnType<typeof createMailboxService>;

/** A mailbox the IMAP poller reads: its server, opened credentials and the last message it took. */
export type ImapTarget = {
  id: number;
  companyId: number;
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string | null;
  accessToken: string | null;
  lastUid: number | null;
};

export function secretPurpose(userId: number): string {
  return `email_mailboxes.secret:${userId}`;
}

export function createMailboxService(deps: MailboxDeps) {
  const { db, mailer, secrets, now } = deps;

  async function inboundAddress(companyId: number): Promise<string | null> {
    if (!deps.inboundDomain) return null;
    const company = await repository.findCompanyMail(db, companyId);
    return company ? `${company.company_hash.toLowerCase()}@${deps.inboundDomain}` : null;
  }

  function sign(payload: string): string {
    return createHmac('sha256', deps.stateSecret).update(`email-oauth:${payload}`).digest('base64url');
  }

  return {
    inboundAddress,

    /** The company an address of the built-in receiver reaches, and its plus tag; null for another address. */
    async companyOfInbound(address: string): Promise<{ companyId: number; tag: string | null } | null> {
      if (!deps.inboundDomain) return null;
      const parsed = parseInboundAddress(address, deps.inboundDomain);
      if (!parsed) return null;
      const companyId = await repository.findCompanyByInboundLocal(db, parsed.local);
      return companyId === null ? null : { companyId, tag: parsed.tag };
    },

    /** GET email/mailbox: the caller's mailbox without its secret, and the company's inbound address. */
    async get(caller: CompanyCaller): Promise<Mailbox> {
      const row = await repository.findMailbox(db, caller.companyId, caller.userId);
      return toMailbox(row ?? null, await inboundAddress(caller.companyId));
    },

    /** PUT email/mailbox: signs in to the SMTP server with the settings first; kept only when it accepts. */
    async connect(caller: CompanyCaller, settings: MailboxSettings): Promise<Mailbox> {
      const smtp: SmtpSettings = {
        host: settings.smtp_host,
        port: settings.smtp_port,
        secure: settings.smtp_secure,
        user: settings.username,
        password: settings.password,
        from: settings.address,
      };
      const failure = mailer.verify ? await mailer.verify(smtp) : null;
      if (failure !== null) {
        throw refuse(
          'email_mailbox_test_failed',
          EMAIL_MESSAGES.mailboxTestFailed.replace('{{reason}}', failure),
          {
            reason: [failure],
          },
        );
      }
      const at = now();
      await repository.saveMailbox(db, {
        company_id: caller.companyId,
        user_id: caller.userId,
        provider: 'smtp_imap',
        address: settings.address,
        smtp_host: settings.smtp_host,
        smtp_port: settings.smtp_port,
        smtp_secure: settings.smtp_secure,
        imap_host: settings.imap_host ?? null,
        imap_port: settings.imap_host ? (settings.imap_port ?? 993) : null,
        imap_secure: settings.imap_secure,
        username: settings.username,
        secret: secrets.seal(JSON.stringify({ password: settings.password }), secretPurpose(caller.userId)),
        status: 'connected',
        created_at: at,
        updated_at: at,
      });
      return this.get(caller);
    },

    /** DELETE email/logout (any provider but Zoho), DELETE email/zoho/logout: the mailbox and its secret go. */
    async logout(caller: CompanyCaller, providers: readonly Row<'email_mailboxes'>['provider'][]) {
      await repository.deleteMailbox(db, caller.companyId, caller.userId, providers);
      return { detail: 'Successfully logged out.' };
    },

    /**
     * GET email/auth, GET email/zoho/auth: the provider's sign-in address for the caller, with a signed
     * state naming them; refused with a clear reason when the company has no client keys of the provider.
     */
    async authUrl(caller: CompanyCaller, provider: OauthProvider): Promise<{ auth_url: string }> {
      const client = await repository.findOauthClient(db, caller.companyId, provider);
      const spec = OAUTH_PROVIDERS[provider];
      if (!client) {
        throw refuse(
          'email_oauth_not_configured',
          EMAIL_MESSAGES.oauthNotConfigured.replace('{{provider}}', spec.name),
          {
            provider: [spec.name],
          },
        );
      }
      const payload = `${caller.companyId}.${caller.userId}.${provider}.${now().getTime() + OAUTH_STATE_TTL_MS}`;
      const url = new URL(spec.authUrl);
      url.searchParams.set('client_id', client.client_id);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('redirect_uri', `${(deps.publicUrl ?? '').replace(/\/+$/, '')}/settings/profile/`);
      url.searchParams.set('scope', spec.scope);
      url.searchParams.set('access_type', 'offline');
      url.searchParams.set('prompt', 'consent');
      url.searchParams.set('state', `${payload}.${sign(payload)}`);
      return { auth_url: url.toString() };
    },

    /** Whether a sign-in state is this caller's, for this provider, and still good. */
    checkState(caller: CompanyCaller, provider: OauthProvider, state: string): boolean {
      const dot = state.lastIndexOf('.');
      const payload = state.slice(0, dot);
      const given = Buffer.from(state.slice(dot + 1));
      const expected = Buffer.from(sign(payload));
      if (dot < 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      const [company, user, name, expires] = payload.split('.');
      return (
        Number(company) === caller.companyId &&
        Number(user) === caller.userId &&
        name === provider &&
        Number(expires) > now().getTime()
      );
    },

    /** What a thread of this caller sends with: their connected mailbox, or the company's SMTP server, or none. */
    async sender(caller: CompanyCaller): Promise<Sender> {
      const mailbox = await repository.findMailbox(db, caller.companyId, caller.userId);
      if (mailbox && mailbox.status === 'connected' && mailbox.smtp_host && mailbox.smtp_port) {
        const secret = secrets.open(mailbox.secret, secretPurpose(caller.userId));
        const opened = secret ? (JSON.parse(secret) as { password?: string; access_token?: string }) : null;
        if (opened) {
          return {
            mailbox,
            settings: {
              host: mailbox.smtp_host,
              port: mailbox.smtp_port,
              secure: mailbox.smtp_secure,
              user: mailbox.username ?? mailbox.address,
              password: opened.password ?? null,
              accessToken: opened.access_token ?? null,
              from: mailbox.address,
            },
          };
        }
      }
      const company = await repository.findCompanyMail(db, caller.companyId);
      if (!company?.smtp_host || !company.smtp_port || !company.smtp_from)
        return { settings: null, mailbox: null };
      return {
        mailbox: null,
        settings: {
          host: company.smtp_host,
          port: company.smtp_port,
          secure: company.smtp_secure,
          user: company.smtp_user,
          password: company.smtp_password,
          from: company.smtp_from,
        },
      };
    },

    /**
     * The spec's google_invalid_credentials: the mailbox refused its credentials, so it is logged out (the
     * secret goes) and the send is refused with that code; the user connects it again.
     */
    async invalidCredentials(caller: CompanyCaller): Promise<never> {
      await repository.deleteMailbox(db, caller.companyId, caller.userId, ['smtp_imap', 'google', 'zoho']);
      throw refuse('google_invalid_credentials', EMAIL_MESSAGES.googleInvalidCredentials);
    },

    /** The connected mailboxes with an IMAP server, with their credentials opened, for the IMAP poller. */
    async imapTargets(): Promise<ImapTarget[]> {
      const rows = await repository.pollableMailboxes(db);
      return rows.flatMap((row) => {
        const secret = secrets.open(row.secret, secretPurpose(row.user_id));
        if (!secret || !row.imap_host) return [];
        const opened = JSON.parse(secret) as { password?: string; access_token?: string };
        return [
          {
            id: row.id,
            companyId: row.company_id,
            host: row.imap_host,
            port: row.imap_port ?? 993,
            secure: row.imap_secure,
            user: row.username ?? row.address,
            password: opened.password ?? null,
            accessToken: opened.access_token ?? null,
            lastUid: row.imap_last_uid,
          },
        ];
      });
    },

    setImapLastUid: (id: number, uid: number) => repository.setImapLastUid(db, id, uid),
    markInvalid: (id: number) => repository.markMailboxInvalid(db, id, now()),

    /** GET users/search/employers: colleagues, with in_gmail for an authorised e-mail or a connected mailbox. */
    async employers(caller: CompanyCaller, query: { in_gmail: boolean; search: string }) {
      const rows = await repository.searchEmployers(db, caller.companyId, query.in_gmail, query.search);
      return rows.map((row) => ({
        id: row.id,
        first_name: row.first_name,
        last_name: row.last_name,
        role: row.role,
        working_gmail: row.working_gmail ?? row.mailbox_address,
        in_gmail: row.in_gmail,
      }));
    },
  };
}

function toMailbox(row: Row<'email_mailboxes'> | null, inbound: string | null): Mailbox {
  return {
    connected: row !== null && row.status === 'connected',
    provider: row?.provider ?? null,
    address: row?.address ?? null,
    status: row?.status ?? null,
    smtp_host: row?.smtp_host ?? null,
    smtp_port: row?.smtp_port ?? null,
    smtp_secure: row?.smtp_secure ?? null,
    username: row?.username ?? null,
    imap_host: row?.imap_host ?? null,
    imap_port: row?.imap_port ?? null,
    imap_secure: row?.imap_secure ?? null,
    inbound_address: inbound,
  };
}
