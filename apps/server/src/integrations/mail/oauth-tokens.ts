// The sign-in of users' own mailboxes with Google or Zoho (OAuth 2.0 authorization code with offline
// access): the code the browser brings back is exchanged for an access token and a refresh token, the
// access token is renewed with the refresh token, and the signed-in mailbox's address is read.
//
// The endpoints are the providers' own unless the configuration names others (EMAIL_OAUTH_*, for a
// stand-in). Tokens and client secrets go to the provider and nowhere else: no error text carries them.

export type OauthProvider = 'google' | 'zoho';

export type OauthEndpoints = {
  googleTokenUrl: string;
  zohoTokenUrl: string;
  /** Zoho Mail's "all accounts of the user" API, which names the mailbox the sign-in opened. */
  zohoAccountsUrl: string;
};

export const DEFAULT_OAUTH_ENDPOINTS: OauthEndpoints = {
  googleTokenUrl: 'https://oauth2.googleapis.com/token',
  zohoTokenUrl: 'https://accounts.zoho.com/oauth/v2/token',
  zohoAccountsUrl: 'https://mail.zoho.com/api/accounts',
};

export type OauthClientKeys = { clientId: string; clientSecret: string };

export type OauthTokens = {
  accessToken: string;
  /** A refresh answers none unless the provider turns its refresh tokens over; the old one stays good. */
  refreshToken: string | null;
  expiresAt: Date;
  idToken: string | null;
};

/** The provider answered with an OAuth error (`invalid_grant`: the code or refresh token is no longer good). */
export class OauthRefused extends Error {
  override name = 'OauthRefused';
  constructor(readonly error: string) {
    super(`The provider refused the request: ${error}`);
  }
}

/** The provider did not answer, or answered something other than OAuth (a 5xx, not JSON). */
export class OauthUnavailable extends Error {
  override name = 'OauthUnavailable';
}

/**
 * The errors with which a provider says the refresh token itself is no longer good (revoked, expired,
 * the password changed): Google and the RFC say invalid_grant, Zoho invalid_code. Anything else (wrong
 * client keys, a limit) is not the mailbox's fault and does not sign it out.
 */
const REVOKED_ERRORS: ReadonlySet<string> = new Set(['invalid_grant', 'invalid_code', 'invalid_token']);

export function isRevoked(error: unknown): boolean {
  return error instanceof OauthRefused && REVOKED_ERRORS.has(error.error);
}

export type OauthTokenClient = {
  exchangeCode(
    provider: OauthProvider,
    keys: OauthClientKeys,
    code: string,
    redirectUri: string,
  ): Promise<OauthTokens>;
  refresh(provider: OauthProvider, keys: OauthClientKeys, refreshToken: string): Promise<OauthTokens>;
  /**
   * The address of the mailbox signed in to, lower-cased, or null when the provider does not name one.
   * Google: the `email` claim of the ID token the token endpoint answered (scope `openid email`), taken
   * only when it is verified and the token is for this client; it came straight from Google over TLS,
   * so its signature is not checked again. Zoho: the primary address of the first account that Zoho
   * Mail's accounts API answers for the access token (scope ZohoMail.accounts.READ): the Zoho sign-in's
   * own e-mail may be another address than the mailbox's.
   */
  mailboxAddress(provider: OauthProvider, clientId: string, tokens: OauthTokens): Promise<string | null>;
};

type TokenAnswer = Partial<
  Record<'access_token' | 'refresh_token' | 'id_token' | 'error' | 'expires_in' | 'expires_in_sec', unknown>
>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const seconds = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;

export function createOauthTokenClient(
  options: { endpoints?: Partial<OauthEndpoints>; now?: () => Date; timeoutMs?: number } = {},
): OauthTokenClient {
  const endpoints = { ...DEFAULT_OAUTH_ENDPOINTS, ...options.endpoints };
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new OauthUnavailable(`The provider could not be reached: ${(error as Error).name}`);
    }
    return { status: response.status, body: await response.json().catch(() => null) };
  }

  async function tokenCall(provider: OauthProvider, form: URLSearchParams): Promise<OauthTokens> {
    const url = provider === 'google' ? endpoints.googleTokenUrl : endpoints.zohoTokenUrl;
    const { status, body } = await call(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    });
    const answer = (body ?? {}) as TokenAnswer;
    // Zoho answers its refusals with 200 and an `error`; Google with 400 or 401.
    const error = text(answer.error);
    if (error !== null && status < 500) throw new OauthRefused(error.slice(0, 100));
    const accessToken = text(answer.access_token);
    if (status >= 300 || accessToken === null) {
      throw new OauthUnavailable(`The provider's token endpoint answered HTTP ${status} without a token`);
    }
    // Zoho once sent expires_in in milliseconds beside expires_in_sec; the latter wins when present.
    const lifetime = seconds(answer.expires_in_sec) ?? seconds(answer.expires_in) ?? 3600;
    return {
      accessToken,
      refreshToken: text(answer.refresh_token),
      expiresAt: new Date(now().getTime() + lifetime * 1000),
      idToken: text(answer.id_token),
    };
  }

  function googleAddress(clientId: string, idToken: string | null): string | null {
    const payload = idToken?.split('.')[1];
    if (!payload) return null;
    let claims: { aud?: unknown; email?: unknown; email_verified?: unknown };
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
    } catch {
      return null;
    }
    const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!audience.includes(clientId) || claims.email_verified === false) return null;
    return text(claims.email)?.toLowerCase() ?? null;
  }

  async function zohoAddress(accessToken: string): Promise<string | null> {
    const { status, body } = await call(endpoints.zohoAccountsUrl, {
      headers: { authorization: `Zoho-oauthtoken ${accessToken}`, accept: 'application/json' },
    });
    if (status >= 500) throw new OauthUnavailable(`Zoho Mail's accounts API answered HTTP ${status}`);
    type Account = {
      primaryEmailAddress?: unknown;
      incomingUserName?: unknown;
      emailAddress?: { mailId?: unknown; isPrimary?: unknown }[];
    };
    const account = (body as { data?: Account[] } | null)?.data?.[0];
    if (status >= 300 || !account) return null;
    const primary = Array.isArray(account.emailAddress)
      ? account.emailAddress.find((address) => address.isPrimary === true)?.mailId
      : undefined;
    const address = text(primary) ?? text(account.primaryEmailAddress) ?? text(account.incomingUserName);
    return address?.toLowerCase() ?? null;
  }

  return {
    exchangeCode: (provider, keys, code, redirectUri) =>
      tokenCall(
        provider,
        new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: keys.clientId,
          client_secret: keys.clientSecret,
        }),
      ),
    refresh: (provider, keys, refreshToken) =>
      tokenCall(
        provider,
        new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: keys.clientId,
          client_secret: keys.clientSecret,
        }),
      ),
    mailboxAddress: (provider, clientId, tokens) =>
      provider === 'google'
        ? Promise.resolve(googleAddress(clientId, tokens.idToken))
        : zohoAddress(tokens.accessToken),
  };
}
