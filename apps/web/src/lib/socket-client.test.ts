import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/test/fake-web-socket';
import {
  CLOSE_BAD_TOKEN,
  CLOSE_FORBIDDEN,
  CLOSE_TOKEN_EXPIRED,
  SOCKET_EVENTS,
  SOCKET_RECONNECT_DELAY_MS,
  createSocketClient,
  createSocketDispatcher,
  decideAfterClose,
  parseSocketMessage,
  socketUrl,
} from './socket-client';
import type { SocketClientDeps } from './socket-client';

describe('socket messages', () => {
  it('reads JSON {event, data}', () => {
    expect(parseSocketMessage('{"event":"new_notice","data":{"id":5}}')).toEqual({
      event: 'new_notice',
      data: { id: 5 },
    });
    expect(parseSocketMessage('{"event":"update_loads"}')).toEqual({ event: 'update_loads', data: null });
  });

  it('refuses what is not a message', () => {
    for (const raw of [
      'not json',
      '[1,2]',
      '"text"',
      '{"data":{}}',
      '{"event":""}',
      '{"event":3}',
      null,
      7,
    ]) {
      expect(parseSocketMessage(raw)).toBeNull();
    }
  });

  it("knows the 18 events of the spec and the product's own nine", () => {
    expect(SOCKET_EVENTS).toHaveLength(27);
    expect(new Set(SOCKET_EVENTS).size).toBe(27);
    for (const own of [
      'update_units',
      'driver_portal_update',
      'update_email_postings',
      'sms_bulk_progress',
      'update_incentives',
      'update_accounting',
      'update_working_groups',
      'update_users',
      'update_company',
    ])
      expect(SOCKET_EVENTS).toContain(own);
    expect(SOCKET_EVENTS).toContain('new_notice');
    expect(SOCKET_EVENTS).toContain('location_status_change');
  });

  it('hands each message, checked, to the handlers of its event and to the handlers of every message', () => {
    const log = vi.fn();
    const warn = vi.fn();
    const dispatcher = createSocketDispatcher(log, warn);
    const reads: unknown[] = [];
    const all: string[] = [];
    const off = dispatcher.on('read_notice', (data) => reads.push(data));
    dispatcher.onMessage((message) => all.push(message.event));
    dispatcher.dispatch('{"event":"read_notice","data":{"id":1}}');
    dispatcher.dispatch('{"event":"update_loads","data":{"ids":[300],"action":"change_price"}}');
    off();
    dispatcher.dispatch('{"event":"read_notice","data":{"id":2}}');
    expect(reads).toEqual([{ id: 1 }]);
    expect(all).toEqual(['read_notice', 'update_loads', 'read_notice']);
    expect(log).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('skips, with a warning, an unknown event and data that does not match its event', () => {
    const log = vi.fn();
    const warn = vi.fn();
    const dispatcher = createSocketDispatcher(log, warn);
    const all: string[] = [];
    dispatcher.onMessage((message) => all.push(message.event));
    expect(dispatcher.dispatch('{"event":"reboot","data":{}}')).toBeNull();
    expect(dispatcher.dispatch('{"event":"car_status_change","data":{"id":7}}')).toBeNull();
    expect(dispatcher.dispatch('{"event":"update_loads","data":{"ids":"300","action":"edit"}}')).toBeNull();
    expect(dispatcher.dispatch('}{')).toBeNull();
    expect(all).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(4);
    expect(log).not.toHaveBeenCalled();
  });

  it('logs a failing handler; it does not stop the others', () => {
    const log = vi.fn();
    const dispatcher = createSocketDispatcher(log, vi.fn());
    const seen: unknown[] = [];
    dispatcher.on('read_notice', () => {
      throw new Error('broken');
    });
    dispatcher.on('read_notice', (data) => seen.push(data));
    dispatcher.dispatch('{"event":"read_notice","data":{"id":3}}');
    expect(seen).toEqual([{ id: 3 }]);
    expect(log).toHaveBeenCalledTimes(1);
  });
});

describe('socket address', () => {
  it('is /ws/company/{company_hash}/ with the access token, ws on http and wss on https', () => {
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:8080' }, 'abc123', 'tok.en')).toBe(
      'ws://127.0.0.1:8080/ws/company/abc123/?access_token=tok.en',
    );
    expect(socketUrl({ protocol: 'https:', host: 'app.example.com' }, 'a b', 'x+y')).toBe(
      'wss://app.example.com/ws/company/a%20b/?access_token=x%2By',
    );
  });
});

describe('reconnect policy', () => {
  it('reconnects 5000 ms after a drop; 3008 refreshes the token first', () => {
    expect(SOCKET_RECONNECT_DELAY_MS).toBe(5000);
    expect(decideAfterClose(1006, false)).toEqual({
      kind: 'reconnect',
      delayMs: 5000,
      refreshTokenFirst: false,
    });
    expect(decideAfterClose(1001, false)).toEqual({
      kind: 'reconnect',
      delayMs: 5000,
      refreshTokenFirst: false,
    });
    expect(decideAfterClose(CLOSE_TOKEN_EXPIRED, false)).toEqual({
      kind: 'reconnect',
      delayMs: 5000,
      refreshTokenFirst: true,
    });
  });

  it('stops on 4001 and 4003, and when the client closed it itself', () => {
    expect(decideAfterClose(CLOSE_BAD_TOKEN, false)).toEqual({ kind: 'stop', reason: 'refused' });
    expect(decideAfterClose(CLOSE_FORBIDDEN, false)).toEqual({ kind: 'stop', reason: 'refused' });
    expect(decideAfterClose(1006, true)).toEqual({ kind: 'stop', reason: 'stopped' });
  });
});

describe('socket client', () => {
  let token: string;
  let expired: boolean;
  let refresh: ReturnType<typeof vi.fn<() => Promise<string>>>;
  let log: ReturnType<typeof vi.fn<(message: string, detail?: unknown) => void>>;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.instances = [];
    token = 'access-1';
    expired = false;
    refresh = vi.fn(() => {
      token = `access-${Number(token.split('-')[1]) + 1}`;
      return Promise.resolve(token);
    });
    log = vi.fn<(message: string, detail?: unknown) => void>();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function makeClient(overrides: Partial<SocketClientDeps> = {}) {
    return createSocketClient({
      companyHash: 'hash-1',
      origin: { protocol: 'http:', host: 'localhost:8080' },
      createSocket: (url) => new FakeWebSocket(url),
      accessToken: () => token,
      accessTokenExpired: () => expired,
      refreshAccessToken: refresh,
      log,
      ...overrides,
    });
  }

  /** Lets the promise callbacks (a refresh) run. */
  const settle = () => vi.advanceTimersByTimeAsync(0);

  it('connects at start to the company socket with the stored token and hands messages out', async () => {
    const client = makeClient();
    const received: unknown[] = [];
    client.on('read_notice', (data) => received.push(data));
    client.start();
    await settle();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.last().url).toBe('ws://localhost:8080/ws/company/hash-1/?access_token=access-1');
    expect(client.status()).toBe('connecting');
    FakeWebSocket.last().open();
    expect(client.status()).toBe('open');
    FakeWebSocket.last().receive({ event: 'read_notice', data: { id: 9 } });
    expect(received).toEqual([{ id: 9 }]);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('opens again 5 seconds after a drop, not before, and runs the reconnect listeners then', async () => {
    const client = makeClient();
    const reconnected = vi.fn();
    client.onReconnect(reconnected);
    client.start();
    await settle();
    FakeWebSocket.last().open();
    expect(reconnected).not.toHaveBeenCalled();

    FakeWebSocket.last().serverClose(1006);
    expect(client.status()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(4999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(reconnected).not.toHaveBeenCalled();
    FakeWebSocket.last().open();
    expect(reconnected).toHaveBeenCalledTimes(1);
  });

  it('keeps trying every 5 seconds while the server is away', async () => {
    const client = makeClient();
    client.start();
    await settle();
    FakeWebSocket.last().serverClose(1006);
    for (let attempt = 2; attempt <= 4; attempt += 1) {
      await vi.advanceTimersByTimeAsync(5000);
      expect(FakeWebSocket.instances).toHaveLength(attempt);
      FakeWebSocket.last().serverClose(1006);
    }
  });

  it('on 3008 refreshes the token at once and reconnects with the new one', async () => {
    const client = makeClient();
    client.start();
    await settle();
    FakeWebSocket.last().open();
    FakeWebSocket.last().serverClose(CLOSE_TOKEN_EXPIRED);
    await settle();
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.last().accessToken).toBe('access-2');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('refreshes first when the stored token has already expired', async () => {
    expired = true;
    const client = makeClient();
    client.start();
    await settle();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(FakeWebSocket.last().accessToken).toBe('access-2');
  });

  it('stops when the refresh fails (the session has ended)', async () => {
    refresh.mockRejectedValue(new Error('refresh token expired'));
    const client = makeClient();
    client.start();
    await settle();
    FakeWebSocket.last().serverClose(CLOSE_TOKEN_EXPIRED);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(client.status()).toBe('stopped');
  });

  it.each([CLOSE_BAD_TOKEN, CLOSE_FORBIDDEN])('does not reconnect after %i and logs it', async (code) => {
    const client = makeClient();
    client.start();
    await settle();
    FakeWebSocket.last().serverClose(code);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(client.status()).toBe('stopped');
    expect(log).toHaveBeenCalledWith(`realtime: the server refused the socket (close code ${code})`);
  });

  it('stop closes the socket and cancels a pending reconnect; start connects again', async () => {
    const client = makeClient();
    client.start();
    await settle();
    const first = FakeWebSocket.last();
    first.open();
    client.stop();
    expect(first.closedByClient).toBe(1000);
    expect(client.status()).toBe('stopped');

    client.start();
    await settle();
    FakeWebSocket.last().serverClose(1006);
    client.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('sends JSON events only while open', async () => {
    const client = makeClient();
    client.start();
    await settle();
    expect(client.send('ping', {})).toBe(false);
    FakeWebSocket.last().open();
    expect(client.send('mark_read', { id: 4 })).toBe(true);
    expect(FakeWebSocket.last().sent).toEqual(['{"event":"mark_read","data":{"id":4}}']);
  });

  it('ignores a message of an old socket after it was replaced', async () => {
    const client = makeClient();
    const received: unknown[] = [];
    client.on('read_notice', (data) => received.push(data));
    client.start();
    await settle();
    const old = FakeWebSocket.last();
    old.serverClose(1006);
    await vi.advanceTimersByTimeAsync(5000);
    old.receive({ event: 'read_notice', data: { id: 1 } });
    FakeWebSocket.last().receive({ event: 'read_notice', data: { id: 2 } });
    expect(received).toEqual([{ id: 2 }]);
  });
});
