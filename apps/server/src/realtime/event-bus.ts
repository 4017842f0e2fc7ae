/**
 * What services publish after a commit and the websocket hub delivers. `companyId` addresses every socket
 * of the company; `userIds`, when given, narrows delivery to those users' sockets.
 */
export type RealtimeEvent = {
  event: string;
  data: unknown;
  companyId: number;
  userIds?: number[];
};

export type EventListener = (event: RealtimeEvent) => void;

export type EventBus = {
  publish(event: RealtimeEvent): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(listener: EventListener): () => void;
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
