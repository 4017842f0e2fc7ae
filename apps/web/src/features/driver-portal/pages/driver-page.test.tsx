import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DriverBid, PortalLoad } from '@app/domain/bids/driver-bids.schema';
import { FakeWebSocket } from '@/test/fake-web-socket';
import { FakeAnswer, fakeFetch, makeUser, renderApp, storeSession } from '@/test/render-app';

const DRIVER = makeUser({
  id: 41,
  role: 10,
  first_name: 'Dan',
  last_name: 'Wheeler',
  email: 'dan@fleet.test',
});

const load: PortalLoad = {
  load_id: 501,
  vehicle: { id: 7, unit_id: 'T-107' },
  forwarded_at: '2026-03-02T15:00:00Z',
  points: [
    {
      order: 1,
      type: 'pick_up',
      city: 'Dallas',
      state: 'TX',
      zip_code: '75201',
      date: '2026-03-03T14:30:00Z',
    },
    {
      order: 2,
      type: 'deliver_to',
      city: 'Memphis',
      state: 'TN',
      zip_code: null,
      date: '2026-03-04T17:00:00Z',
    },
  ],
  pick_up_datetime: '2026-03-03T14:30:00Z',
  delivery_datetime: '2026-03-04T17:00:00Z',
  miles: 452,
  deadhead_miles: 38,
  vehicle_type: 'SPRINTER',
  weight: 1200,
  pieces: 2,
  dims: { length: 48, width: 40, height: 40 },
  my_bid: null,
  wait_seconds: 0,
  wait_limit: null,
};

const bid = (overrides: Partial<DriverBid> = {}): DriverBid => ({
  id: 9001,
  load_id: 501,
  load_accounting_number: null,
  kind: 'driver',
  status: 1,
  state: 'pending',
  price: 1500,
  eta_at: '2026-03-03T16:30:00Z',
  placed_at: '2026-03-02T15:05:00Z',
  created_at: '2026-03-02T15:05:00Z',
  vehicle: { id: 7, unit_id: 'T-107' },
  driver: { id: 3, full_name: 'Dan Wheeler' },
  bidder: { id: 41, full_name: 'Dan Wheeler' },
  rejected_reason: null,
  rejected_at: null,
  ...overrides,
});

function portalRoutes(
  state: { loads: PortalLoad[]; bids: DriverBid[] },
  extra: Record<string, unknown> = {},
) {
  return {
    'GET /backend/api/users/my/': DRIVER,
    'GET /backend/api/v2/driver-portal/vehicles': {
      results: [{ id: 7, unit_id: 'T-107', transport_type: 'SPRINTER', as: 'driver', sees_loads: true }],
    },
    'GET /backend/api/v2/driver-portal/loads': () => ({ count: state.loads.length, results: state.loads }),
    'GET /backend/api/v2/driver-portal/bids': () => ({ count: state.bids.length, results: state.bids }),
    ...extra,
  };
}

beforeEach(() => storeSession());
afterEach(() => localStorage.clear());

describe('the driver page', () => {
  it('is where a driver lands, outside the staff shell, with the loads forwarded to the unit in Eastern time', async () => {
    fakeFetch(portalRoutes({ loads: [load], bids: [] }));
    const view = renderApp('/');
    const card = await screen.findByRole('article', { name: 'Dallas, TX → Memphis, TN' });
    expect(view.pathname()).toBe('/driver/');
    // 14:30 UTC on March 3 is 09:30 Eastern (EST).
    expect(within(card).getByText('09:30am 03/03/2026')).toBeTruthy();
    expect(within(card).getByText(/452 · 38 mi deadhead/)).toBeTruthy();
    expect(within(card).getByText('Sprinter')).toBeTruthy();
    expect(within(card).getByText(/1,200 lbs · 48×40×40 in/)).toBeTruthy();
    expect(within(card).getByText('T-107')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('places a bid with the price and the ETA in minutes, and shows the limit with the time left', async () => {
    const state = { loads: [load], bids: [] as DriverBid[] };
    let attempts = 0;
    const { callsTo } = fakeFetch(
      portalRoutes(state, {
        'POST /backend/api/v2/driver-portal/bids': () => {
          attempts += 1;
          if (attempts === 1) {
            state.loads = [{ ...load, my_bid: bid(), wait_seconds: 0 }];
            return bid();
          }
          return new FakeAnswer(409, {
            detail:
              'Driver and owner bid limit: 15 minutes after a dispatcher forwards a bid, 5 minutes between other bids.',
            code: 'bid_limit',
            fields: { seconds_left: ['245'], wait: ['4:05'], limit: ['after_forward'] },
          });
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/driver/');
    const card = await screen.findByRole('article', { name: 'Dallas, TX → Memphis, TN' });
    await user.type(within(card).getByLabelText('Price, $'), '$1,500');
    await user.type(within(card).getByLabelText('ETA, h'), '1');
    await user.type(within(card).getByLabelText('min'), '30');
    await user.click(within(card).getByRole('button', { name: 'Bid' }));
    await waitFor(() => expect(callsTo('POST', '/backend/api/v2/driver-portal/bids')).toHaveLength(1));
    const sent = callsTo('POST', '/backend/api/v2/driver-portal/bids')[0];
    expect(sent?.body).toEqual({ load_id: 501, vehicle_id: 7, price: '$1,500', eta_minutes: 90 });
    expect(await within(card).findByText('Your bid was sent to the dispatcher.')).toBeTruthy();
    expect(await within(card).findByText('Pending')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Change my bid' }));
    expect(
      await within(card).findByText(
        'Driver and owner bid limit: 15 minutes after a dispatcher forwards a bid, 5 minutes between other bids. You can bid again in 4:05.',
      ),
    ).toBeTruthy();
    expect(within(card).getByRole('status').textContent).toMatch(/You can bid again in 4:0\d/);
    expect(within(card).getByRole('button', { name: 'Change my bid' })).toHaveProperty('disabled', true);
  });

  it('refuses a price of $0 before sending', async () => {
    const { callsTo } = fakeFetch(portalRoutes({ loads: [load], bids: [] }));
    const user = userEvent.setup();
    renderApp('/driver/');
    const card = await screen.findByRole('article', { name: 'Dallas, TX → Memphis, TN' });
    await user.type(within(card).getByLabelText('Price, $'), '0');
    await user.click(within(card).getByRole('button', { name: 'Bid' }));
    expect(await within(card).findByText('Must be more than $0')).toBeTruthy();
    expect(callsTo('POST', '/backend/api/v2/driver-portal/bids')).toHaveLength(0);
  });

  it('shows the answer live: a rejection with its reason arrives on the socket', async () => {
    const state = { loads: [load], bids: [bid()] };
    fakeFetch(portalRoutes(state));
    const user = userEvent.setup();
    renderApp('/driver/');
    await user.click(await screen.findByRole('tab', { name: 'My bids' }));
    const list = await screen.findByRole('list', { name: 'My bids' });
    expect(within(list).getByText('Pending')).toBeTruthy();

    state.bids = [
      bid({
        status: 3,
        state: 'rejected',
        rejected_reason: 'Rate too high',
        rejected_at: '2026-03-02T15:10:00Z',
      }),
    ];
    const socket = FakeWebSocket.last();
    socket.open();
    socket.receive({ event: 'driver_portal_update', data: { load_ids: [501], bid_ids: [9001] } });
    expect(await within(list).findByText('Rejected')).toBeTruthy();
    expect(within(list).getByText('Reason: Rate too high')).toBeTruthy();
  });

  it('says when no load was forwarded yet, in Russian too', async () => {
    fakeFetch(
      portalRoutes({ loads: [], bids: [] }, { 'GET /backend/api/users/my/': { ...DRIVER, lang: 'ru' } }),
    );
    renderApp('/driver/');
    expect(await screen.findByText('Вам пока не переслали ни одного груза')).toBeTruthy();
  });

  it('sends staff who open it to their own start page', async () => {
    fakeFetch({ 'GET /backend/api/users/my/': makeUser({ role: 5 }) });
    const view = renderApp('/driver/');
    await waitFor(() => expect(view.pathname()).not.toBe('/driver/'));
  });
});

describe('the invitation page', () => {
  it('asks for a password, makes the sign-in and opens the driver page', async () => {
    localStorage.clear();
    const token = 'A'.repeat(43);
    const { callsTo } = fakeFetch(
      portalRoutes(
        { loads: [load], bids: [] },
        {
          'GET /backend/api/v2/invitations/check': {
            email: 'dan@fleet.test',
            first_name: 'Dan',
            last_name: 'Wheeler',
            company_name: 'Blue Line Carriers',
            kind: 'driver',
            expires_at: '2099-01-01T00:00:00Z',
          },
          'POST /backend/api/v2/invitations/accept': { email: 'dan@fleet.test' },
          'POST /backend/api/v2/rest-auth/login/': {
            access_token: 'access-2',
            refresh_token: 'refresh-2',
            access_token_expiration: '2099-01-01T00:00:00Z',
            refresh_token_expiration: '2099-01-01T00:00:00Z',
            user: DRIVER,
          },
        },
      ),
    );
    const user = userEvent.setup();
    const view = renderApp(`/driver/invite/${token}`);
    expect(await screen.findByText(/Blue Line Carriers invites you/)).toBeTruthy();
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Repeat the password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(await screen.findByText('Password too short')).toBeTruthy();
    await user.clear(screen.getByLabelText('Password'));
    await user.clear(screen.getByLabelText('Repeat the password'));
    await user.type(screen.getByLabelText('Password'), 'driver-pass-1');
    await user.type(screen.getByLabelText('Repeat the password'), 'driver-pass-1');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    await waitFor(() => expect(view.pathname()).toBe('/driver/'));
    expect(callsTo('POST', '/backend/api/v2/invitations/accept')[0]?.body).toEqual({
      token,
      password: 'driver-pass-1',
    });
    expect(callsTo('POST', '/backend/api/v2/rest-auth/login/')[0]?.body).toEqual({
      email: 'dan@fleet.test',
      password: 'driver-pass-1',
    });
    expect(await screen.findByRole('article', { name: 'Dallas, TX → Memphis, TN' })).toBeTruthy();
  });

  it('says a used link was used', async () => {
    localStorage.clear();
    fakeFetch({
      'GET /backend/api/v2/invitations/check': new FakeAnswer(409, {
        detail: 'This invitation has already been used. Sign in with your e-mail and password.',
        code: 'invitation_used',
        fields: {},
      }),
    });
    renderApp(`/driver/invite/${'B'.repeat(43)}`);
    expect(
      await screen.findByText(
        'This invitation has already been used. Sign in with your e-mail and password.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeTruthy();
  });
});
