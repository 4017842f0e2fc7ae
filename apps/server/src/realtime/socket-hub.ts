import type { RoleId } from '@app/domain/common/lookups';
import type { WebSocket } from 'ws';
import type { EventBus, RealtimeEvent } from './event-bus';
import { SOCKET_CLOSE, SOCKET_CLOSE_REASONS } from './socket-close';

export { SOCKET_CLOSE, SOCKET_CLOSE_REASONS } from './socket-close';

/** Who is on the other end of a socket, fixed when it connects. */
export type SocketIdentity = {
  userId: number;
  companyId: number;
  role: RoleId | null;
  isSuperuser: boolean;
  /** The sign-in (refresh-token family) of the access token it connected with. */
  familyId: string;
  /** When the access token it connected with expires (ms since the epoch). */
  expiresAt: number;
};

/** The connection under a websocket (the upgraded request's TCP socket): its writes can be held together. */
export type SocketStream = { cork(): void; uncork(): void };

type Connection = SocketIdentity & {
  socket: WebSocket;
  stream: SocketStream | undefined;
  /** A pong (or any message) arrived since the last ping. */
  alive: boolean;
  /** When its held frames were last written (performance.now()). */
  writtenAt: number;
};

export type SocketHubOptions = {
  bus: EventBus;
  /**
   * How often sockets are pinged. A socket that has not answered the previous ping by the next one is
   * dead (a laptop closed, a network gone) and is terminated; one whose token has expired is closed
   * with 3008.
   */
  pingIntervalMs?: number;
  /** A socket whose unsent data grows beyond this is a client that cannot keep up: it is dropped. */
  maxBufferedBytes?: number;
  /** The least time between two writes to a busy socket (see send()). */
  writeSpacingMs?: number;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
};

/** A socket whose token is being checked. */
export type Admission = {
  /**
   * Starts delivering to the socket. The events published since it was admitted that are meant for it
   * are sent first, and the messages it sent meanwhile are answered: a client that refetches once the
   * socket is open misses nothing that happened after it opened.
   */
  accept(identity: SocketIdentity): void;
  /** Closes the socket with a refusal code. */
  refuse(code: number, reason: string): void;
};

export type SocketHub = {
  /**
   * Holds what a new socket should not miss while its token is checked; then accept or refuse it. With
   * the connection under it (`stream`), the frames the socket gets in one turn of the event loop (a chat
   * message and its notification) leave in one write.
   */
  admit(socket: WebSocket, stream?: SocketStream): Admission;
  /** Open sockets, all or of one user. */
  count(userId?: number): number;
  /** Pings, terminates dead sockets and closes those with expired tokens (also run by the timer). */
  sweep(): void;
  /** Who is on the open sockets, one entry a socket: what the check of ended sign-ins asks about. */
  identities(): SocketIdentity[];
  /** Closes with 3008 the open sockets whose identity matches (see SOCKET_CLOSE.sessionEnded); answers how many. */
  endWhere(match: (identity: SocketIdentity) => boolean): number;
  /** Closes with 3008 the sockets of these sign-ins, which this server has just ended. */
  endSessions(familyIds: readonly string[]): number;
  /** Closes every socket and stops listening to the bus. */
  close(): void;
};

export const DEFAULT_PING_INTERVAL_MS = 30_000;
const DEFAULT_MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Messages a client sends before its token is checked are kept (up to this many) and answered after. */
const MAX_EARLY_MESSAGES = 16;
/** See send(): the least time between two writes to a busy socket. */
const DEFAULT_WRITE_SPACING_MS = 10;
/** Events kept for a socket whose token is being checked; beyond this it is told to reconnect and refetch. */
const MAX_PENDING_EVENTS = 1_000;

/** What a client may send: JSON `{ event, data }`. Only `ping` has an answer; anything else is ignored. */
function clientEventName(raw: Buffer): string | null {
  try {
    const message: unknown = JSON.parse(raw.toString('utf8'));
    if (typeof message !== 'object' || message === null) return null;
    const { event } = message as { event?: unknown };
    return typeof event === 'string' ? event : null;
  } catch {
    return null;
  }
}

function addTo(index: Map<number, Set<Connection>>, key: number, connection: Connection): void {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  set.add(connection);
}

function removeFrom(index: Map<number, Set<Connection>>, key: number, connection: Connection): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(connection);
  if (set.size === 0) index.delete(key);
}

/**
 * Delivers bus events to the sockets of this process. Sockets are indexed by company and by user, so an
 * event touches only the sockets it may reach; its JSON is made once and the same bytes go to every
 * socket. A company event reaches the company's sockets of the roles it names; a user event only the
 * sockets of its users (and only within its company).
 *
 * A socket's identity (role, company, sign-in) is the one it connected with; the socket is closed with 3008
 * when its token expires, and sooner when its sign-in ends or its user changes (endWhere, endSessions: the
 * session watch and the auth service decide when).
 */
export function createSocketHub(options: SocketHubOptions): SocketHub {
  const { bus } = options;
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message, error) => console.error(message, error ?? ''));
  const maxBufferedBytes = options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
  const writeSpacingMs = options.writeSpacingMs ?? DEFAULT_WRITE_SPACING_MS;
  const byCompany = new Map<number, Set<Connection>>();
  const byUser = new Map<number, Set<Connection>>();
  /** The events published while each admitted socket's token is checked (a few milliseconds). */
  const pending = new Set<RealtimeEvent[]>();
  let connections = 0;

  function mayReceive(connection: Connection, event: RealtimeEvent): boolean {
    if (connection.companyId !== event.companyId) return false;
    if (event.roles === undefined || connection.isSuperuser) return true;
    return connection.role !== null && event.roles.includes(connection.role);
  }

  // A socket's frames are held (its TCP connection corked) and written together: those of one turn of the
  // event loop always (the events of a change are published one after another without waiting, so a
  // message to 50 members and their 49 notifications are 50 writes, not 99); and a socket written to less
  // than writeSpacingMs ago is written to again only then, so that under load the changes of several
  // turns share a write. A socket that was quiet gets its frames at the end of the turn, at once.
  /** Connections to write to at the end of this turn. */
  const dueNow = new Set<Connection>();
  /** Connections to write to when the spacing timer fires. */
  const dueLater = new Set<Connection>();
  let spacingTimer: ReturnType<typeof setTimeout> | null = null;

  function flush(due: Set<Connection>): void {
    const at = performance.now();
    for (const connection of due) {
      connection.writtenAt = at;
      try {
        connection.stream?.uncork();
      } catch (error) {
        log('realtime: could not flush a socket', error);
      }
    }
    due.clear();
  }
  const flushNow = () => flush(dueNow);
  const flushLater = () => {
    spacingTimer = null;
    flush(dueLater);
  };

  function send(connection: Connection, frame: Buffer): void {
    const { socket, stream } = connection;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > maxBufferedBytes) {
      // It will reconnect and refetch; holding ever more unsent events for it would only cost memory.
      socket.terminate();
      return;
    }
    if (stream && !dueNow.has(connection) && !dueLater.has(connection)) {
      stream.cork();
      const wait = connection.writtenAt + writeSpacingMs - performance.now();
      if (wait <= 0) {
        dueNow.add(connection);
        if (dueNow.size === 1) setImmediate(flushNow);
      } else {
        dueLater.add(connection);
        spacingTimer ??= setTimeout(flushLater, wait);
      }
    }
    socket.send(frame, { binary: false });
  }

  function frameOf(event: RealtimeEvent): Buffer {
    return Buffer.from(JSON.stringify({ event: event.event, data: event.data }));
  }

  function deliver(event: RealtimeEvent): void {
    for (const events of pending) events.push(event);
    let frame: Buffer | undefined;
    const frameOnce = () => (frame ??= frameOf(event));
    if (event.userIds !== undefined) {
      for (const userId of event.userIds) {
        for (const connection of byUser.get(userId) ?? []) {
          if (mayReceive(connection, event)) send(connection, frameOnce());
        }
      }
      return;
    }
    for (const connection of byCompany.get(event.companyId) ?? []) {
      if (mayReceive(connection, event)) send(connection, frameOnce());
    }
  }

  const unsubscribe = bus.subscribe(deliver);
  const stopGaps = bus.onGap?.(() => {
    log('realtime: the event bus was down; clients reconnect to refetch what they missed');
    closeAll(SOCKET_CLOSE.serviceRestart, SOCKET_CLOSE_REASONS.serviceRestart);
  });

  function closeAll(code: number, reason: string): void {
    for (const set of byCompany.values()) {
      for (const connection of set) connection.socket.close(code, reason);
    }
  }

  function remove(connection: Connection): void {
    removeFrom(byCompany, connection.companyId, connection);
    removeFrom(byUser, connection.userId, connection);
    connections -= 1;
  }

  function sweep(): void {
    const at = now();
    for (const set of byCompany.values()) {
      for (const connection of set) {
        const { socket } = connection;
        if (connection.expiresAt <= at) {
          socket.close(SOCKET_CLOSE.tokenExpired, SOCKET_CLOSE_REASONS.tokenExpired);
        } else if (!connection.alive) {
          socket.terminate();
        } else {
          connection.alive = false;
          socket.ping();
        }
      }
    }
  }

  function endWhere(match: (identity: SocketIdentity) => boolean): number {
    let ended = 0;
    for (const set of byCompany.values()) {
      for (const connection of set) {
        const { socket } = connection;
        if (socket.readyState !== socket.OPEN || !match(connection)) continue;
        socket.close(SOCKET_CLOSE.sessionEnded, SOCKET_CLOSE_REASONS.sessionEnded);
        ended += 1;
      }
    }
    return ended;
  }

  const timer = setInterval(sweep, options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS);
  timer.unref();

  return {
    admit(socket, stream) {
      const events: RealtimeEvent[] = [];
      const early: Buffer[] = [];
      const hold = (raw: Buffer, isBinary: boolean) => {
        if (!isBinary && Buffer.isBuffer(raw) && early.length < MAX_EARLY_MESSAGES) early.push(raw);
      };
      pending.add(events);
      socket.on('message', hold);
      let settled = false;
      const settle = () => {
        settled = true;
        pending.delete(events);
        socket.off('message', hold);
      };

      return {
        refuse(code, reason) {
          if (settled) return;
          settle();
          socket.close(code, reason);
        },
        accept(identity) {
          if (settled) return;
          settle();
          if (socket.readyState !== socket.OPEN) return;
          if (events.length > MAX_PENDING_EVENTS) {
            socket.close(SOCKET_CLOSE.serviceRestart, SOCKET_CLOSE_REASONS.serviceRestart);
            return;
          }
          const connection: Connection = { ...identity, socket, stream, alive: true, writtenAt: -Infinity };
          addTo(byCompany, identity.companyId, connection);
          addTo(byUser, identity.userId, connection);
          connections += 1;
          socket.on('pong', () => {
            connection.alive = true;
          });
          const answer = (raw: Buffer) => {
            if (clientEventName(raw) === 'ping') {
              socket.send(JSON.stringify({ event: 'pong', data: { time: new Date(now()).toISOString() } }));
            }
          };
          socket.on('message', (raw: Buffer, isBinary: boolean) => {
            connection.alive = true;
            if (!isBinary && Buffer.isBuffer(raw)) answer(raw);
          });
          socket.once('close', () => remove(connection));
          const missed = (event: RealtimeEvent) =>
            mayReceive(connection, event) &&
            (event.userIds === undefined || event.userIds.includes(identity.userId));
          for (const event of events) if (missed(event)) send(connection, frameOf(event));
          for (const raw of early) answer(raw);
        },
      };
    },

    count(userId) {
      if (userId === undefined) return connections;
      return byUser.get(userId)?.size ?? 0;
    },

    sweep,

    identities() {
      const identities: SocketIdentity[] = [];
      for (const set of byCompany.values()) {
        for (const { userId, companyId, role, isSuperuser, familyId, expiresAt } of set) {
          identities.push({ userId, companyId, role, isSuperuser, familyId, expiresAt });
        }
      }
      return identities;
    },

    endWhere,

    endSessions(familyIds) {
      if (familyIds.length === 0) return 0;
      const ended = new Set(familyIds);
      return endWhere((identity) => ended.has(identity.familyId));
    },

    close() {
      clearInterval(timer);
      if (spacingTimer) clearTimeout(spacingTimer);
      flushLater();
      pending.clear();
      unsubscribe();
      stopGaps?.();
      closeAll(SOCKET_CLOSE.goingAway, SOCKET_CLOSE_REASONS.goingAway);
    },
  };
}
