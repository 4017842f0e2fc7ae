// A stand-in for Google's and Zoho's OAuth token endpoints (and Zoho Mail's accounts API) on loopback, for
// the tests of the mailbox sign-in: it honours the codes a test issues for an e-mail address, checks the
// client keys, the code, the redirect address and the grant type as the providers do, issues access and
// refresh tokens, renews access tokens, and refuses a refresh token the test revokes. Every request is
// kept with its form, so a test sees what the server sent.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OauthEndpoints, OauthProvider } from './oauth-tokens';

export type StandInClient = { clientId: string; clientSecret: string };

export type StandInRequest = {
  provider: OauthProvider;
  path: string;
  form: Record<string, string>;
  authorization: string | null;
};

type Grant = { provider: OauthProvider; email: string; expiresIn: number };

export type OauthStandIn = {
  urls: OauthEndpoints;
  requests: StandInRequest[];
  /** Every access and refresh token issued, to look for in answers and logs. */
  issued: string[];
  /** A code the provider gives the browser once the user signed in to `email`. */
  issueCode(provider: OauthProvider, email: string, options?: { expiresIn?: number }): string;
  /** The refresh token is refused (invalid_grant / invalid_code) from now on. */
  revoke(refreshToken: string): void;
  close(): Promise<void>;
};

export async function startOauthStandIn(options: {
  clients: Record<OauthProvider, StandInClient>;
  redirectUri: string;
  /** A token was issued for a mailbox: the provider's mail servers accept it from now on. */
  onAccessToken?: (email: string, accessToken: string) => void;
  /** Zoho: the mailbox's address differs from the Zoho sign-in's own e-mail (primary address of the account). */
  zohoMailboxOf?: (email: string) => string;
}): Promise<OauthStandIn> {
  const requests: StandInRequest[] = [];
  const issued: string[] = [];
  const codes = new Map<string, Grant>();
  const refreshTokens = new Map<string, Grant>();
  const accessTokens = new Map<string, Grant>();
  const revoked = new Set<string>();
  let serial = 0;

  function issueAccess(grant: Grant): string {
    serial += 1;
    const token = `${grant.provider}-access-${serial}-${Math.random().toString(36).slice(2)}`;
    accessTokens.set(token, grant);
    issued.push(token);
    // Mail servers take the address in any case.
    const mailbox =
      grant.provider === 'zoho' ? (options.zohoMailboxOf?.(grant.email) ?? grant.email) : grant.email;
    options.onAccessToken?.(mailbox.toLowerCase(), token);
    return token;
  }

  function idToken(clientId: string, email: string): string {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = { iss: 'https://accounts.google.com', aud: clientId, email, email_verified: true };
    return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.signature`;
  }

  /** Google answers refusals with 400; Zoho with 200 and an `error`. */
  function refusal(provider: OauthProvider, response: ServerResponse, error: string) {
    answer(response, provider === 'google' ? 400 : 200, { error });
  }

  function token(provider: OauthProvider, form: Record<string, string>, response: ServerResponse) {
    const client = options.clients[provider];
    if (form.client_id !== client.clientId || form.client_secret !== client.clientSecret) {
      return refusal(provider, response, 'invalid_client');
    }
    if (form.grant_type === 'authorization_code') {
      const grant = codes.get(form.code ?? '');
      if (!grant || grant.provider !== provider) {
        return refusal(provider, response, provider === 'google' ? 'invalid_grant' : 'invalid_code');
      }
      if (form.redirect_uri !== options.redirectUri)
        return refusal(provider, response, 'redirect_uri_mismatch');
      codes.delete(form.code!);
      serial += 1;
      const refreshToken = `${provider}-refresh-${serial}-${Math.random().toString(36).slice(2)}`;
      refreshTokens.set(refreshToken, grant);
      issued.push(refreshToken);
      const accessToken = issueAccess(grant);
      return answer(response, 200, {
        access_token: accessToken,
        refresh_token: refreshToken,
        token_type: 'Bearer',
        ...(provider === 'google'
          ? { expires_in: grant.expiresIn, id_token: idToken(client.clientId, grant.email) }
          : { expires_in: grant.expiresIn, api_domain: 'https://www.zohoapis.com' }),
      });
    }
    if (form.grant_type === 'refresh_token') {
      const grant = refreshTokens.get(form.refresh_token ?? '');
      if (!grant || revoked.has(form.refresh_token!)) {
        return refusal(provider, response, provider === 'google' ? 'invalid_grant' : 'invalid_code');
      }
      const renewed = { ...grant, expiresIn: 3600 };
      return answer(response, 200, {
        access_token: issueAccess(renewed),
        expires_in: 3600,
        token_type: 'Bearer',
      });
    }
    return refusal(provider, response, 'unsupported_grant_type');
  }

  function zohoAccounts(authorization: string | null, response: ServerResponse) {
    const grant = accessTokens.get(authorization?.replace(/^Zoho-oauthtoken /, '') ?? '');
    if (!grant || grant.provider !== 'zoho') {
      return answer(response, 401, { data: { errorCode: 'INVALID_OAUTHTOKEN' }, status: { code: 401 } });
    }
    const mailbox = options.zohoMailboxOf?.(grant.email) ?? grant.email;
    return answer(response, 200, {
      status: { code: 200, description: 'success' },
      data: [
        {
          accountId: '2560000000001',
          primaryEmailAddress: mailbox,
          incomingUserName: mailbox,
          emailAddress: [
            { isAlias: true, isPrimary: false, mailId: `alias.${mailbox}` },
            { isAlias: false, isPrimary: true, mailId: mailbox },
          ],
        },
      ],
    });
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
      const provider: OauthProvider = path.startsWith('/zoho/') ? 'zoho' : 'google';
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const authorization = request.headers.authorization ?? null;
      requests.push({ provider, path, form, authorization });
      if (request.method === 'POST' && path.endsWith('/token')) return token(provider, form, response);
      if (request.method === 'GET' && path === '/zoho/api/accounts')
        return zohoAccounts(authorization, response);
      answer(response, 404, { error: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    urls: {
      googleTokenUrl: `${base}/google/token`,
      zohoTokenUrl: `${base}/zoho/oauth/v2/token`,
      zohoAccountsUrl: `${base}/zoho/api/accounts`,
    },
    requests,
    issued,
    issueCode(provider, email, { expiresIn = 3599 } = {}) {
      serial += 1;
      const code = `${provider === 'google' ? '4/' : '1000.'}code-${serial}`;
      codes.set(code, { provider, email, expiresIn });
      return code;
    },
    revoke(refreshToken) {
      revoked.add(refreshToken);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
