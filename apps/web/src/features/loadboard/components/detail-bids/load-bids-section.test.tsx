import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ClosestCar, ClosestCarsResponse } from '@app/domain/loadboard/insights.schema';
import type { BoardLoad } from '@app/domain/loadboard/loadboard.schema';
import type { Vehicle } from '@app/domain/units/units.schema';
import { AppProviders } from '@/app/providers';
import { BidSnackbar } from '@/components/bid-snackbar/bid-snackbar';
import { CurrentUserProvider } from '@/lib/current-user';
import { createQueryClient } from '@/lib/query-client';
import { FakeAnswer, fakeFetch, makeUser, storeSession } from '@/test/render-app';
import { DEFAULT_PROPOSITION_TEMPLATE } from '@app/domain/bids/proposition-template.rules';
import { DRIVER_BID, makeBoardLoad } from '../../board-test-data';
import { LoadBidsSection } from './load-bids-section';

// The board load's bids section against fake server answers in the schemas' shapes.

const V2 = '/backend/api/v2';
const CLOSEST = `${V2}/loads/42/closest-cars`;
const SENT = `${V2}/propositions/history`;
const CREATE = `${V2}/propositions/create`;
const FLEET = `${V2}/cars/all`;
const TEMPLATE = `${V2}/propositions/template`;

function vehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  return {
    id: 7,
    unit_id: 'T-7',
    transport_type: 'VAN',
    status: { id: 1, name: 'Available' },
    width: 70,
    height: 70,
    length: 144,
    payload: 3500,
    equipment: {},
    active_driver: { id: 5, full_name: 'Dan Driver', phone_number: null },
    owner: { id: 30, full_name: 'Olga Owner', company_name: null },
    location: {
      address: null,
      city: 'Dallas',
      state: 'TX',
      zip_code: '75201',
      country: 'US',
      lat: 32.78,
      lon: -96.8,
      updated_by: null,
      last_update_time: '2026-11-21T18:00:00Z',
    },
    loads_allowed_for_driver: true,
    loads_allowed_for_owner: true,
    ...overrides,
  } as Vehicle;
}

const closest = (cars: ClosestCar[]): ClosestCarsResponse => ({
  origin: { lat: 32.78, lon: -96.8, address: 'Dallas, TX' },
  available_date: '2026-11-21T20:00:00Z',
  radius: 300,
  count: cars.length,
  results: cars,
});

const closestCar = (overrides: Partial<Vehicle> = {}): ClosestCar => ({
  ...vehicle(overrides),
  deadhead_miles: 35,
  eta: new Date(Date.now() + 2 * 3600_000).toISOString(),
  uses_planned_location: false,
  fit: { fits: true, reasons: [], missing_equipment: [], unknown: [], notes: [] },
});

function setup(routes: Record<string, unknown> = {}) {
  storeSession();
  return fakeFetch({
    [`GET ${CLOSEST}`]: closest([closestCar()]),
    [`GET ${SENT}`]: { count: 0, results: [] },
    [`GET ${FLEET}`]: { count: 0, results: [] },
    [`GET ${TEMPLATE}`]: { template: DEFAULT_PROPOSITION_TEMPLATE, is_default: true },
    ...routes,
  });
}

function renderSection(load: BoardLoad, activeDriverId?: number) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <CurrentUserProvider
            user={makeUser({ id: 21, role: 5, first_name: 'Dina', last_name: 'Dispatch' })}
          >
            <LoadBidsSection load={load} activeDriverId={activeDriverId} />
            <BidSnackbar />
          </CurrentUserProvider>
        ),
      },
    ],
    { initialEntries: ['/loadboard/42'] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const load = makeBoardLoad({ load_accounting_number: 42, pending_driver_bids: [DRIVER_BID] });

describe('the bids section of a board load', () => {
  it('selects the driver named by ?active_driver= and fills the proposition from that bid', async () => {
    setup();
    renderSection(load, 5);
    const bids = screen.getByRole('list', { name: 'Driver and owner bids' });
    expect(within(bids).getByRole('listitem').getAttribute('aria-current')).toBe('true');
    expect(within(bids).getByText('$1,950.00')).toBeTruthy();
    expect(
      screen.getByText('Filled in from the bid of Dan Driver: set the broker price and send.'),
    ).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Proposition to the broker' });
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Driver price' }).value).toBe(
      '1950.00',
    );
    // The posted rate is the first broker price offered.
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Broker price' }).value).toBe(
      '2300.00',
    );
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: /Vehicle/ }).textContent).toContain('T-7'),
    );
  });

  it('sends the proposition once with an Idempotency-Key, previews the e-mail and shows the bid snackbar', async () => {
    const user = userEvent.setup();
    const network = setup({ [`POST ${CREATE}`]: new FakeAnswer(201, { id: 70 }) });
    renderSection(makeBoardLoad({ load_accounting_number: 42 }));
    const form = screen.getByRole('form', { name: 'Proposition to the broker' });
    await user.click(within(form).getByRole('combobox', { name: /Vehicle/ }));
    await user.click(await screen.findByRole('option', { name: /T-7 · Dan Driver · 35 mi out/ }));
    const price = within(form).getByRole('textbox', { name: 'Broker price' });
    await user.clear(price);
    await user.type(price, '2,450');
    await user.type(within(form).getByRole('textbox', { name: 'ETA, hours' }), '3');
    expect(within(form).getByText(/^Arrival: \d\d\/\d\d \d\d:\d\d [AP]M - .* EST$/)).toBeTruthy();
    const preview = within(form).getByRole('document', { name: 'E-mail preview' });
    expect(within(preview).getByText('$2,450.00').tagName).toBe('STRONG');
    expect(preview.textContent).toContain('144 x 70 x 70 in');
    expect(preview.textContent).toContain('Dallas, TX 75201, 35 miles out, ETA 3 h');
    expect(preview.textContent).toContain('Dina Dispatch');
    // The server adds the dispatcher's phone when it sends; the preview says where it goes.
    expect(preview.textContent).toContain('Please call (your phone) to confirm.');

    await user.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(network.callsTo('POST', CREATE)).toHaveLength(1));
    const sent = network.callsTo('POST', CREATE)[0]!;
    expect(sent.body).toEqual({
      load: 42,
      car: 7,
      driver: 5,
      price: '2,450',
      driver_price: null,
      eta: 3 * 3600,
      miles_out: 35,
      email_to: 'loads@acme.test',
      email_subject: 'Load #000042 Dallas, TX - Chicago, IL',
      message: null,
    });
    const key = network.fetch.mock.calls.find(([url]) => url === CREATE)?.[1]?.headers;
    expect(new Headers(key).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    const snackbar = await screen.findByText('Bid on load 000042 sent to the broker');
    // The form starts afresh: a second click is not a second bid.
    await waitFor(() =>
      expect(
        within(screen.getByRole('form', { name: 'Proposition to the broker' })).getByRole<HTMLInputElement>(
          'textbox',
          { name: 'Broker price' },
        ).value,
      ).toBe('2300.00'),
    );
    expect(
      within(snackbar.closest('[role="status"]')!).getByRole('link', { name: 'Open' }).getAttribute('href'),
    ).toBe('/bid/active/70');
  });

  it("previews the e-mail from the company's own template, as the server will send it", async () => {
    const user = userEvent.setup();
    setup({
      [`GET ${TEMPLATE}`]: {
        template: 'Our offer: [bold]{brokerPrice}[/bold], unit {vehicle}',
        is_default: false,
      },
    });
    renderSection(makeBoardLoad({ load_accounting_number: 42 }));
    const form = screen.getByRole('form', { name: 'Proposition to the broker' });
    await user.click(within(form).getByRole('combobox', { name: /Vehicle/ }));
    await user.click(await screen.findByRole('option', { name: /T-7 · Dan Driver · 35 mi out/ }));
    const preview = within(form).getByRole('document', { name: 'E-mail preview' });
    await waitFor(() => expect(preview.textContent).toContain('Our offer: $2,300.00, unit'));
    expect(within(preview).getByText('$2,300.00').tagName).toBe('STRONG');
    expect(preview.textContent).not.toContain('Please call');
  });

  it("explains 'Your email is not authorized' and where to authorise it; the form stays filled", async () => {
    const user = userEvent.setup();
    setup({
      [`POST ${CREATE}`]: new FakeAnswer(400, {
        detail: 'Your email is not authorized',
        code: 'email_not_authorized',
        fields: {},
      }),
    });
    renderSection(load, 5);
    const form = screen.getByRole('form', { name: 'Proposition to the broker' });
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: /Vehicle/ }).textContent).toContain('T-7'),
    );
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    const alert = await within(form).findByText(/Your email is not authorized/);
    expect(alert.textContent).toContain('save it in your profile settings');
    expect(within(form).getByRole('link', { name: 'Open profile settings' }).getAttribute('href')).toBe(
      '/settings/profile/',
    );
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Driver price' }).value).toBe(
      '1950.00',
    );
  });

  it('sends nothing without a vehicle and a broker price, and says so', async () => {
    const user = userEvent.setup();
    const network = setup();
    renderSection(makeBoardLoad({ pays: null }));
    const form = screen.getByRole('form', { name: 'Proposition to the broker' });
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Choose the vehicle')).toBeTruthy();
    expect(within(form).getByText('This field is required')).toBeTruthy();
    const price = within(form).getByRole('textbox', { name: 'Broker price' });
    await user.type(price, '0');
    expect(within(form).getByText('Must be more than $0')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(network.callsTo('POST', CREATE)).toHaveLength(0);
  });

  it('rejects a driver’s bid only with a reason', async () => {
    const user = userEvent.setup();
    const REJECT = `${V2}/bids/driver-bid/900/reject`;
    const network = setup({ [`PUT ${REJECT}`]: { id: 900 } });
    renderSection(load);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the bid of Dan Driver' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject bid' }));
    expect(within(dialog).getByText('Enter the reason')).toBeTruthy();
    expect(network.callsTo('PUT', REJECT)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  Too far out  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject bid' }));
    await waitFor(() => expect(network.callsTo('PUT', REJECT)).toHaveLength(1));
    expect(network.callsTo('PUT', REJECT)[0]?.body).toEqual({ reason: 'Too far out' });
    expect(await screen.findByText('Bid of Dan Driver rejected')).toBeTruthy();
  });

  it('forwards to the chosen trucks; a unit whose driver and owner see no loads is not active, with the spec’s tooltip', async () => {
    const user = userEvent.setup();
    const FORWARD = `${V2}/bids/forward`;
    const network = setup({
      [`GET ${FLEET}`]: {
        count: 2,
        results: [
          vehicle(),
          vehicle({ id: 8, unit_id: 'T-8', loads_allowed_for_driver: false, loads_allowed_for_owner: false }),
        ],
      },
      [`POST ${FORWARD}`]: {
        load_id: 42,
        forwarded: [
          {
            vehicle_id: 7,
            unit_id: 'T-7',
            forwarded_at: '2026-11-21T19:00:00Z',
            driver_sees: true,
            owner_sees: true,
          },
        ],
        skipped: [],
      },
    });
    renderSection(load);
    await user.click(screen.getByRole('button', { name: 'Forward to trucks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forward load 000042 to trucks' });
    const blocked = await within(dialog).findByRole('checkbox', { name: 'T-8' });
    expect((blocked as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).getByText('Not active')).toBeTruthy();
    await user.hover(within(dialog).getByText('T-8 · Dan Driver · Olga Owner'));
    expect(
      await screen.findByRole('tooltip', {
        name: 'The driver and the owner cannot see any loads for this vehicle in their loadboard',
      }),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: 'T-7' }));
    await user.click(within(dialog).getByRole('button', { name: 'Forward (1)' }));
    await waitFor(() => expect(network.callsTo('POST', FORWARD)).toHaveLength(1));
    expect(network.callsTo('POST', FORWARD)[0]?.body).toEqual({ load_id: 42, vehicle_ids: [7] });
    expect(await screen.findByText('Load 000042 forwarded to 1 units')).toBeTruthy();
  });

  it('lists the bids already sent to the broker, each opening its bid page', async () => {
    const network = setup({
      [`GET ${SENT}`]: {
        count: 1,
        results: [
          {
            id: 70,
            status: 1,
            vehicle: { id: 7, unit_id: 'T-7', transport_type: 'VAN' },
            dispatcher: { id: 21, first_name: 'Dina', last_name: 'Dispatch' },
            price: 2400,
            sent_at: '2026-11-21T19:30:00Z',
          },
        ],
      },
    });
    renderSection(load);
    const list = await screen.findByRole('list', { name: 'Bids sent to the broker' });
    expect(within(list).getByRole('link', { name: 'T-7' }).getAttribute('href')).toBe('/bid/active/70');
    expect(within(list).getByText('Dina Dispatch · 02:30pm 11/21/2026')).toBeTruthy();
    expect(within(list).getByText('$2,400.00')).toBeTruthy();
    expect(new URL(network.callsTo('GET', SENT)[0]!.url, 'http://x').searchParams.get('load')).toBe('42');
  });
});
