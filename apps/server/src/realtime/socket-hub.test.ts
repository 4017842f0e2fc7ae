import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { createInProcessEventBus, type EventBus } from './event-bus';
import { companyEvent, userEvent } from './events';
import { createSocketHub, type SocketHub, type SocketIdentity } from './socket-hub';
import { openSocket, type TestSocket } from './socket.fixtures';
import { testNotice } from '../../test/realtime-data';

// The hub on a plain ws server: what a socket gets while and after its token is checked.

let server: WebSocketServer;
let bus: EventBus;
let hub: SocketHub;
const accepted: WebSocket[] = [];
const clients: TestSocket[] = [];

beforeEach(async () => {
  bus = createInProcessEventBus();
  hub = createSocketHub({ bus, log: () => {} });
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  server.on('connection', (socket) => accepted.push(socket));
  await new Promise((resolve) => server.once('listening', resolve));
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  hub.close();
  accepted.length = 0;
  await new Promise((resolve) => server.close(resolve));
});

/** A client and the server side of its socket. */
async function pair(): Promise<{ client: TestSocket; socket: WebSocket }> {
  const client = await openSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  clients.push(client);
  await expect.poll(() => accepted.length).toBeGreaterThan(clients.length - 1);
  return { client, socket: accepted[accepted.length - 1]! };
}

const dispatcher: SocketIdentity = {
  userId: 10,
  companyId: 1,
  role: 5,
  isSuperuser: false,
  familyId: 'a-sign-in',
  expiresAt: Date.now() + 60_000,
};

describe('a socket whose token is being checked', () => {
  it('gets, once accepted, the events meant for it that were published meanwhile, then the live ones', async () => {
    const { client, socket } = await pair();
    const admission = hub.admit(socket);
    client.send({ event: 'ping' });
    await bus.publish(userEvent('new_notice', 1, [10], testNotice(1)));
    await bus.publish(userEvent('new_notice', 1, [11], testNotice(2)));
    await bus.publish(companyEvent('update_loads', 1, { ids: [3], action: 'edit' }));
    await bus.publish(companyEvent('update_loads', 2, { ids: [4], action: 'edit' }));
    await bus.publish(companyEvent('update_loadboard', 1, { load: { id: 5 } }, [7]));
    admission.accept(dispatcher);
    await bus.publish(userEvent('new_notice', 1, [10], testNotice(6)));
    await client.next((message) => message.event === 'pong');
    await client.next((message) => (message.data as { id?: unknown }).id === 6);
    expect(client.messages.filter((message) => message.event !== 'pong')).toEqual([
      { event: 'new_notice', data: testNotice(1) },
      { event: 'update_loads', data: { ids: [3], action: 'edit' } },
      { event: 'new_notice', data: testNotice(6) },
    ]);
    expect(hub.count(10)).toBe(1);
  });

  it('is closed with the refusal code and gets nothing when refused', async () => {
    const { client, socket } = await pair();
    const admission = hub.admit(socket);
    await bus.publish(companyEvent('update_loads', 1, { ids: [3], action: 'edit' }));
    admission.refuse(4003, 'Forbidden');
    expect(await client.closed).toEqual({ code: 4003, reason: 'Forbidden' });
    expect(client.messages).toEqual([]);
    expect(hub.count()).toBe(0);
  });

  it('is forgotten by the hub when it closes', async () => {
    const { client, socket } = await pair();
    hub.admit(socket).accept(dispatcher);
    expect(hub.count(10)).toBe(1);
    await client.close();
    await expect.poll(() => hub.count()).toBe(0);
  });
});

describe('closing the hub', () => {
  it('tells every socket the server is going away (1001), so clients reconnect', async () => {
    const { client, socket } = await pair();
    hub.admit(socket).accept(dispatcher);
    hub.close();
    expect(await client.closed).toEqual({ code: 1001, reason: 'Server shutting down' });
  });
});

describe('ending sign-ins', () => {
  it("closes with 3008 the sockets of the ended sign-ins only, and names each open socket's sign-in", async () => {
    const ended = await pair();
    hub.admit(ended.socket).accept(dispatcher);
    const kept = await pair();
    hub.admit(kept.socket).accept({ ...dispatcher, familyId: 'another-sign-in' });
    expect(hub.identities().map((identity) => identity.familyId)).toEqual(['a-sign-in', 'another-sign-in']);

    expect(hub.endSessions(['a-sign-in', 'unknown'])).toBe(1);
    expect(await ended.client.closed).toEqual({ code: 3008, reason: 'Session ended' });
    await expect.poll(() => hub.count(10)).toBe(1);
    expect(hub.identities()).toEqual([{ ...dispatcher, familyId: 'another-sign-in' }]);
    await bus.publish(companyEvent('update_loads', 1, { ids: [8], action: 'edit' }));
    await kept.client.next((message) => message.event === 'update_loads');
  });
});

/** The server side's writes to its TCP connection, recorded: cork and uncork, in order. */
function recordedStream(socket: WebSocket, calls: string[]) {
  const underlying = (socket as unknown as { _socket: { cork(): void; uncork(): void } })._socket;
  return {
    cork: () => {
      calls.push('cork');
      underlying.cork();
    },
    uncork: () => {
      calls.push('uncork');
      underlying.uncork();
    },
  };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('writing to a socket', () => {
  it('holds what one turn of the event loop sends a socket and writes it at once, in order', async () => {
    const { client, socket } = await pair();
    const calls: string[] = [];
    hub.admit(socket, recordedStream(socket, calls)).accept(dispatcher);
    // Three changes committed in one turn: published from the turn's callback, a promise and a tick.
    await new Promise<void>((resolve) => {
      setImmediate(() => {
        // (A tick runs before a promise's callback: 1, 2, 3 is the order they are published in.)
        void bus.publish(userEvent('new_notice', 1, [10], testNotice(1)));
        void Promise.resolve().then(() => bus.publish(userEvent('new_notice', 1, [10], testNotice(3))));
        process.nextTick(() => void bus.publish(userEvent('new_notice', 1, [10], testNotice(2))));
        setImmediate(resolve);
      });
    });
    await client.next((message) => (message.data as { id?: unknown }).id === 3);
    expect(calls).toEqual(['cork', 'uncork']);
    expect(client.messages.map((message) => (message.data as { id: unknown }).id)).toEqual([1, 2, 3]);
  });
});

describe('writing to a busy socket', () => {
  it('writes what later turns send it once the spacing has passed since its last write, together', async () => {
    hub.close();
    hub = createSocketHub({ bus, log: () => {}, writeSpacingMs: 200 });
    const { client, socket } = await pair();
    const calls: string[] = [];
    hub.admit(socket, recordedStream(socket, calls)).accept(dispatcher);
    await bus.publish(userEvent('new_notice', 1, [10], testNotice(1)));
    await client.next((message) => (message.data as { id?: unknown }).id === 1);
    const firstWrite = performance.now();
    // Two more changes, in two later turns: held until 200 ms after the first write, then written together.
    await bus.publish(userEvent('new_notice', 1, [10], testNotice(2)));
    await nextTurn();
    await bus.publish(userEvent('new_notice', 1, [10], testNotice(3)));
    await nextTurn();
    expect(calls).toEqual(['cork', 'uncork', 'cork']);
    expect(client.messages).toHaveLength(1);
    await client.next((message) => (message.data as { id?: unknown }).id === 3);
    expect(performance.now() - firstWrite).toBeGreaterThanOrEqual(100);
    expect(calls).toEqual(['cork', 'uncork', 'cork', 'uncork']);
    expect(client.messages.map((message) => (message.data as { id: unknown }).id)).toEqual([1, 2, 3]);
  });
});
