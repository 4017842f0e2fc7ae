import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupListPages } from '@/components/lists/list-test-data';
import { FakeAnswer, renderApp } from '@/test/render-app';
import { makeProposition } from './bid-test-data';

const BID = '/backend/api/v2/propositions/70';

describe('a bid page', () => {
  it('shows the load, the bid and the e-mail as sent, its [bold] text bold', async () => {
    setupListPages({ [`GET ${BID}/`]: makeProposition() });
    renderApp('/bid/active/70');
    expect(await screen.findByRole('heading', { name: 'Bid for load 000042' })).toBeTruthy();
    const email = screen.getByRole('document', { name: 'E-mail as sent' });
    expect(within(email).getByText('$1,850.00').tagName).toBe('STRONG');
    expect(email.textContent).toContain('Hello,');
    expect(screen.getByText('Load #000042 Dallas, TX - Chicago, IL')).toBeTruthy();
    expect(screen.getByText('bob@acme.test')).toBeTruthy();
    // 20:04 UTC on November 21 is 03:04pm Eastern.
    expect(screen.getByText('03:04pm 11/21/2026', { exact: false })).toBeTruthy();
    expect(screen.getByText('Sent 09:30am 11/20/2026')).toBeTruthy();
    // The thread with the broker opens over the page, found by the e-mail's subject.
    expect(screen.getByRole('link', { name: 'E-mail thread' }).getAttribute('href')).toBe(
      '/bid/active/70?dir=email&bid=70&subject=Load+%23000042+Dallas%2C+TX+-+Chicago%2C+IL&to=bob%40acme.test',
    );
  });

  it('marks a bid won: the load is booked, and the bid snackbar and the page link to the active load', async () => {
    // Once won, the bid is answered as the server then has it: won, its load booked.
    let won = false;
    const wonBid = makeProposition({
      status: 2,
      load: { ...makeProposition().load, board_status: 'booked' },
    });
    const network = setupListPages({
      [`GET ${BID}/`]: () => (won ? wonBid : makeProposition()),
      [`PUT ${BID}/update-bid-status`]: () => {
        won = true;
        return wonBid;
      },
    });
    const view = renderApp('/bid/active/70');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark won' }));
    const dialog = await screen.findByRole('dialog', { name: 'Load 000042: bid won' });
    expect(within(dialog).getByText(/will be booked with U-101/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark won' }));

    await waitFor(() => expect(network.callsTo('PUT', `${BID}/update-bid-status`)).toHaveLength(1));
    expect(network.callsTo('PUT', `${BID}/update-bid-status`)[0]?.body).toEqual({ status: 2 });
    const snackbar = await screen.findByText('Bid won: load 000042 is booked');
    expect(
      within(snackbar.closest('[role="status"]')!).getByRole('link', { name: 'Open' }).getAttribute('href'),
    ).toBe('/load/active/42');
    // The won bid moves to the completed bids and offers its booked load.
    await waitFor(() => expect(view.pathname()).toBe('/bid/completed/70'));
    const booked = await screen.findByText('Load 000042 is booked with U-101.');
    expect(
      within(booked.closest('[role="alert"]')!)
        .getByRole('link', { name: 'Open the active load' })
        .getAttribute('href'),
    ).toBe('/load/active/42');
  });

  it('marks a bid lost by phone through update-bid-status-via-phone', async () => {
    const network = setupListPages({
      [`GET ${BID}/`]: makeProposition(),
      [`PUT ${BID}/update-bid-status-via-phone`]: makeProposition({ status: 3, via_phone: true }),
    });
    renderApp('/bid/active/70');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark lost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Load 000042: bid lost' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'The broker answered by phone' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark lost' }));
    await waitFor(() => expect(network.callsTo('PUT', `${BID}/update-bid-status-via-phone`)).toHaveLength(1));
    expect(network.callsTo('PUT', `${BID}/update-bid-status-via-phone`)[0]?.body).toEqual({ status: 3 });
    expect(network.callsTo('PUT', `${BID}/update-bid-status`)).toHaveLength(0);
    expect(await screen.findByText('Bid on load 000042 marked lost')).toBeTruthy();
  });

  it('a refused decision stays in the dialog with its own text', async () => {
    setupListPages({
      [`GET ${BID}/`]: makeProposition(),
      [`PUT ${BID}/update-bid-status`]: new FakeAnswer(409, {
        detail: 'This load has already been booked.',
        code: 'load_already_booked',
        fields: {},
      }),
    });
    renderApp('/bid/active/70');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark won' }));
    const dialog = await screen.findByRole('dialog', { name: 'Load 000042: bid won' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark won' }));
    expect(await within(dialog).findByText('This load has already been booked.')).toBeTruthy();
  });

  it('updates the price, checked as typed', async () => {
    const network = setupListPages({
      [`GET ${BID}/`]: makeProposition(),
      [`PUT ${BID}/update-price`]: makeProposition({ price: 1900 }),
    });
    renderApp('/bid/active/70');
    await userEvent.click(await screen.findByRole('button', { name: 'Update price' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update price' });
    const price = within(dialog).getByRole('textbox', { name: 'Broker price' });
    await userEvent.clear(price);
    await userEvent.type(price, '0');
    expect(within(dialog).getByText('Must be more than $0')).toBeTruthy();
    await userEvent.clear(price);
    await userEvent.type(price, '$1,900');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(network.callsTo('PUT', `${BID}/update-price`)).toHaveLength(1));
    expect(network.callsTo('PUT', `${BID}/update-price`)[0]?.body).toEqual({
      price: '$1,900',
      driver_price: '1400.00',
    });
  });

  it("a missing bid opens the 'Bid not found' modal with links to Active bids and Completed bids", async () => {
    setupListPages({
      [`GET /backend/api/v2/propositions/404/`]: new FakeAnswer(404, {
        detail: 'Not found',
        code: 'not_found',
      }),
    });
    const view = renderApp('/bid/active/404');
    const dialog = await screen.findByRole('dialog', { name: 'Bid not found' });
    expect(within(dialog).getByText('Requested bid not found')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Active bids' }).getAttribute('href')).toBe(
      '/bids/active',
    );
    await userEvent.click(within(dialog).getByRole('link', { name: 'Completed bids' }));
    await waitFor(() => expect(view.pathname()).toBe('/bids/completed'));
  });
});
