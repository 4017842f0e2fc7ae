// The realtime socket of the signed-in shell, without React so that its rules can be tested with a fake
// socket and fake timers:
// - it connects to /ws/company/{company_hash}/?access_token=... on the page's own host (ws, or wss on https);
// - messages are JSON {event, data}; the data is checked against the domain's schema of its event
//   (REALTIME_EVENT_DATA) and handed, typed, to the handlers of its event and to the handlers of every
//   message (the app's live queries). An unknown event or data of the wrong shape is skipped, with a
//   warning in development only; a failing handler does not keep the message from the others;
// - a dropped connection is opened again 5 seconds later (the spec's reconnect delay);
// - a close with 3008 (access token expired) refreshes the token first, through the HTTP client's shared
//   refresh, and a token already known to be expired is refreshed before connecting;
// - 4001 (bad token) and 4003 (another company) are refusals that another try with the same session cannot
//   change: the client stops and logs it (the HTTP client ends a session whose token is really bad);
// - when it opens again after a drop, the reconnect listeners run, so that what is on screen is fetched
//   again and nothing sent meanwhile is missed;
// - the client may send JSON events while it is open.

import {
  parseRealtimeMessage,
  REALTIME_EVENT_NAMES,
  type RealtimeEventData,
  type RealtimeEventName,
  type RealtimeMessage,
} from '@app/domain/realtime/realtime.schema';

export const SOCKET_RECONNECT_DELAY_MS = 5_000;
export const CLOSE_TOKEN_EXPIRED = 3008;
export const CLOSE_BAD_TOKEN = 4001;
export const CLOSE_FORBIDDEN = 4003;
/** A normal close the client asked for itself (logout, another company). */
export const CLOSE_NORMAL = 1000;

/** The events the server sends (the spec's and the product's own): the domain's one list. */
export const SOCKET_EVENTS = REALTIME_EVENT_NAMES;
export type SocketEventName = RealtimeEventName;

export type SocketMessage = { event: string; data: unknown };

/** A JSON text {event, data} as a message; anything else is null. A message without data has data null. */
export function parseSocketMessage(raw: unknown): SocketMessage | null {
  if (typeof raw !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { event, data } = value as Record<string, unknown>;
  if (typeof event !== 'string' || event === '') return null;
  return { event, data: data ?? null };
}

/** The socket address on the page's own host: the web app, the API and the socket share one origin. */
export function socketUrl(
  origin: { protocol: string; host: string },
  companyHash: string,
  accessToken: string,
): string {
  const scheme = origin.protocol === 'https:' ? 'wss' : 'ws';
  const hash = encodeURIComponent(companyHash);
  return `${scheme}://${origin.host}/ws/company/${hash}/?access_token=${encodeURIComponent(accessToken)}`;
}

export type CloseDecision =
  | { kind: 'reconnect'; delayMs: number; refreshTokenFirst: boolean }
  | { kind: 'stop'; reason: 'stopped' | 'refused' };

/** What follows a close: the reconnect policy. */
export function decideAfterClose(code: number, stoppedByClient: boolean): CloseDecision {
  if (stoppedByClient) return { kind: 'stop', reason: 'stopped' };
  if (code === CLOSE_BAD_TOKEN || code === CLOSE_FORBIDDEN) return { kind: 'stop', reason: 'refused' };
  return {
    kind: 'reconnect',
    delayMs: SOCKET_RECONNECT_DELAY_MS,
    refreshTokenFirst: code === CLOSE_TOKEN_EXPIRED,
  };
}

export type SocketEventHandler<Name extends RealtimeEventName> = (
  data: RealtimeEventData<Name>,
  event: Name,
) => void;
export type SocketMessageHandler = (message: RealtimeMessage) => void;

type Log = (message: string, detail?: unknown) => void;

/** Console warnings in development only: a production console stays quiet about events it does not know. */
function warnInDevelopment(message: string, detail?: unknown): void {
  if (import.meta.env.DEV) console.warn(message, detail ?? '');
}

/**
 * Hands each message, checked, to the handlers of its event and to the handlers of every message. `log`
 * reports failures of the app's own handlers; `warn` reports messages skipped for their shape.
 */
export function createSocketDispatcher(log: Log = logToConsole, warn: Log = warnInDevelopment) {
  const handlers = new Map<RealtimeEventName, Set<(message: RealtimeMessage) => void>>();
  const everyMessage = new Set<SocketMessageHandler>();

  function on<Name extends RealtimeEventName>(event: Name, handler: SocketEventHandler<Name>): () => void {
    let set = handlers.get(event);
    if (!set) {
      set = new Set();
      handlers.set(event, set);
    }
    // The set holds handlers of this event only, so the message's data is this event's.
    const listener = (message: RealtimeMessage) => handler(message.data as RealtimeEventData<Name>, event);
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  function onMessage(handler: SocketMessageHandler): () => void {
    everyMessage.add(handler);
    return () => {
      everyMessage.delete(handler);
    };
  }

  /** Answers the message handed out, or null when it was skipped. */
  function dispatch(raw: unknown): RealtimeMessage | null {
    const json = parseSocketMessage(raw);
    if (!json) {
      warn('realtime: a message that is not JSON {event, data} was skipped', raw);
      return null;
    }
    const message = parseRealtimeMessage(json);
    if (!message) {
      warn(`realtime: an unknown event or malformed data of ${json.event} was skipped`, json.data);
      return null;
    }
    const listeners = [...(handlers.get(message.event) ?? []), ...everyMessage];
    for (const handler of listeners) {
      try {
        handler(message);
      } catch (error) {
        log(`realtime: a handler of ${message.event} failed`, error);
      }
    }
    return message;
  }

  return { on, onMessage, dispatch };
}

/** The part of the browser's WebSocket the client uses. */
export type SocketLike = {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
};

const SOCKET_OPEN = 1;

export type SocketStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'stopped';

export type SocketClientDeps = {
  companyHash: string;
  origin: { protocol: string; host: string };
  createSocket: (url: string) => SocketLike;
  /** The stored access token, or null when signed out. */
  accessToken: () => string | null;
  /** Whether the stored access token is already past its expiration. */
  accessTokenExpired: () => boolean;
  /** The HTTP client's shared refresh; it logs the user out when it fails. */
  refreshAccessToken: () => Promise<string>;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  log?: (message: string, detail?: unknown) => void;
  /** Skipped messages (unknown event, malformed data); by default a console warning in development. */
  warn?: (message: string, detail?: unknown) => void;
};

export type SocketClient = ReturnType<typeof createSocketClient>;

function logToConsole(message: string, detail?: unknown): void {
  // The spec: socket errors are only logged.
  console.warn(message, detail ?? '');
}

export function createSocketClient(deps: SocketClientDeps) {
  const log = deps.log ?? logToConsole;
  const setTimer = deps.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer = deps.clearTimer ?? ((timer: unknown) => clearTimeout(timer as number));
  const dispatcher = createSocketDispatcher(log, deps.warn ?? warnInDevelopment);
  const reconnectListeners = new Set<() => void>();
  const statusListeners = new Set<(status: SocketStatus) => void>();

  let socket: SocketLike | null = null;
  let timer: unknown = null;
  let running = false;
  let openedBefore = false;
  /** The refresh started by a close with 3008; the next connect uses its token. */
  let pendingRefresh: Promise<string> | null = null;
  /** Bumped on start and stop, so that a connect that was waiting for a refresh knows it is outdated. */
  let generation = 0;
  let status: SocketStatus = 'idle';

  function setStatus(next: SocketStatus): void {
    if (next === status) return;
    status = next;
    for (const listener of [...statusListeners]) listener(next);
  }

  function scheduleConnect(delayMs: number): void {
    if (timer !== null) clearTimer(timer);
    timer = setTimer(() => {
      timer = null;
      void connect();
    }, delayMs);
  }

  async function connect(): Promise<void> {
    const mine = generation;
    setStatus(openedBefore ? 'reconnecting' : 'connecting');
    let token = deps.accessToken();
    if (pendingRefresh || !token || deps.accessTokenExpired()) {
      try {
        token = await (pendingRefresh ?? deps.refreshAccessToken());
      } catch (error) {
        // The HTTP client has ended the session; there is nothing to connect with.
        log('realtime: the access token could not be refreshed', error);
        if (mine === generation) stopWith('stopped');
        return;
      } finally {
        pendingRefresh = null;
      }
    }
    if (mine !== generation || !running) return;

    let opened: SocketLike;
    try {
      opened = deps.createSocket(socketUrl(deps.origin, deps.companyHash, token));
    } catch (error) {
      log('realtime: the socket could not be created', error);
      scheduleConnect(SOCKET_RECONNECT_DELAY_MS);
      return;
    }
    socket = opened;
    opened.onopen = () => {
      if (socket !== opened) return;
      const reconnected = openedBefore;
      openedBefore = true;
      setStatus('open');
      if (reconnected) {
        for (const listener of [...reconnectListeners]) {
          try {
            listener();
          } catch (error) {
            log('realtime: a reconnect listener failed', error);
          }
        }
      }
    };
    opened.onmessage = (event) => {
      if (socket === opened) dispatcher.dispatch(event.data);
    };
    opened.onerror = (event) => {
      // A close follows; the error itself is only logged.
      if (socket === opened) log('realtime: socket error', event);
    };
    opened.onclose = (event) => {
      if (socket !== opened) return;
      socket = null;
      const decision = decideAfterClose(event.code, !running);
      if (decision.kind === 'stop') {
        if (decision.reason === 'refused') {
          log(`realtime: the server refused the socket (close code ${event.code})`);
        }
        stopWith('stopped');
        return;
      }
      if (decision.refreshTokenFirst) {
        // Refreshed at once, so that the HTTP calls of the page share it; the socket waits its 5 seconds.
        pendingRefresh = deps.refreshAccessToken();
        pendingRefresh.catch(() => undefined);
      }
      setStatus('reconnecting');
      scheduleConnect(decision.delayMs);
    };
  }

  function stopWith(next: SocketStatus): void {
    running = false;
    generation += 1;
    pendingRefresh = null;
    if (timer !== null) {
      clearTimer(timer);
      timer = null;
    }
    const closing = socket;
    socket = null;
    if (closing) {
      closing.onopen = null;
      closing.onmessage = null;
      closing.onerror = null;
      closing.onclose = null;
      try {
        closing.close(CLOSE_NORMAL, 'client stopped');
      } catch {
        // close() with a valid code does not throw; guarded so that stopping always completes.
      }
    }
    setStatus(next);
  }

  return {
    /** Connects now; does nothing when already running. */
    start: (): void => {
      if (running) return;
      running = true;
      generation += 1;
      openedBefore = false;
      void connect();
    },
    /** Closes the socket and cancels any reconnect (logout, leaving the shell). */
    stop: (): void => {
      stopWith('stopped');
    },
    /** Sends a JSON event; answers false when the socket is not open (the event is dropped). */
    send: (event: string, data: unknown = {}): boolean => {
      if (!socket || socket.readyState !== SOCKET_OPEN) return false;
      socket.send(JSON.stringify({ event, data }));
      return true;
    },
    /** Calls the handler with the checked data of each `event`; answers the unsubscribe. */
    on: dispatcher.on,
    /** Calls the handler with every checked message, whatever its event; answers the unsubscribe. */
    onMessage: dispatcher.onMessage,
    /** Runs after each reopening that follows a drop (not after the first opening). */
    onReconnect: (listener: () => void): (() => void) => {
      reconnectListeners.add(listener);
      return () => {
        reconnectListeners.delete(listener);
      };
    },
    onStatus: (listener: (status: SocketStatus) => void): (() => void) => {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
    status: () => status,
  };
}
