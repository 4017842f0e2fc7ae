// A websocket client for the realtime integration tests (and the two-process test): it records every
// message and close, and waits for what a test expects.
import { WebSocket } from 'ws';

export type SocketMessage = { event: string; data: unknown };
export type SocketClose = { code: number; reason: string };

export type TestSocket = {
  ws: WebSocket;
  /** Every JSON message received, in order. */
  messages: SocketMessage[];
  /** Resolves when the socket closes, with the code and reason the client saw. */
  closed: Promise<SocketClose>;
  /** The first message (already received or still to come) that matches; fails after `timeoutMs`. */
  next(match: (message: SocketMessage) => boolean, timeoutMs?: number): Promise<SocketMessage>;
  /** Messages of one event name received so far. */
  events(event: string): SocketMessage[];
  send(message: unknown): void;
  close(): Promise<void>;
};

export function socketUrl(base: string, companyHash: string, token: string | null, slash = true): string {
  const url = new URL(`/ws/company/${encodeURIComponent(companyHash)}${slash ? '/' : ''}`, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (token !== null) url.searchParams.set('access_token', token);
  return url.toString();
}

/**
 * Opens a socket and resolves once it is open (a refused one opens too: the server closes it with a
 * code). `autoPong: false` makes a client that ignores pings, like a dead peer.
 */
export function openSocket(url: string, options: { autoPong?: boolean } = {}): Promise<TestSocket> {
  const ws = new WebSocket(url, { autoPong: options.autoPong ?? true });
  const messages: SocketMessage[] = [];
  const waiters = new Set<() => void>();
  const closed = new Promise<SocketClose>((resolve) => {
    ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const waiter of waiters) waiter();
    });
  });
  ws.on('message', (raw: Buffer) => {
    messages.push(JSON.parse(raw.toString()) as SocketMessage);
    for (const waiter of waiters) waiter();
  });

  const socket: TestSocket = {
    ws,
    messages,
    closed,
    next(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (found) {
            done();
            resolve(found);
          } else if (ws.readyState === ws.CLOSED) {
            done();
            reject(new Error(`The socket closed before the expected message came`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(
            new Error(
              `No expected message within ${timeoutMs} ms; got ${JSON.stringify(messages.map((m) => m.event))}`,
            ),
          );
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    events(event) {
      return messages.filter((message) => message.event === event);
    },
    send(message) {
      ws.send(typeof message === 'string' ? message : JSON.stringify(message));
    },
    async close() {
      if (ws.readyState === ws.CLOSED) return;
      ws.close();
      await closed;
    },
  };

  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('error', reject);
  });
}

/** Opens a socket that the server is expected to refuse, and answers its close code and reason. */
export async function refusal(url: string): Promise<SocketClose> {
  const socket = await openSocket(url);
  return socket.closed;
}
