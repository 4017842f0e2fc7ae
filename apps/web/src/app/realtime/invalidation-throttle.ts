import { partialMatchKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

// Realtime events come in bursts: one status move publishes load_status_change, update_loads and
// car_status_change together, and a bulk change publishes one event per record. Each event's
// invalidations are gathered for a moment and sent together, and a key is not invalidated again sooner
// than `intervalMs` after the last time, so fifty events in a second refetch an open list two or three
// times, not fifty, and a colleague's change still shows within a second.

/** How long the invalidations of one burst are gathered before the first refetch. */
export const LIVE_GATHER_MS = 50;
/** The shortest time between two invalidations sent together (at most two refetches a second). */
export const LIVE_INTERVAL_MS = 500;

export type InvalidationThrottleDeps = {
  queryClient: QueryClient;
  gatherMs?: number;
  intervalMs?: number;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
};

export type InvalidationThrottle = ReturnType<typeof createInvalidationThrottle>;

/** The keys of the batch that no other key of the batch already covers (a prefix covers what it starts). */
export function withoutCoveredKeys(keys: readonly QueryKey[]): QueryKey[] {
  const kept: QueryKey[] = [];
  keys.forEach((key, index) => {
    const coveredBy = keys.findIndex(
      (other, otherIndex) =>
        otherIndex !== index &&
        other.length <= key.length &&
        partialMatchKey(key, other) &&
        // Of two equal keys the first is kept.
        (other.length < key.length || otherIndex < index),
    );
    if (coveredBy === -1) kept.push(key);
  });
  return kept;
}

export function createInvalidationThrottle(deps: InvalidationThrottleDeps) {
  const gatherMs = deps.gatherMs ?? LIVE_GATHER_MS;
  const intervalMs = deps.intervalMs ?? LIVE_INTERVAL_MS;
  const now = deps.now ?? (() => Date.now());
  const setTimer = deps.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer = deps.clearTimer ?? ((timer: unknown) => clearTimeout(timer as number));

  let pending: QueryKey[] = [];
  let timer: unknown = null;
  let lastFlush = Number.NEGATIVE_INFINITY;

  function flush(): void {
    timer = null;
    const keys = withoutCoveredKeys(pending);
    pending = [];
    if (keys.length === 0) return;
    lastFlush = now();
    // Active queries (on screen) refetch; the others are only marked stale and refetch when shown.
    for (const queryKey of keys) void deps.queryClient.invalidateQueries({ queryKey });
  }

  return {
    /** Invalidates the queries under `queryKey` soon, together with the others of the burst. */
    invalidate(queryKey: QueryKey): void {
      pending.push(queryKey);
      if (timer !== null) return;
      const wait = Math.max(gatherMs, lastFlush + intervalMs - now());
      timer = setTimer(flush, wait);
    },
    /** Sends what is gathered now (tests, and leaving the shell with nothing lost). */
    flush(): void {
      if (timer !== null) clearTimer(timer);
      flush();
    },
    /** Drops what is gathered (the shell is gone). */
    stop(): void {
      if (timer !== null) clearTimer(timer);
      timer = null;
      pending = [];
    },
  };
}
