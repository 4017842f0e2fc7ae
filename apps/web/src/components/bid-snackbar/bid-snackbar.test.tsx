import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { BID_SNACKBAR_MS, BidSnackbar, showBidSnackbar } from './bid-snackbar';

function renderSnackbar() {
  const router = createMemoryRouter([{ path: '*', element: <BidSnackbar /> }], {
    initialEntries: ['/loadboard/'],
  });
  render(<RouterProvider router={router} />);
}

describe('bid snackbar', () => {
  it('stays for the spec’s 2000 ms', () => {
    expect(BID_SNACKBAR_MS).toBe(2000);
    vi.useFakeTimers();
    renderSnackbar();
    act(() =>
      showBidSnackbar({
        messageKey: 'bids.snackbar.sent',
        values: { number: '000042' },
        to: '/bid/active/70',
      }),
    );
    expect(screen.getByText('Bid on load 000042 sent to the broker')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/bid/active/70');
    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.getByText('Bid on load 000042 sent to the broker')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    // Then the exit transition runs.
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Bid on load 000042 sent to the broker')).toBeNull();
  });

  it('a newer bid note replaces the one shown and has its own 2000 ms', () => {
    vi.useFakeTimers();
    renderSnackbar();
    act(() => showBidSnackbar({ messageKey: 'bids.snackbar.sent', values: { number: '000042' } }));
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    act(() => showBidSnackbar({ messageKey: 'bids.snackbar.won', values: { number: '000042' } }));
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Bid on load 000042 sent to the broker')).toBeNull();
    expect(screen.getByText('Bid won: load 000042 is booked')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1100);
    });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Bid won: load 000042 is booked')).toBeNull();
  });
});
