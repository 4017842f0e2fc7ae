import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import type { AppEvents } from './events';
import { EventEmitter } from './events';
import { createHttpClient, LOADBOARD_PATH, REFRESH_PATH } from './http-client';
import type { RefreshedTokens, StoredTokens } from './token-storage';

// The spec's error catalogue, rule by rule, against a fake fetch.

const NOW = Date.parse('2026-11-21T15:04:00Z');
const LATER = '2026-12-21T15:04:00Z';
const EARLIER = '2026-11-21T15:03:59Z';

type Call = { url: string; method: string; authorization: string | null; body: string | null };
type Handler = (call: Call) => Response | Promise<Response>;

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(handler: Handler, tokens: Partial<StoredTokens> = {}) {
  let stored: StoredTokens | null = {
    access_token: 'old-access',
    refresh_token: 'refresh-1',
    access_token_expiration: LATER,
    refresh_token_expiration: LATER,
    ...tokens,
  };
  const calls: Call[] = [];
  const events = new EventEmitter<AppEvents>();
  const broadcast: ApiError[] = [];
  const mailLogouts: ApiError[] = [];
  let logouts = 0;
  events.on('handleError', (error) => broadcast.push(error));
  events.on('mail-provider-logout', (error) => mailLogouts.push(error));
  events.on('logout', () => {
    logouts += 1;
    stored = null;
  });

  const client = createHttpClient({
    fetch: async (url, init) => {
      const headers = new Headers(init.headers);
      const call: Call = {
        url,
        method: init.method ?? 'GET',
        authorization: headers.get('Authorization'),
        body: typeof init.body === 'string' ? init.body : null,
      };
      calls.push(call);
      return handler(call);
    },
    tokens: {
      read: () => stored,
      saveRefreshed: (refreshed: RefreshedTokens) => {
        stored = {
          access_token: refreshed.access,
          access_token_expiration: refreshed.access_token_expiration,
          refresh_token: refreshed.refresh ?? stored?.refresh_token ?? '',
          refresh_token_expiration:
            refreshed.refresh_token_expiration ?? stored?.refresh_token_expiration ?? '',
        };
      },
    },
    events,
    now: () => NOW,
  });

  return {
    client,
    calls,
    broadcast,
    mailLogouts,
    logouts: () => logouts,
    refreshCalls: () => calls.filter((call) => call.url === REFRESH_PATH),
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const refreshed = {
  access: 'new-access',
  access_token_expiration: LATER,
  refresh: 'refresh-2',
  refresh_token_expiration: LATER,
};

describe('http client', () => {
  it('sends the bearer token on every call, with and without a body', async () => {
    const { client, calls } = setup(() => json(200, { ok: true }));
    await client.get('/backend/api/users/my/');
    await client.post('/backend/api/users/requests/add/', { target_department: 'Carrier', resp_user: null });
    await client.put('/backend/api/v2/users/requests/1/reject');
    expect(calls.map((call) => call.authorization)).toEqual([
      'Bearer old-access',
      'Bearer old-access',
      'Bearer old-access',
    ]);
  });

  it('answers the parsed JSON body and sends query parameters', async () => {
    const { client, calls } = setup(() => json(200, { count: 1, results: [{ id: 7 }] }));
    const answer = await client.get('/backend/api/v2/loads/active', {
      query: { page: 2, limit: 25, q: undefined },
    });
    expect(answer).toEqual({ count: 1, results: [{ id: 7 }] });
    expect(calls[0]?.url).toBe('/backend/api/v2/loads/active?page=2&limit=25');
  });

  it('runs ONE shared refresh for concurrent 401s without a body and retries each once with the new bearer', async () => {
    const refreshAnswer = deferred<Response>();
    const { client, calls, refreshCalls, broadcast, logouts } = setup((call) => {
      if (call.url === REFRESH_PATH) return refreshAnswer.promise;
      if (call.authorization === 'Bearer old-access')
        return json(401, { detail: 'Token expired', code: 'token_expired' });
      return json(200, { url: call.url });
    });

    const requests = [
      client.get('/backend/api/users/my/'),
      client.get('/backend/api/v2/profile/me'),
      client.get('/backend/api/v2/working-groups/all'),
    ];
    // Let all three hit their 401 while the refresh is still on the wire.
    await new Promise((done) => setTimeout(done, 0));
    expect(refreshCalls()).toHaveLength(1);
    refreshAnswer.resolve(json(200, refreshed));

    await expect(Promise.all(requests)).resolves.toEqual([
      { url: '/backend/api/users/my/' },
      { url: '/backend/api/v2/profile/me' },
      { url: '/backend/api/v2/working-groups/all' },
    ]);
    expect(refreshCalls()).toHaveLength(1);
    expect(JSON.parse(refreshCalls()[0]?.body ?? '{}')).toEqual({ refresh: 'refresh-1' });
    const retries = calls.filter(
      (call) => call.url !== REFRESH_PATH && call.authorization === 'Bearer new-access',
    );
    expect(retries).toHaveLength(3);
    expect(broadcast).toEqual([]);
    expect(logouts()).toBe(0);
  });

  it('makes a request started during a refresh wait for it and use the new token', async () => {
    const refreshAnswer = deferred<Response>();
    const { client, calls } = setup((call) => {
      if (call.url === REFRESH_PATH) return refreshAnswer.promise;
      if (call.authorization === 'Bearer old-access')
        return json(401, { detail: 'Token expired', code: 'token_expired' });
      return json(200, {});
    });
    const first = client.get('/backend/api/users/my/');
    await new Promise((done) => setTimeout(done, 0));
    const second = client.get('/backend/api/v2/profile/me');
    await new Promise((done) => setTimeout(done, 0));
    expect(calls.filter((call) => call.url === '/backend/api/v2/profile/me')).toHaveLength(0);
    refreshAnswer.resolve(json(200, refreshed));
    await Promise.all([first, second]);
    expect(
      calls.filter((call) => call.url === '/backend/api/v2/profile/me').map((call) => call.authorization),
    ).toEqual(['Bearer new-access']);
  });

  it('retries only once: a second 401 after the refresh is returned to the caller', async () => {
    const { client, refreshCalls, calls } = setup((call) => {
      if (call.url === REFRESH_PATH) return json(200, refreshed);
      return json(401, { detail: 'No access', code: 'unauthorized' });
    });
    await expect(client.get('/backend/api/users/my/')).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls()).toHaveLength(1);
    expect(calls.filter((call) => call.url === '/backend/api/users/my/')).toHaveLength(2);
  });

  it('fails every waiting request and logs out once when the refresh fails', async () => {
    const { client, refreshCalls, logouts, broadcast } = setup((call) => {
      if (call.url === REFRESH_PATH) return json(401, { detail: 'Token is invalid', code: 'unauthorized' });
      return json(401, { detail: 'Token expired', code: 'token_expired' });
    });
    const results = await Promise.allSettled([
      client.get('/backend/api/users/my/'),
      client.get('/backend/api/v2/profile/me'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(refreshCalls()).toHaveLength(1);
    expect(logouts()).toBe(1);
    expect(broadcast.map((error) => error.status)).toEqual([401, 401]);
  });

  it('logs out on a 401 to a request that carries a body, without refreshing or replaying it', async () => {
    const { client, calls, refreshCalls, logouts, broadcast } = setup(() =>
      json(401, { detail: 'Token expired', code: 'token_expired' }),
    );
    await expect(
      client.post('/backend/api/users/requests/add/', { target_department: 'Carrier', resp_user: null }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(refreshCalls()).toHaveLength(0);
    expect(calls).toHaveLength(1);
    expect(logouts()).toBe(1);
    expect(broadcast.map((error) => error.status)).toEqual([401]);
  });

  it('logs out without calling the server when the refresh token has expired (UTC seconds)', async () => {
    const { client, calls, refreshCalls, logouts } = setup(
      () => json(401, { detail: 'Token expired', code: 'token_expired' }),
      { refresh_token_expiration: EARLIER },
    );
    await expect(client.get('/backend/api/users/my/')).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls()).toHaveLength(0);
    expect(calls).toHaveLength(1);
    expect(logouts()).toBe(1);
  });

  it('compares the refresh token expiration in whole UTC seconds', async () => {
    const sameSecondLater = new Date(NOW + 999).toISOString();
    const { client, refreshCalls, logouts } = setup(
      (call) => {
        if (call.url === REFRESH_PATH) return json(200, refreshed);
        if (call.authorization === 'Bearer old-access')
          return json(401, { detail: 'Token expired', code: 'x' });
        return json(200, {});
      },
      { refresh_token_expiration: new Date(NOW + 1000).toISOString() },
    );
    await client.get('/backend/api/users/my/');
    expect(refreshCalls()).toHaveLength(1);
    expect(logouts()).toBe(0);
    // Within the current second counts as expired: seconds are compared, not milliseconds.
    const second = setup(() => json(401, { detail: 'Token expired', code: 'x' }), {
      refresh_token_expiration: sameSecondLater,
    });
    await expect(second.client.get('/backend/api/users/my/')).rejects.toMatchObject({ status: 401 });
    expect(second.refreshCalls()).toHaveLength(0);
    expect(second.logouts()).toBe(1);
  });

  it('broadcasts a 400 as handleError and returns the error with status, detail, code and fields', async () => {
    const { client, broadcast } = setup(() =>
      json(400, {
        detail: 'Unable to log in with provided credentials.',
        code: 'validation_error',
        fields: { email: ['Email must be valid'] },
      }),
    );
    const failure = client.post(
      '/backend/api/v2/rest-auth/login/',
      { email: 'x', password: 'y' },
      { noRefresh: true },
    );
    await expect(failure).rejects.toMatchObject({
      status: 400,
      detail: 'Unable to log in with provided credentials.',
      code: 'validation_error',
      fields: { email: ['Email must be valid'] },
    });
    expect(broadcast).toHaveLength(1);
    expect(broadcast[0]?.status).toBe(400);
  });

  it('broadcasts other errors too (403, 404, 409, 500)', async () => {
    for (const status of [403, 404, 409, 500]) {
      const { client, broadcast } = setup(() => json(status, { detail: 'Nope', code: 'x' }));
      await expect(client.get('/backend/api/v2/loads/active')).rejects.toMatchObject({ status });
      expect(broadcast.map((error) => error.status)).toEqual([status]);
    }
  });

  it('keeps a 500 on the load board path silent, but still returns it to the caller', async () => {
    const { client, broadcast } = setup(() => json(500, { detail: 'Boom', code: 'internal_error' }));
    await expect(client.get(LOADBOARD_PATH, { query: { page: 1, limit: 100 } })).rejects.toMatchObject({
      status: 500,
    });
    expect(broadcast).toEqual([]);
    // Other statuses on the load board path are broadcast.
    const other = setup(() => json(400, { detail: 'Bad filter', code: 'validation_error' }));
    await expect(other.client.get(LOADBOARD_PATH)).rejects.toMatchObject({ status: 400 });
    expect(other.broadcast).toHaveLength(1);
  });

  it('raises the mail-provider logout event on google_invalid_credentials, then re-raises the error', async () => {
    const { client, mailLogouts } = setup(() =>
      json(400, { detail: 'Mailbox access revoked', type: 'google_invalid_credentials' }),
    );
    await expect(client.get('/backend/api/v2/email/chats/5')).rejects.toMatchObject({
      status: 400,
      code: 'google_invalid_credentials',
    });
    expect(mailLogouts).toHaveLength(1);
    const byCode = setup(() =>
      json(400, { detail: 'Mailbox access revoked', code: 'google_invalid_credentials' }),
    );
    await expect(byCode.client.get('/backend/api/v2/email/chats/5')).rejects.toBeInstanceOf(ApiError);
    expect(byCode.mailLogouts).toHaveLength(1);
  });

  it('broadcasts a network failure with no status (the unknown HTTP code message)', async () => {
    const { client, broadcast } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.get('/backend/api/users/my/')).rejects.toMatchObject({ status: undefined });
    expect(broadcast).toHaveLength(1);
    expect(broadcast[0]?.status).toBeUndefined();
  });

  it('does not broadcast statuses the caller shows itself, nor anything when silent', async () => {
    const { client, broadcast } = setup(() => json(400, { detail: 'Bad', code: 'validation_error' }));
    await expect(
      client.put('/backend/api/v2/profile/me/change-password', {}, { quietStatuses: [400] }),
    ).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      client.post('/backend/api/v2/rest-auth/logout/', {}, { silent: true }),
    ).rejects.toMatchObject({
      status: 400,
    });
    expect(broadcast).toEqual([]);
  });

  it('sends JSON bodies as JSON and answers undefined for 204', async () => {
    const { client, calls } = setup(() => new Response(null, { status: 204 }));
    await expect(
      client.put('/backend/api/v2/users/requests/3/approve', { role: 5 }),
    ).resolves.toBeUndefined();
    expect(calls[0]?.body).toBe('{"role":5}');
    expect(calls[0]?.method).toBe('PUT');
  });
});
