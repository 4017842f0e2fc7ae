import { ApiError } from './api-error';
import type { AppEvents, EventEmitter } from './events';
import type { RefreshedTokens, StoredTokens } from './token-storage';
import { isExpired } from './token-storage';

// The one way the web app talks to the API. It knows nothing about React so that its rules (the spec's
// error catalogue) can be tested with a fake fetch:
// - the bearer token goes on every call;
// - a 401 on a request without a body runs ONE shared token refresh; requests that fail meanwhile, and
//   requests started meanwhile, wait for it and are then sent again once with the new token;
// - if the refresh fails, or the refresh token has already expired (no call is made then), the waiting
//   requests fail and the user is logged out;
// - a 401 on a request that carries a body logs the user out (it is not replayed: it may not be idempotent);
// - failures are broadcast as 'handleError' and returned to the caller, except a 500 on the load board
//   path, which is silent;
// - an error of type google_invalid_credentials raises the mail-provider logout event, then is re-raised.

export const REFRESH_PATH = '/backend/api/v2/rest-auth/token/refresh/';
export const LOADBOARD_PATH = '/backend/api/v2/loads/loadboard';
export const GOOGLE_INVALID_CREDENTIALS = 'google_invalid_credentials';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  query?: QueryParams;
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** Statuses the caller shows itself (a form under its fields), so they are not broadcast. */
  quietStatuses?: readonly number[];
  /** Broadcast nothing at all (logout, background checks). */
  silent?: boolean;
  /** Sign-in, registration and logout: a 401 is returned as it is, with no refresh and no logout. */
  noRefresh?: boolean;
  /** Extra request headers, e.g. an Idempotency-Key for a create the user may retry. */
  headers?: Record<string, string>;
};

export type TokenAccess = {
  read(): StoredTokens | null;
  saveRefreshed(tokens: RefreshedTokens): void;
};

export type HttpClientDeps = {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  tokens: TokenAccess;
  events: Pick<EventEmitter<AppEvents>, 'emit'>;
  now: () => number;
};

export type HttpClient = ReturnType<typeof createHttpClient>;

/** Raised inside the refresh when there is nothing to refresh with. */
class SessionEndedError extends Error {}

function buildUrl(path: string, query: QueryParams | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function toFields(value: unknown): Record<string, string[]> | undefined {
  const record = asRecord(value);
  const fields: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(record)) {
    if (Array.isArray(messages)) fields[name] = messages.map(String);
    else if (typeof messages === 'string') fields[name] = [messages];
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

export async function toApiError(response: Response): Promise<ApiError> {
  const body = await readJson(response);
  const record = asRecord(body);
  const detail =
    typeof record.detail === 'string'
      ? record.detail
      : typeof record.message === 'string'
        ? record.message
        : typeof body === 'string' && body.length < 300
          ? body
          : response.statusText || `HTTP ${response.status}`;
  // Some providers name the error kind `type`, ours names it `code`.
  const code =
    typeof record.code === 'string' ? record.code : typeof record.type === 'string' ? record.type : '';
  return new ApiError({ status: response.status, detail, code, fields: toFields(record.fields) });
}

export function createHttpClient(deps: HttpClientDeps) {
  let refreshing: Promise<string> | null = null;

  function send(method: HttpMethod, path: string, options: RequestOptions, accessToken: string | null) {
    const headers = new Headers({ ...options.headers, Accept: 'application/json' });
    if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }
    return deps.fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  }

  /** One refresh at a time; every caller gets the same promise of a new access token. */
  function refreshAccessToken(): Promise<string> {
    refreshing ??= (async () => {
      try {
        const tokens = deps.tokens.read();
        if (!tokens?.refresh_token || isExpired(tokens.refresh_token_expiration, deps.now())) {
          throw new SessionEndedError('The refresh token has expired');
        }
        const response = await deps.fetch(REFRESH_PATH, {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: JSON.stringify({ refresh: tokens.refresh_token }),
          credentials: 'same-origin',
        });
        if (!response.ok) throw await toApiError(response);
        const refreshed = (await response.json()) as RefreshedTokens;
        deps.tokens.saveRefreshed(refreshed);
        return refreshed.access;
      } catch (error) {
        // Logged out once, however many requests were waiting.
        deps.events.emit('logout');
        throw error;
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /**
   * The token to retry a 401 with. When another request already refreshed while this one was on the wire,
   * the stored token is newer than the one sent and is used without refreshing again.
   */
  function tokenForRetry(sentToken: string | null): Promise<string> {
    const current = deps.tokens.read()?.access_token ?? null;
    if (!refreshing && current && current !== sentToken) return Promise.resolve(current);
    return refreshAccessToken();
  }

  function report(error: ApiError, path: string, options: RequestOptions): void {
    if (error.code === GOOGLE_INVALID_CREDENTIALS) {
      deps.events.emit('mail-provider-logout', error);
      return;
    }
    if (options.silent) return;
    if (error.status !== undefined && options.quietStatuses?.includes(error.status)) return;
    if (error.status === 500 && path.startsWith(LOADBOARD_PATH)) return;
    deps.events.emit('handleError', error);
  }

  async function sendOrFail(
    method: HttpMethod,
    path: string,
    options: RequestOptions,
    accessToken: string | null,
  ): Promise<Response> {
    try {
      return await send(method, path, options, accessToken);
    } catch (cause) {
      if (isAbort(cause)) throw cause;
      const error = new ApiError({ status: undefined, detail: 'Network error', code: 'network_error' });
      report(error, path, options);
      throw error;
    }
  }

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    if (refreshing && !options.noRefresh) await refreshing.catch(() => undefined);
    const sentToken = deps.tokens.read()?.access_token ?? null;
    let response = await sendOrFail(method, path, options, sentToken);

    if (response.status === 401 && !options.noRefresh) {
      if (options.body !== undefined) {
        const error = await toApiError(response);
        report(error, path, options);
        deps.events.emit('logout');
        throw error;
      }
      let freshToken: string;
      try {
        freshToken = await tokenForRetry(sentToken);
      } catch {
        const error = await toApiError(response);
        report(error, path, options);
        throw error;
      }
      response = await sendOrFail(method, path, options, freshToken);
    }

    if (!response.ok) {
      const error = await toApiError(response);
      report(error, path, options);
      throw error;
    }
    if (response.status === 204) return undefined as T;
    return (await readJson(response)) as T;
  }

  return {
    request,
    /**
     * The shared refresh, for the realtime socket after a close with 3008 (token expired): it joins a
     * refresh already running for HTTP requests, and a failure logs the user out the same way.
     */
    refreshAccessToken,
    get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('POST', path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PUT', path, { ...options, body }),
    patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PATCH', path, { ...options, body }),
    delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  };
}
