import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeAnswer, renderApp } from '@/test/render-app';
import { deliveryRows } from './delivery-map-page';
import { makeMapItem, makeVehicle, setupMapPages, VEHICLE_MAP } from './map-pages-test-data';

const SLOW = { timeout: 20_000 };

const ON_TIME = makeMapItem();
const LATE = makeMapItem({
  id: 302,
  unit_id: 'U-302',
  active_driver: null,
  lat: 32.78,
  lon: -96.8,
  address: 'Dallas, TX',
  load: {
    id: 78,
    status: 2,
    next_point: {
      type: 'pick_up',
      address: '233 S Wacker Dr',
      city: 'Chicago',
      state: 'IL',
      zip_code: '60601',
      country: 'US',
      lat: 41.88,
      lon: -87.63,
      date: '2026-11-21T21:00:00Z',
    },
  },
});
const NOT_ON_LOAD = makeMapItem({ id: 303, unit_id: 'U-303', load: null });

describe('delivery map rows', () => {
  it('give the miles to the next point and the ETA at 50 mph, flagged when after the appointment', () => {
    const now = new Date('2026-11-21T20:00:00Z');
    const [dallas] = deliveryRows([LATE], now);
    // Dallas to Chicago: 1,294 km in a straight line, / 0.86 for the roads = 935 miles: 18.7 hours at 50 mph.
    expect(dallas!.milesLeft).toBe(935);
    expect(dallas!.eta?.toISOString()).toBe(new Date(now.getTime() + (935 / 50) * 3_600_000).toISOString());
    expect(dallas!.late).toBe(true);
    expect(deliveryRows([ON_TIME], now)[0]!.late).toBe(false);
  });

  it('leave out vehicles without a load, and keep those whose next point has no coordinates', () => {
    const unlocated = makeMapItem({
      id: 304,
      load: {
        id: 79,
        status: 5,
        next_point: {
          type: 'deliver_to',
          address: 'Somewhere',
          city: 'Somewhere',
          state: 'IN',
          zip_code: null,
          country: 'US',
          lat: null,
          lon: null,
          date: null,
        },
      },
    });
    const rows = deliveryRows([NOT_ON_LOAD, unlocated], new Date());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ milesLeft: null, eta: null, late: false });
  });
});

describe('delivery map page', () => {
  it('asks for the vehicles on load and lists them with the next point, the load and the miles left', async () => {
    const { callsTo } = setupMapPages({
      [`GET ${VEHICLE_MAP}`]: { count: 3, results: [ON_TIME, LATE, NOT_ON_LOAD] },
    });
    renderApp('/units/delivery-map/');
    const list = await screen.findByRole('list', { name: 'Vehicles on loads' }, SLOW);
    const asked = new URLSearchParams(callsTo('GET', VEHICLE_MAP)[0]!.url.split('?')[1]);
    expect(asked.get('status')).toBe('3');
    expect(screen.getByText('Vehicles on loads: 2')).toBeTruthy();

    const rows = within(list).getAllByRole('button', { name: /^Unit / });
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Unit U-301, load 77',
      'Unit U-302, load 78',
    ]);
    expect(within(rows[0]!).getByText('Tom Trucker')).toBeTruthy();
    expect(within(rows[0]!).getByText('Next: Delivery, Detroit, MI 48201')).toBeTruthy();
    expect(within(rows[1]!).getByText('Next: Pick-up, 233 S Wacker Dr, Chicago, IL 60601')).toBeTruthy();
    expect(within(rows[1]!).getByText('935 mi')).toBeTruthy();
    // 21:00 UTC is 04:00pm in New York.
    expect(within(rows[1]!).getByText('Appointment 04:00pm 11/21/2026')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Open load 77' }).getAttribute('href')).toBe(
      '/load/active/77/',
    );

    const map = screen.getByRole('region', { name: 'Delivery map' });
    expect(await within(map).findByRole('button', { name: 'Unit U-301, South Bend, IN' }, SLOW)).toBeTruthy();
    expect(
      within(map).getByRole('img', { name: 'Next point of unit U-301: Delivery, Detroit, MI 48201' }),
    ).toBeTruthy();
  });

  it('filters the list by unit, driver, load or place, and opens a vehicle card', async () => {
    setupMapPages({
      [`GET ${VEHICLE_MAP}`]: { count: 2, results: [ON_TIME, LATE] },
      'GET /backend/api/v2/cars/302': makeVehicle({ id: 302, unit_id: 'U-302' }),
    });
    renderApp('/units/delivery-map/');
    const list = await screen.findByRole('list', { name: 'Vehicles on loads' }, SLOW);
    fireEvent.change(screen.getByRole('textbox', { name: 'Unit, driver, load or place' }), {
      target: { value: 'chicago' },
    });
    expect(within(list).getAllByRole('button', { name: /^Unit / })).toHaveLength(1);
    fireEvent.click(within(list).getByRole('button', { name: 'Unit U-302, load 78' }));
    expect(await screen.findByRole('dialog', { name: 'Unit U-302' })).toBeTruthy();
  });

  it('shows loading, then an empty fleet in words', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { callsTo } = setupMapPages({
      [`GET ${VEHICLE_MAP}`]: () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/units/delivery-map/');
    await waitFor(() => expect(callsTo('GET', VEHICLE_MAP)).toHaveLength(1), SLOW);
    const panel = await screen.findByRole('heading', { name: 'Vehicles on loads' });
    expect(
      within(panel.parentElement!.parentElement!).getByRole('progressbar', { name: 'Loading…' }),
    ).toBeTruthy();
    answer({ count: 1, results: [NOT_ON_LOAD] });
    expect(await screen.findByText('No vehicles on active loads')).toBeTruthy();
  });

  it('shows a failed load with a way to try again', async () => {
    setupMapPages({ [`GET ${VEHICLE_MAP}`]: new FakeAnswer(500, { detail: 'Down' }) });
    renderApp('/units/delivery-map/');
    expect(await screen.findByText('Could not load this', undefined, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
