import { useCallback, useSyncExternalStore } from 'react';

// One clock per refresh interval for all the notifications of the panel: chat items re-read it every
// second, the others every minute, without a timer per item.

type Clock = { now: number; listeners: Set<() => void>; timer: ReturnType<typeof setInterval> | null };

const clocks = new Map<number, Clock>();

function clockFor(intervalMs: number): Clock {
  let clock = clocks.get(intervalMs);
  if (!clock) {
    clock = { now: Date.now(), listeners: new Set(), timer: null };
    clocks.set(intervalMs, clock);
  }
  return clock;
}

function subscribe(intervalMs: number, listener: () => void): () => void {
  const clock = clockFor(intervalMs);
  clock.listeners.add(listener);
  if (clock.timer === null) {
    clock.now = Date.now();
    clock.timer = setInterval(() => {
      clock.now = Date.now();
      for (const notify of [...clock.listeners]) notify();
    }, intervalMs);
  }
  return () => {
    clock.listeners.delete(listener);
    if (clock.listeners.size === 0 && clock.timer !== null) {
      clearInterval(clock.timer);
      clock.timer = null;
    }
  };
}

/** The current time in ms, re-rendering the caller every `intervalMs`. */
export function useNow(intervalMs: number): number {
  const subscribeToClock = useCallback(
    (listener: () => void) => subscribe(intervalMs, listener),
    [intervalMs],
  );
  return useSyncExternalStore(subscribeToClock, () => clockFor(intervalMs).now);
}
