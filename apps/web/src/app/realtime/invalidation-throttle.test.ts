import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { parseRealtimeMessage } from '@app/domain/realtime/realtime.schema';
import { loadQueryKeys } from '@/features/loads/api/load-query-keys';
import { unitsQueryKeys } from '@/features/units/api/units-query-keys';
import { createLiveQueryApplier } from './apply-live-effects';
import {
  createInvalidationThrottle,
  LIVE_GATHER_MS,
  LIVE_INTERVAL_MS,
  withoutCoveredKeys,
} from './invalidation-throttle';

// A burst of events must not refetch an open list once per event, and the first change of a burst must
// still show within a second.

const activeList = loadQueryKeys.list('active', { page: 1 });

let queryClient: QueryClient;
let fetches: number;
let stopWatching: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  queryClient = new QueryClient();
  fetches = 0;
  // The active loads list on screen: an observer makes it an active query that refetches when invalidated.
  const observer = new QueryObserver(queryClient, {
    queryKey: activeList,
    queryFn: () => {
      fetches += 1;
      return Promise.resolve({ count: 1, results: [{ id: 300, status: 1 }] });
    },
  });
  stopWatching = observer.subscribe(() => undefined);
});

afterEach(() => {
  stopWatching();
  queryClient.clear();
});

function receiver() {
  const throttle = createInvalidationThrottle({ queryClient });
  const apply = createLiveQueryApplier(queryClient, throttle);
  return (name: string, data: unknown) => {
    const message = parseRealtimeMessage({ event: name, data });
    if (!message) throw new Error(`the test's ${name} does not match its schema`);
    apply(message);
  };
}

describe('live invalidations', () => {
  it('refetch the open list soon after one event', async () => {
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toBe(1);
    receiver()('update_loads', { ids: [300], action: 'change_price' });
    await vi.advanceTimersByTimeAsync(LIVE_GATHER_MS);
    expect(fetches).toBe(2);
  });

  it('refetch the open list at most three times for fifty events within a second', async () => {
    await vi.advanceTimersByTimeAsync(0);
    const receive = receiver();
    for (let i = 0; i < 50; i += 1) {
      receive('update_loads', { ids: [300 + i], action: 'edit' });
      receive('load_status_change', { id: 300 + i, status: 2, old_status: 1, accounting_status: null });
      await vi.advanceTimersByTimeAsync(20);
    }
    await vi.advanceTimersByTimeAsync(LIVE_INTERVAL_MS);
    expect(fetches - 1).toBeGreaterThanOrEqual(2);
    expect(fetches - 1).toBeLessThanOrEqual(3);
  });

  it('ask again a patched answer that was on its way when the change came', async () => {
    const card = unitsQueryKeys.vehicle(7);
    let resolve: (value: unknown) => void = () => undefined;
    queryClient.setQueryData(card, { id: 7, status: { id: 1, name: 'Available' } });
    void queryClient.fetchQuery({
      queryKey: card,
      queryFn: () => new Promise((done) => (resolve = done)),
      staleTime: 0,
    });
    receiver()('car_status_change', { id: 7, status: { id: 3, name: 'On load' } });
    expect(queryClient.getQueryData(card)).toEqual({ id: 7, status: { id: 3, name: 'On load' } });
    resolve({ id: 7, status: { id: 1, name: 'Available' } });
    await vi.advanceTimersByTimeAsync(LIVE_GATHER_MS);
    expect(queryClient.getQueryState(card)?.isInvalidated).toBe(true);
  });
});

describe('keys sent together', () => {
  it('leave out the keys a shorter key of the batch covers, and repeats', () => {
    expect(
      withoutCoveredKeys([
        loadQueryKeys.detail(300),
        loadQueryKeys.lists,
        loadQueryKeys.listOf('active'),
        loadQueryKeys.detail(300),
        unitsQueryKeys.vehicleMaps,
      ]),
    ).toEqual([loadQueryKeys.detail(300), loadQueryKeys.lists, unitsQueryKeys.vehicleMaps]);
  });
});
