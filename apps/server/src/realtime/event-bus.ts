import type { RoleId } from '@app/domain/common/lookups';
import type { RealtimeEventData, RealtimeEventName } from '@app/domain/realtime/realtime.schema';

/**
 * What services publish after a commit and the websocket hub delivers as `{ event, data }`. Who gets it:
 * - `companyId`: only sockets of users of that company, always;
 * - `userIds`, when given: only those users' sockets (notifications, chats);
 * - `roles`, when given: only sockets of users with one of those roles (a superuser has every role) —
 *   company events carry the roles that may see their data (see events.ts); absent means every user of
 *   the company (or of `userIds`).
 * Events are signals of a committed change; a client that was away refetches what it shows, so an event
 * is delivered at most once and never replayed.
 */
export type RealtimeEvent<Name extends RealtimeEventName = RealtimeEventName> = {
  // One member per event name, so that each event's data is typed by its schema in the domain
  // (REALTIME_EVENT_DATA): a service cannot publish data of another shape than the web reads.
  [N in Name]: {
    event: N;
    data: RealtimeEventData<N>;
    companyId: number;
    userIds?: readonly number[];
    roles?: readonly RoleId[];
  };
}[Name];

export type EventListener = (event: RealtimeEvent) => void;

export type EventBus = {
  publish(event: RealtimeEvent): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(listener: EventListener): () => void;
  /**
   * A bus across processes may lose events while its connection is down; it calls these listeners when
   * it is back, so that the websocket hub makes clients reconnect and refetch. Absent: never loses any.
   */
  onGap?(listener: () => void): () => void;
  close(): Promise<void>;
};

/** Delivers to the listeners of this process only: the default for a single server process. */
export function createInProcessEventBus(): EventBus {
  const listeners = new Set<EventListener>();
  return {
    publish(event) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          // One broken listener must not keep the event from the others.
          console.error('realtime listener failed', error);
        }
      }
      return Promise.resolve();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      return Promise.resolve();
    },
  };
}
