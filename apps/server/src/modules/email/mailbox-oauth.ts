import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_MESSAGES } from '@app/domain/email/email.rules';
import type { MailboxOauthCallback } from '@app/domain/email/email.schema';
import type { Db, Row } from '../../db/types';
import type { ErrorLog } from '../../db/unit-of-work';
import { refuse } from '../../http/errors';
import {
  isRevoked,
  OauthRefused,
  type OauthClientKeys,
  type OauthProvider,
  type OauthTokenClient,
} from '../../integrations/mail/oauth-tokens';
import type { SecretBox } from '../../integrations/secret-box';
import type { CompanyCaller } from '../auth/caller';
import * as repository from './mailbox.repository';

// The Google and Zoho sign-in of a user's mailbox: the provider's sign-in address with a signed state
// naming the caller, the return (the state checked, the code exchanged for tokens at the provider's
// token endpoint with the company's client keys, the mailbox's address read, the mailbox kept with its
// tokens sealed), and an access token good for the next minute at least for sending and IMAP, renewed
// with the refresh token when it is about to expire.

export type { OauthProvider };

/** The providers' sign-in addresses and mail servers (XOAUTH2 with the access token on both). */
export const OAUTH_PROVIDERS: Record<
  OauthProvider,
  {
    name: string;
    authUrl: string;
    scope: string;
    smtp: { host: string; port: number };
    imap: { host: string; port: number };
  }
> = {
  google: {
    name: 'Google',
    authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    // openid email: the token endpoint answers an ID token naming the mailbox.
    scope: 'openid email https://mail.google.com/',
    smtp: { host: 'smtp.gmail.com', port: 465 },
    imap: { host: 'imap.gmail.com', port: 993 },
  },
  zoho: {
    name: 'Zoho',
    authUrl: 'https://accounts.zoho.com/oauth/v2/auth',
    // Zoho separates scopes with commas; accounts.READ names the mailbox, PROTOCOL.IMAP opens IMAP.
    scope: 'ZohoMail.accounts.READ,ZohoMail.messages.ALL,ZOHOMAIL.PROTOCOL.IMAP',
    smtp: { host: 'smtp.zoho.com', port: 465 },
    imap: { host: 'imap.zoho.com', port: 993 },
  },
};

/** How long a sign-in link stays good. */
const OAUTH_STATE_TTL_MS = 15 * 60 * 1000;
/** An access token is renewed when it has expired or expires within this time. */
export const ACCESS_TOKEN_MARGIN_MS = 60_000;
/** The purpose the company's client secrets are sealed for. */
export const OAUTH_CLIENT_SECRET_PURPOSE = 'email_oauth_clients.client_secret';

/**
 * Where the providers send the browser back after a sign-in, the address the company registers with its
 * client keys: the profile page of the web app at PUBLIC_URL; null without a PUBLIC_URL.
 */
export function oauthRedirectUri(publicUrl: string | undefined): string | null {
  const base = (publicUrl ?? '').trim().replace(/\/+$/, '');
  return base ? `${base}/settings/profile/` : null;
}

/** What the sealed secret of a Google or Zoho mailbox holds; `expires_at` in epoch milliseconds. */
export type OauthSecret = { access_token: string; refresh_token: string; expires_at: number };

/**
 * An access token to sign in with: `ok`; `revoked` the provider no longer honours the refresh token (the
 * mailbox is to be signed out); `unavailable` the provider could not renew it now (`reason`, no secret).
 */
export type FreshToken =
  { kind: 'ok'; accessToken: string } | { kind: 'revoked' } | { kind: 'unavailable'; reason: string };

export type MailboxOauthDeps = {
  db: Db;
  secrets: SecretBox;
  tokens: OauthTokenClient;
  /** Signs the OAuth state (the app's secret). */
  stateSecret: string;
  now: () => Date;
  /** Where the providers send the browser back: the profile page of the web app. */
  publicUrl: string | undefined;
  secretPurpose: (userId: number) => string;
  log?: ErrorLog;
};

export function createMailboxOauth(deps: MailboxOauthDeps) {
  const { db, secrets, tokens, now } = deps;
  // Without a PUBLIC_URL the provider refuses the sign-in: the company settings say so beforehand.
  const redirectUri = () => oauthRedirectUri(deps.publicUrl) ?? '/settings/profile/';
  const sign = (payload: string) =>
    createHmac('sha256', deps.stateSecret).update(`email-oauth:${payload}`).digest('base64url');

  function notConfigured(provider: OauthProvider) {
    const { name } = OAUTH_PROVIDERS[provider];
    return refuse(
      'email_oauth_not_configured',
      EMAIL_MESSAGES.oauthNotConfigured.replace('{{provider}}', name),
      {
        provider: [name],
      },
    );
  }

  /** The company's client keys of the provider, the secret opened; null without usable keys. */
  async function clientKeys(companyId: number, provider: OauthProvider): Promise<OauthClientKeys | null> {
    const client = await repository.findOauthClient(db, companyId, provider);
    const secret = client ? secrets.open(client.client_secret, OAUTH_CLIENT_SECRET_PURPOSE) : null;
    return client && secret !== null ? { clientId: client.client_id, clientSecret: secret } : null;
  }

  function checkState(caller: CompanyCaller, provider: OauthProvider, state: string): boolean {
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
  }

  /**
   * The refusal of a sign-in the provider did not complete (refused the code, not reached, or answered no
   * refresh token or address): the code is spent either way, so the user starts the sign-in again.
   */
  function signInFailure(provider: OauthProvider, error: unknown) {
    const { name } = OAUTH_PROVIDERS[provider];
    if (error !== null && !(error instanceof OauthRefused)) {
      deps.log?.error(
        { provider, reason: (error as Error).message },
        'mailbox sign-in: provider not reached',
      );
    }
    return refuse('email_oauth_failed', EMAIL_MESSAGES.oauthFailed.replace('{{provider}}', name), {
      provider: [name],
    });
  }

  return {
    /**
     * GET email/auth, GET email/zoho/auth: the provider's sign-in address for the caller, with a signed
     * state naming them; refused with a clear reason when the company has no client keys of the provider.
     */
    async authUrl(caller: CompanyCaller, provider: OauthProvider): Promise<{ auth_url: string }> {
      const client = await repository.findOauthClient(db, caller.companyId, provider);
      if (!client) throw notConfigured(provider);
      const spec = OAUTH_PROVIDERS[provider];
      const payload = `${caller.companyId}.${caller.userId}.${provider}.${now().getTime() + OAUTH_STATE_TTL_MS}`;
      const url = new URL(spec.authUrl);
      url.searchParams.set('client_id', client.client_id);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('redirect_uri', redirectUri());
      url.searchParams.set('scope', spec.scope);
      url.searchParams.set('access_type', 'offline');
      url.searchParams.set('prompt', 'consent');
      url.searchParams.set('state', `${payload}.${sign(payload)}`);
      return { auth_url: url.toString() };
    },

    /** Whether a sign-in state is this caller's, for this provider, and still good. */
    checkState,

    /**
     * POST email/oauth/callback: the browser came back with the provider's code. The state must be the
     * caller's own and still good (it names the provider), else nothing changes; the code is exchanged
     * with the company's client keys, and the mailbox is kept with its tokens sealed, replacing the
     * caller's mailbox before.
     */
    async complete(caller: CompanyCaller, callback: MailboxOauthCallback): Promise<void> {
      const named = callback.state.split('.')[2];
      const provider = named === 'google' || named === 'zoho' ? named : null;
      if (
        provider === null ||
        (callback.provider !== undefined && callback.provider !== provider) ||
        !checkState(caller, provider, callback.state)
      ) {
        throw refuse('email_oauth_state_invalid', EMAIL_MESSAGES.oauthStateInvalid);
      }
      const keys = await clientKeys(caller.companyId, provider);
      if (!keys) throw notConfigured(provider);
      let address: string | null;
      let signedIn;
      try {
        signedIn = await tokens.exchangeCode(provider, keys, callback.code, redirectUri());
        address = await tokens.mailboxAddress(provider, keys.clientId, signedIn);
      } catch (error) {
        throw signInFailure(provider, error);
      }
      // Without a refresh token the mailbox would stop within the hour; without an address it cannot send.
      if (!signedIn.refreshToken || !address) throw signInFailure(provider, null);
      const spec = OAUTH_PROVIDERS[provider];
      const secret: OauthSecret = {
        access_token: signedIn.accessToken,
        refresh_token: signedIn.refreshToken,
        expires_at: signedIn.expiresAt.getTime(),
      };
      const at = now();
      await repository.saveMailbox(db, {
        company_id: caller.companyId,
        user_id: caller.userId,
        provider,
        address,
        smtp_host: spec.smtp.host,
        smtp_port: spec.smtp.port,
        smtp_secure: true,
        imap_host: spec.imap.host,
        imap_port: spec.imap.port,
        imap_secure: true,
        username: address,
        secret: secrets.seal(JSON.stringify(secret), deps.secretPurpose(caller.userId)),
        status: 'connected',
        created_at: at,
        updated_at: at,
      });
    },

    /**
     * An access token of a Google or Zoho mailbox good for the next minute at least: the kept one, or one
     * renewed with the refresh token and kept in its place (unless the mailbox was connected anew meanwhile).
     */
    async freshAccessToken(
      mailbox: Row<'email_mailboxes'>,
      opened: Partial<OauthSecret>,
    ): Promise<FreshToken> {
      const provider = mailbox.provider;
      if (provider === 'smtp_imap') return { kind: 'unavailable', reason: 'Not a Google or Zoho mailbox' };
      const at = now();
      if (opened.access_token && (opened.expires_at ?? 0) - at.getTime() > ACCESS_TOKEN_MARGIN_MS) {
        return { kind: 'ok', accessToken: opened.access_token };
      }
      const keys = await clientKeys(mailbox.company_id, provider);
      // Without a refresh token or the company's client keys the sign-in cannot be renewed at all.
      if (!opened.refresh_token || !keys) return { kind: 'revoked' };
      let renewed;
      try {
        renewed = await tokens.refresh(provider, keys, opened.refresh_token);
      } catch (error) {
        if (isRevoked(error)) return { kind: 'revoked' };
        const reason = `${OAUTH_PROVIDERS[provider].name} did not renew the sign-in: ${(error as Error).message}`;
        return { kind: 'unavailable', reason: reason.slice(0, 500) };
      }
      const secret: OauthSecret = {
        access_token: renewed.accessToken,
        refresh_token: renewed.refreshToken ?? opened.refresh_token,
        expires_at: renewed.expiresAt.getTime(),
      };
      const sealed = secrets.seal(JSON.stringify(secret), deps.secretPurpose(mailbox.user_id));
      await repository.replaceMailboxSecret(db, mailbox.id, mailbox.secret, sealed, now());
      return { kind: 'ok', accessToken: renewed.accessToken };
    },
  };
}

export type MailboxOauth = ReturnType<typeof createMailboxOauth>;
