import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lastQuery, listOf, setupListPages } from '@/components/lists/list-test-data';
import { FakeAnswer, renderApp } from '@/test/render-app';
import { BID_LIST_STORAGE_KEYS } from '../components/bid-list-state';
import { makeDriverBid, makeProposition } from './bid-test-data';

const PROPOSITIONS = '/backend/api/v2/propositions';
const ACTIVE = `${PROPOSITIONS}/active`;

describe('bids lists', () => {
  it('show each bid with the padded load number, lane, unit, people, broker rating, prices, ETA, Eastern sent time, e-mail and status', async () => {
    setupListPages({ [`GET ${ACTIVE}`]: listOf([makeProposition()]) });
    renderApp('/bids/active');
    const table = await screen.findByRole('table', { name: 'Active bids' });
    const row = within(table).getAllByRole('row')[1]!;
    for (const text of [
      '000042',
      'Dallas, TX → Chicago, IL',
      'U-101',
      'Dan Driver',
      'Dina Dispatch',
      'Acme Logistics',
      'Approved',
      '$1,850.00',
      '$1,400.00',
      '120',
      '2 h 05 min',
      // 14:30 UTC on November 20 is 09:30 Eastern.
      '09:30am 11/20/2026',
      'Sent',
      'Active',
    ]) {
      expect(within(row).getByText(text, { exact: false })).toBeTruthy();
    }
    expect(screen.getByText('Times in Eastern time')).toBeTruthy();
  });

  it('open a bid by Enter on its row', async () => {
    setupListPages({
      [`GET ${ACTIVE}`]: listOf([makeProposition()]),
      [`GET ${PROPOSITIONS}/70/`]: makeProposition(),
    });
    const view = renderApp('/bids/active');
    const table = await screen.findByRole('table', { name: 'Active bids' });
    within(table).getAllByRole('row')[1]!.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(view.pathname()).toBe('/bid/active/70'));
  });

  it("start filtered to a dispatcher's own bids and keep each list's filter set in local storage", async () => {
    const network = setupListPages(
      { [`GET ${ACTIVE}`]: listOf([makeProposition()]), [`GET ${PROPOSITIONS}/completed`]: listOf([]) },
      { id: 21, role: 5, first_name: 'Dina', last_name: 'Dispatch' },
    );
    const view = renderApp('/bids/active');
    await screen.findByRole('table', { name: 'Active bids' });
    expect(lastQuery(network.callsTo('GET', ACTIVE)).get('dispatcher')).toBe('21');
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Dispatcher' }).value).toBe(
      'Dina Dispatch',
    );

    await userEvent.type(screen.getByLabelText('Sent from'), '2026-11-01');
    await waitFor(() =>
      expect(lastQuery(network.callsTo('GET', ACTIVE)).get('date_from')).toBe('2026-11-01'),
    );
    const saved = JSON.parse(localStorage.getItem(BID_LIST_STORAGE_KEYS.active)!) as {
      filters: { date_from: string; dispatcher: number };
    };
    expect(saved.filters).toMatchObject({ date_from: '2026-11-01', dispatcher: 21 });

    // The completed list keeps a set of its own.
    await userEvent.click(screen.getByRole('tab', { name: 'Completed' }));
    await waitFor(() => expect(view.pathname()).toBe('/bids/completed'));
    await screen.findByText('No bids match these filters');
    const completed = lastQuery(network.callsTo('GET', `${PROPOSITIONS}/completed`));
    expect(completed.get('date_from')).toBeNull();
    expect(completed.get('dispatcher')).toBe('21');
  });

  it('page by the API from 1 and say when there is nothing yet or the list failed', async () => {
    const network = setupListPages({
      [`GET ${ACTIVE}`]: (call: { url: string }) =>
        call.url.includes('page=2')
          ? listOf([makeProposition({ id: 71 })], 30)
          : listOf(
              Array.from({ length: 25 }, (_, index) => makeProposition({ id: 100 + index })),
              30,
            ),
      [`GET ${PROPOSITIONS}/history`]: listOf([]),
      [`GET ${PROPOSITIONS}/completed`]: new FakeAnswer(500, { detail: 'Boom', code: 'internal_error' }),
    });
    renderApp('/bids/active');
    await screen.findByRole('table', { name: 'Active bids' });
    expect(screen.getByText('1–25 of 30')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery(network.callsTo('GET', ACTIVE)).get('page')).toBe('2'));
    expect(await screen.findByText('26–30 of 30')).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('No bids yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Completed' }));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('history filters by status', async () => {
    const network = setupListPages({
      [`GET ${PROPOSITIONS}/history`]: listOf([makeProposition({ status: 2, via_phone: true })]),
    });
    renderApp('/bids/history');
    const table = await screen.findByRole('table', { name: 'Bids history' });
    expect(within(table).getByText('Won by phone')).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Lost' }));
    await waitFor(() =>
      expect(lastQuery(network.callsTo('GET', `${PROPOSITIONS}/history`)).get('status')).toBe('3'),
    );
  });

  it("unit bids list the drivers' and owners' bids with the reject reason, a pending one linking to the board", async () => {
    const HISTORY = '/backend/api/v2/bids/driver-bid/history';
    const network = setupListPages({
      [`GET ${HISTORY}`]: listOf([
        makeDriverBid(),
        makeDriverBid({
          id: 91,
          kind: 'owner',
          state: 'rejected',
          status: 3,
          load_id: 43,
          load_accounting_number: null,
          bidder: { id: 80, full_name: 'Olga Owner' },
          rejected_reason: 'Price too high',
        }),
      ]),
    });
    renderApp('/bids/unit');
    const table = await screen.findByRole('table', { name: 'Unit bids' });
    const [pending, rejected] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    // The load's number padded to 6 digits, as the other bids lists show it; #id while it has none.
    expect(within(pending).getByRole('link', { name: '001042' }).getAttribute('href')).toBe(
      '/loadboard/42?active_driver=61',
    );
    expect(within(pending).queryByText('#42')).toBeNull();
    expect(within(rejected).getByText('#43')).toBeTruthy();
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(within(pending).getByText('10:00am 11/20/2026')).toBeTruthy();
    expect(within(rejected).getByText('Olga Owner')).toBeTruthy();
    expect(within(rejected).getByText('Owner')).toBeTruthy();
    expect(within(rejected).getByText('Rejected')).toBeTruthy();
    expect(within(rejected).getByText('Price too high')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Lost or rejected' }));
    await waitFor(() => expect(lastQuery(network.callsTo('GET', HISTORY)).get('status')).toBe('3'));
    expect(JSON.parse(localStorage.getItem(BID_LIST_STORAGE_KEYS.unit)!)).toMatchObject({
      filters: { status: 3 },
    });
  });
});
