import { describe, expect, it } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { unitsQueryKeys } from '@/features/units/api/units-query-keys';
import { SocketProvider } from '@/lib/socket-provider';
import { FakeWebSocket } from '@/test/fake-web-socket';
import { storeSession } from '@/test/render-app';
import { LiveQueries } from './live-queries-listener';

// The listener as the shell mounts it: the shell's socket's messages reach the query cache through it,
// checked on the way (a malformed message changes nothing).

function mount() {
  storeSession();
  const queryClient = new QueryClient();
  const card = unitsQueryKeys.vehicle(7);
  queryClient.setQueryData(card, { id: 7, unit_id: 'T-7', status: { id: 1, name: 'Available' } });
  render(
    <QueryClientProvider client={queryClient}>
      <SocketProvider companyHash="demo-hash">
        <LiveQueries />
      </SocketProvider>
    </QueryClientProvider>,
  );
  return { queryClient, card };
}

describe('LiveQueries', () => {
  it("changes a vehicle's card when the socket says its status changed", async () => {
    const { queryClient, card } = mount();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() => FakeWebSocket.last().open());
    act(() =>
      FakeWebSocket.last().receive({
        event: 'car_status_change',
        data: { id: 7, status: { id: 2, name: 'Not available' } },
      }),
    );
    expect(queryClient.getQueryData(card)).toEqual({
      id: 7,
      unit_id: 'T-7',
      status: { id: 2, name: 'Not available' },
    });
  });

  it('leaves the cache alone for a message of the wrong shape', async () => {
    const { queryClient, card } = mount();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() => FakeWebSocket.last().open());
    const before = queryClient.getQueryData(card);
    act(() => FakeWebSocket.last().receive({ event: 'car_status_change', data: { id: 7, status: 2 } }));
    expect(queryClient.getQueryData(card)).toBe(before);
  });
});
