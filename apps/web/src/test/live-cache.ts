import { beforeEach } from 'vitest';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { parseRealtimeMessage, type RealtimeEventName } from '@app/domain/realtime/realtime.schema';
import { createLiveQueryApplier } from '@/app/realtime/apply-live-effects';
import { createInvalidationThrottle } from '@/app/realtime/invalidation-throttle';

/**
 * A real query cache holding `keys` (each with `data`), fed realtime events the way the signed-in shell feeds
 * them, made anew before each test of the file. `event` sends one event, which must match its schema, and
 * flushes the throttle; `invalidated` names the keys the events have asked again, sorted.
 */
export function liveCache<Name extends string>(
  keys: Record<Name, QueryKey>,
  data: unknown = { count: 0, results: [] },
) {
  const names = Object.keys(keys) as Name[];
  let queryClient = new QueryClient();
  let receive: (name: RealtimeEventName, payload: unknown) => void = () => undefined;

  beforeEach(() => {
    queryClient = new QueryClient();
    for (const name of names) queryClient.setQueryData<unknown>(keys[name], structuredClone(data));
    const throttle = createInvalidationThrottle({ queryClient });
    const apply = createLiveQueryApplier(queryClient, throttle);
    receive = (name, payload) => {
      const message = parseRealtimeMessage({ event: name, data: payload });
      if (!message) throw new Error(`the test's ${name} does not match its schema`);
      apply(message);
      throttle.flush();
    };
  });

  return {
    /** The cache of the running test. */
    queryClient: () => queryClient,
    event: (name: RealtimeEventName, payload: unknown) => receive(name, payload),
    invalidated: (): Name[] =>
      names.filter((name) => queryClient.getQueryState(keys[name])?.isInvalidated).sort(),
    /** Every key's name, sorted. */
    all: (): Name[] => [...names].sort(),
  };
}
