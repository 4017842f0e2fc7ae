import { EMAIL_MESSAGES, parseInboundAddress } from '@app/domain/email/email.rules';
import type { Mailbox, MailboxOauthCallback, MailboxSettings } from '@app/domain/email/email.schema';
import type { Db, Row } from '../../db/types';
import { createUnitOfWork, type ErrorLog } from '../../db/unit-of-work';
import type { EventBus } from '../../realtime/event-bus';
import { refuse } from '../../http/errors';
import type { Mailer, SmtpSettings } from '../../integrations/mail/mailer';
import { createOauthTokenClient, type OauthTokenClient } from '../../integrations/mail/oauth-tokens';
import type { SecretBox } from '../../integrations/secret-box';
import type { CompanyCaller } from '../auth/caller';
import { createOauthClientSettings } from './email-oauth-clients';
import { createMailboxOauth, type OauthProvider, type OauthSecret } from './mailbox-oauth';
import * as repository from './mailbox.repository';

// A user's own mailbox: SMTP (and IMAP) settings of any provider, tested before they are kept, or a
// sign-in with Google or Zoho when the company has its client keys. The password or the tokens are sealed
// with the secret box (bound to the user) and never answered; the threads send through the mailbox when
// the user has one, otherwise through the company's SMTP server, otherwise they keep the message.

export { OAUTH_PROVIDERS, type OauthProvider } from './mailbox-oauth';

export type MailboxDeps = {
  db: Db;
  /** Company settings changes (the Google and Zoho client keys) are published on it. */
  bus: EventBus;
  mailer: Mailer;
  secrets: SecretBox;
  /** Signs the OAuth state (the app's secret). */
  stateSecret: string;
  now: () => Date;
  /** The domain of the built-in receiver's inbound addresses; null when the receiver is off. */
  inboundDomain: string | null;
  /** Where the providers send the browser back: the profile page of the web app. */
  publicUrl: string | undefined;
  /** The providers' token endpoints (their own by default). */
  oauthTokens?: OauthTokenClient;
  log?: ErrorLog;
};

/**
 * The settings a thread sends with, and the mailbox they come from (null: the company's server or none);
 * `failure`: the mailbox cannot send now (its provider did not renew the sign-in), why, without secrets.
 */
export type Sender = {
  settings: SmtpSettings | null;
  mailbox: Row<'email_mailboxes'> | null;
  failure?: string;
};

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

  const oauth = createMailboxOauth({
    db,
    secrets,
    tokens: deps.oauthTokens ?? createOauthTokenClient({ now }),
    stateSecret: deps.stateSecret,
    now,
    publicUrl: deps.publicUrl,
    secretPurpose,
    log: deps.log,
  });

  /** The mailbox's sealed secret opened: a password, or Google or Zoho tokens; null when it does not open. */
  function openSecret(row: Row<'email_mailboxes'>): (Partial<OauthSecret> & { password?: string }) | null {
    const secret = secrets.open(row.secret, secretPurpose(row.user_id));
    return secret ? (JSON.parse(secret) as Partial<OauthSecret> & { password?: string }) : null;
  }

  /**
   * The spec's google_invalid_credentials: the mailbox refused its credentials (or its provider no longer
   * renews the sign-in), so it is logged out (the secret goes) and the send is refused with that code;
   * the user connects it again.
   */
  async function invalidCredentials(caller: CompanyCaller): Promise<never> {
    await repository.deleteMailbox(db, caller.companyId, caller.userId, ['smtp_imap', 'google', 'zoho']);
    throw refuse('google_invalid_credentials', EMAIL_MESSAGES.googleInvalidCredentials);
  }

  return {
    inboundAddress,
    // The company's Google and Zoho client keys (the company settings page), which the sign-ins use.
    ...createOauthClientSettings({
      db,
      unit: createUnitOfWork(deps),
      secrets,
      now,
      publicUrl: deps.publicUrl,
    }),

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

    /** GET email/auth, GET email/zoho/auth: the provider's sign-in address with a signed state. */
    authUrl: (caller: CompanyCaller, provider: OauthProvider) => oauth.authUrl(caller, provider),
    checkState: oauth.checkState,

    /** POST email/oauth/callback: completes a Google or Zoho sign-in; answers the mailbox without its tokens. */
    async completeSignIn(caller: CompanyCaller, callback: MailboxOauthCallback): Promise<Mailbox> {
      await oauth.complete(caller, callback);
      const row = await repository.findMailbox(db, caller.companyId, caller.userId);
      return toMailbox(row ?? null, await inboundAddress(caller.companyId));
    },

    /**
     * What a thread of this caller sends with: their connected mailbox (a Google or Zoho one with an
     * access token renewed when it is about to expire; logged out when the provider no longer renews it),
     * or the company's SMTP server, or none.
     */
    async sender(caller: CompanyCaller): Promise<Sender> {
      const mailbox = await repository.findMailbox(db, caller.companyId, caller.userId);
      const opened = mailbox?.status === 'connected' && mailbox.smtp_host ? openSecret(mailbox) : null;
      if (mailbox && opened && mailbox.smtp_host && mailbox.smtp_port) {
        const settings: SmtpSettings = {
          host: mailbox.smtp_host,
          port: mailbox.smtp_port,
          secure: mailbox.smtp_secure,
          user: mailbox.username ?? mailbox.address,
          password: opened.password ?? null,
          accessToken: null,
          from: mailbox.address,
        };
        if (mailbox.provider === 'smtp_imap') return { mailbox, settings };
        const fresh = await oauth.freshAccessToken(mailbox, opened);
        if (fresh.kind === 'revoked') return invalidCredentials(caller);
        if (fresh.kind === 'unavailable') return { mailbox, settings, failure: fresh.reason };
        return { mailbox, settings: { ...settings, accessToken: fresh.accessToken } };
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

    invalidCredentials,

    /**
     * The connected mailboxes with an IMAP server, with their credentials opened, for the IMAP poller. A
     * Google or Zoho mailbox comes with an access token renewed when due; one whose provider no longer
     * renews the sign-in is marked invalid, one whose provider could not be reached waits for the next run.
     */
    async imapTargets(): Promise<ImapTarget[]> {
      const targets: ImapTarget[] = [];
      for (const row of await repository.pollableMailboxes(db)) {
        const opened = openSecret(row);
        if (!opened || !row.imap_host) continue;
        let accessToken: string | null = null;
        if (row.provider !== 'smtp_imap') {
          const fresh = await oauth.freshAccessToken(row, opened);
          if (fresh.kind !== 'ok') {
            if (fresh.kind === 'revoked') await repository.markMailboxInvalid(db, row.id, now());
            deps.log?.error(
              { mailboxId: row.id, reason: fresh.kind === 'revoked' ? 'sign-in revoked' : fresh.reason },
              'IMAP polling skipped: the sign-in could not be renewed',
            );
            continue;
          }
          accessToken = fresh.accessToken;
        }
        targets.push({
          id: row.id,
          companyId: row.company_id,
          host: row.imap_host,
          port: row.imap_port ?? 993,
          secure: row.imap_secure,
          user: row.username ?? row.address,
          password: opened.password ?? null,
          accessToken,
          lastUid: row.imap_last_uid,
        });
      }
      return targets;
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
