import { Redis } from 'ioredis';
import type { EventBus, EventListener, RealtimeEvent } from './event-bus';

export type RedisEventBusOptions = {
  url: string;
  /**
   * The pub/sub channel. Every server process of one deployment must use the same one; deployments that
   * share a Redis must use different ones (pub/sub ignores the database number of the URL).
   */
  channel: string;
  /** How long the first connection may take before start-up fails. */
  connectTimeoutMs?: number;
  log?: (message: string, error?: unknown) => void;
};

export type RedisEventBus = EventBus & {
  /**
   * Called when the subscription comes back after Redis was unreachable: events published meanwhile are
   * lost, so the websocket hub drops its sockets and the clients reconnect and refetch.
   */
  onGap(listener: () => void): () => void;
};

/** The URL without its password, for messages. */
function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}

/**
 * The bus of several server processes: publish goes to a Redis channel and every process, this one
 * included, delivers what arrives on it to its listeners. Listeners of this process therefore see their
 * own process's events through Redis too, in the order Redis has them.
 *
 * While Redis is unreachable a publish fails at once (no offline queue: a user's request must not wait
 * for Redis, and the change is already committed); the publisher logs it. When the subscription comes
 * back, `onGap` listeners are told so that clients refetch what they missed.
 */
export async function createRedisEventBus(options: RedisEventBusOptions): Promise<RedisEventBus> {
  const { url, channel } = options;
  const log = options.log ?? ((message, error) => console.error(message, error ?? ''));
  const listeners = new Set<EventListener>();
  const gapListeners = new Set<() => void>();
  const settings = {
    lazyConnect: true,
    connectTimeout: options.connectTimeoutMs ?? 10_000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  };
  // Named, so that an operator sees in CLIENT LIST which deployment's channel a connection serves.
  const publisher = new Redis(url, { ...settings, connectionName: `${channel}:publisher` });
  const subscriber = new Redis(url, {
    ...settings,
    connectionName: `${channel}:subscriber`,
    autoResubscribe: true,
  });
  let closed = false;
  let lostSubscription = false;

  for (const [name, client] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    // Without a listener ioredis prints every reconnect attempt as an unhandled error.
    client.on('error', (error: Error) => {
      if (!closed) log(`realtime: Redis ${name} error: ${error.message}`);
    });
  }
  subscriber.on('close', () => {
    if (!closed) lostSubscription = true;
  });
  subscriber.on('ready', () => {
    if (!lostSubscription || closed) return;
    lostSubscription = false;
    // autoResubscribe has subscribed again by the time 'ready' is emitted.
    for (const listener of gapListeners) listener();
  });

  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel);
  } catch (error) {
    closed = true;
    publisher.disconnect();
    subscriber.disconnect();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot use Redis at ${shownUrl(url)} for realtime events: ${reason}`, { cause: error });
  }

  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    let event: RealtimeEvent;
    try {
      event = JSON.parse(message) as RealtimeEvent;
    } catch (error) {
      log('realtime: an unreadable message on the Redis channel was ignored', error);
      return;
    }
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        // One broken listener must not keep the event from the others.
        log('realtime listener failed', error);
      }
    }
  });

  return {
    async publish(event) {
      await publisher.publish(channel, JSON.stringify(event));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onGap(listener) {
      gapListeners.add(listener);
      return () => gapListeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      gapListeners.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
