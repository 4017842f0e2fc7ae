import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { appEvents } from '@/lib/events';
import { MESSAGE_TITLES, showBidNotFound, showMessage } from '@/lib/messages';
import { GlobalToast, TOAST_DURATION_MS } from './global-toast';
import { MessageModal } from './message-modal';

function renderDialogs() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <GlobalToast />
            <MessageModal />
          </>
        ),
      },
    ],
    { initialEntries: ['/loadboard/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('global toast', () => {
  it("shows 'Request failed with HTTP code {status}' for a broadcast error and hides it after 3 seconds", () => {
    vi.useFakeTimers();
    renderDialogs();
    act(() =>
      appEvents.emit('handleError', new ApiError({ status: 500, detail: 'Boom', code: 'internal_error' })),
    );
    expect(screen.getByText('Request failed with HTTP code 500')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 100);
    });
    expect(screen.getByText('Request failed with HTTP code 500')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    // Then the exit transition runs.
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Request failed with HTTP code 500')).toBeNull();
  });

  it("shows 'Request failed with an unknown HTTP code' when no answer came back", () => {
    renderDialogs();
    act(() =>
      appEvents.emit(
        'handleError',
        new ApiError({ status: undefined, detail: 'Network', code: 'network_error' }),
      ),
    );
    expect(screen.getByText('Request failed with an unknown HTTP code')).toBeTruthy();
  });
});

describe('global message modal', () => {
  it("shows the spec's 'Bid not found' message with links to active and completed bids", async () => {
    const router = renderDialogs();
    act(() => showBidNotFound());
    const dialog = await screen.findByRole('dialog', { name: 'Bid not found' });
    expect(within(dialog).getByText('Requested bid not found')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Active bids' }).getAttribute('href')).toBe(
      '/bids/active',
    );
    expect(within(dialog).getByRole('link', { name: 'Completed bids' }).getAttribute('href')).toBe(
      '/bids/completed',
    );
    await userEvent.click(within(dialog).getByRole('link', { name: 'Completed bids' }));
    expect(router.state.location.pathname).toBe('/bids/completed');
  });

  it('keeps the spec titles and redirects after close when asked to', async () => {
    const router = renderDialogs();
    act(() =>
      showMessage({
        titleKey: MESSAGE_TITLES.successfulOperation,
        text: 'Load 000123 saved',
        redirectTo: '/my-loads/active/',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Successfull operation' });
    expect(within(dialog).getByText('Load 000123 saved')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(router.state.location.pathname).toBe('/my-loads/active/');
  });
});
