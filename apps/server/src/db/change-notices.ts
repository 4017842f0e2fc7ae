import pg from 'pg';
import type { ErrorLog } from './unit-of-work';

/**
 * Notices of committed changes that PostgreSQL sends on channels (NOTIFY from triggers, e.g. migration
 * 0028's `loadboard`), heard on a connection of their own (LISTEN). A process may keep what it answered and
 * drop it when a notice says its data changed, without asking the database at each request.
 *
 * What makes that safe is `caughtUp()`: a query on the listening connection. PostgreSQL signals the
 * listening sessions before it acknowledges a COMMIT, and a session sends the notices it was signalled
 * before the ReadyForQuery that ends its next query; node-postgres hands each notice to its listeners as
 * it reads it, before the query's answer. So once `caughtUp()` resolves true, the notices of every
 * transaction committed before it was called, by any process, have been heard: what was kept and not
 * dropped is current. Concurrent callers share one query: a caller waits for the query in flight only
 * if it started after the call, else for the next one, so a query is always running while any wait and
 * at most one more is queued, whatever the number of requests.
 *
 * The connection goes directly to PostgreSQL (LISTEN does not pass a pooler in transaction mode). While it
 * is down `caughtUp()` answers false and nothing kept may be used; when it is back, the reset listeners
 * are called (notices may have been missed meanwhile) before it answers true again.
 */
export type ChangeNotices = {
  /** Calls `listener` with the payload of each notice on `channel` (one of those it was made with). */
  on(channel: string, listener: (payload: string) => void): void;
  /** Calls `listener` whenever notices may have been missed: the connection was lost and is back. */
  onReset(listener: () => void): void;
  /**
   * True once every notice of a transaction committed before the call has been heard; false when the
   * connection is down or failed on the way.
   */
  caughtUp(): Promise<boolean>;
  close(): Promise<void>;
};

export type ChangeNoticesOptions = {
  connectionString: string;
  channels: readonly string[];
  log: ErrorLog;
  /** How long after a lost connection it connects again (doubling up to 30 s): 1 s by default. */
  retryMs?: number;
  /**
   * How long `caughtUp()`'s query may take before the connection is taken for lost (a network that stopped
   * answering without closing): 2 s by default. Meanwhile the callers read from the database.
   */
  answerTimeoutMs?: number;
};

const MAX_RETRY_MS = 30_000;
const CONNECT_TIMEOUT_MS = 10_000;
/** The listening connection's name in pg_stat_activity. */
export const APPLICATION_NAME = 'dispatch-change-notices';

/** Starts listening (in the background: `caughtUp()` answers false until the first connection is made). */
export function createChangeNotices(options: ChangeNoticesOptions): ChangeNotices {
  const listeners = new Map<string, ((payload: string) => void)[]>(
    options.channels.map((channel) => [channel, []]),
  );
  const resetListeners: (() => void)[] = [];
  const firstRetryMs = options.retryMs ?? 1_000;
  const answerTimeoutMs = options.answerTimeoutMs ?? 2_000;
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retryMs = firstRetryMs;
  let retryTimer: NodeJS.Timeout | undefined;
  let inFlight: Promise<boolean> | null = null;
  let next: Promise<boolean> | null = null;

  function hear(message: pg.Notification) {
    for (const listener of listeners.get(message.channel) ?? []) listener(message.payload ?? '');
  }

  function lost(connection: pg.Client, error?: Error) {
    if (client !== connection) return;
    client = null;
    live = false;
    connection.removeAllListeners('notification');
    void connection.end().catch(() => undefined);
    if (closed) return;
    if (error) options.log.error({ err: error.message }, 'change notices: connection lost');
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }

  async function connect() {
    if (closed) return;
    const connection = new pg.Client({
      connectionString: options.connectionString,
      application_name: APPLICATION_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    client = connection;
    connection.on('error', (error) => lost(connection, error));
    connection.on('end', () => lost(connection));
    connection.on('notification', hear);
    try {
      await connection.connect();
      for (const channel of options.channels)
        await connection.query(`LISTEN ${connection.escapeIdentifier(channel)}`);
    } catch (error) {
      lost(connection, error as Error);
      return;
    }
    if (client !== connection || closed) return;
    retryMs = firstRetryMs;
    // Whatever was kept before is unknown now: notices may have gone unheard while no one listened.
    for (const listener of resetListeners) listener();
    live = true;
  }

  function ping(): Promise<boolean> {
    const connection = client;
    const done =
      connection && live
        ? new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => {
              resolve(false);
              lost(connection, new Error(`no answer within ${answerTimeoutMs} ms`));
            }, answerTimeoutMs);
            connection.query('SELECT 1').then(
              () => {
                clearTimeout(timer);
                resolve(client === connection && live);
              },
              () => {
                clearTimeout(timer);
                resolve(false);
              },
            );
          })
        : Promise.resolve(false);
    inFlight = done;
    void done.then(() => {
      if (inFlight === done) inFlight = null;
    });
    return done;
  }

  void connect();

  return {
    on(channel, listener) {
      const channelListeners = listeners.get(channel);
      if (!channelListeners) throw new Error(`change notices: not listening on ${channel}`);
      channelListeners.push(listener);
    },
    onReset(listener) {
      resetListeners.push(listener);
    },
    caughtUp() {
      if (!live) return Promise.resolve(false);
      if (!inFlight) return ping();
      // The query in flight may have passed the server before this call: wait for the next one.
      next ??= inFlight.then(() => {
        next = null;
        return ping();
      });
      return next;
    },
    async close() {
      closed = true;
      live = false;
      clearTimeout(retryTimer);
      const connection = client;
      client = null;
      await connection?.end().catch(() => undefined);
    },
  };
}
