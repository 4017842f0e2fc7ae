import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeAnswer } from '@/test/render-app';
import { renderApp } from '@/test/render-app';
import { lastQuery } from '@/components/lists/list-test-data';
import {
  CAPACITY_SEARCH,
  capacityAnswer,
  closestCars,
  makeResult,
  makeVehicle,
  setupMapPages,
} from './map-pages-test-data';

const ACTIVE_LOADS = '/backend/api/v2/loads/active';
const CHICAGO_SEARCH = '/units/map/?lat=41.88&lon=-87.63&address=Chicago%2C+IL%2C+USA';

const CLOSE = makeResult();
const PLANNED = makeResult({
  id: 102,
  unit_id: 'U-102',
  transport_type: 'BOX TRUCK',
  status: { id: 3, name: 'On load' },
  active_driver: null,
  drivers: [],
  deadhead_miles: 87,
  eta: '2026-11-22T15:30:00Z',
  uses_planned_location: true,
  location_status: 3,
  future_location: {
    address: 'Milwaukee, WI, USA',
    city: 'Milwaukee',
    state: 'WI',
    zip_code: null,
    country: 'US',
    lat: 43.04,
    lon: -87.91,
    available_date: '2026-11-22T14:00:00Z',
    updated_by: null,
    last_update_time: null,
  },
});

function query(calls: { url: string }[]): URLSearchParams {
  return new URLSearchParams(calls[calls.length - 1]?.url.split('?')[1] ?? '');
}

/** The page and the map's land are loaded on first use, which takes a while on a busy machine. */
const SLOW = { timeout: 20_000 };

async function resultsList() {
  return screen.findByRole('list', { name: 'Closest vehicles' }, SLOW);
}

describe('capacity search page', () => {
  it('asks for a place or a load first, and searches nothing until then', async () => {
    const { callsTo } = setupMapPages({});
    renderApp('/units/map/');
    expect(await screen.findByText('Choose a place or a load', undefined, SLOW)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Capacity map' })).toBeTruthy();
    expect(callsTo('GET', CAPACITY_SEARCH)).toHaveLength(0);
  });

  it('lists the vehicles closest to the place by deadhead miles, with their ETA in Eastern time', async () => {
    const { callsTo } = setupMapPages({ [`GET ${CAPACITY_SEARCH}`]: capacityAnswer([CLOSE, PLANNED]) });
    renderApp(CHICAGO_SEARCH);
    const list = await resultsList();
    const asked = query(callsTo('GET', CAPACITY_SEARCH));
    expect(asked.get('lat')).toBe('41.88');
    expect(asked.get('lon')).toBe('-87.63');
    expect(asked.get('radius')).toBe('150');
    expect(asked.get('status')).toBeNull();
    // The map shows every truck within the radius, up to the API's most, not the default 20 closest.
    expect(asked.get('limit')).toBe('500');

    expect(screen.getByText('Vehicles within 150 mi: 2')).toBeTruthy();
    const [first, second] = within(list).getAllByRole('button');
    expect(first!.getAttribute('aria-label')).toBe('Unit U-101, Available, 12 mi');
    // 20:04 UTC on November 21 is 03:04pm in New York.
    expect(within(first!).getByText('ETA 03:04pm 11/21/2026')).toBeTruthy();
    expect(within(first!).getByText('Dan Driver')).toBeTruthy();
    expect(within(first!).getByText('Chicago, IL')).toBeTruthy();
    expect(second!.getAttribute('aria-label')).toBe('Unit U-102, On load, 87 mi');
    expect(within(second!).getByText('No driver')).toBeTruthy();
    // Counted at its planned location, free from 09:00am Eastern.
    expect(within(second!).getByText('Planned: Milwaukee, WI, free 09:00am 11/22/2026')).toBeTruthy();

    const map = screen.getByRole('region', { name: 'Capacity map' });
    expect(
      await within(map).findByRole('button', { name: 'Unit U-101, Available, 12 mi, Chicago, IL' }, SLOW),
    ).toBeTruthy();
    expect(within(map).getByRole('img', { name: 'Search origin: Chicago, IL, USA' })).toBeTruthy();
    const legend = within(map).getByRole('figure', { name: 'Legend' });
    expect(within(legend).getByText('Available')).toBeTruthy();
    expect(within(legend).getByText('On load')).toBeTruthy();
  });

  it('opens the vehicle card from a row and from a marker', async () => {
    const { callsTo } = setupMapPages({
      [`GET ${CAPACITY_SEARCH}`]: capacityAnswer([CLOSE, PLANNED]),
      'GET /backend/api/v2/cars/101': makeVehicle(),
      'GET /backend/api/v2/cars/102': makeVehicle({ id: 102, unit_id: 'U-102' }),
    });
    renderApp(CHICAGO_SEARCH);
    const list = await resultsList();
    fireEvent.click(within(list).getByRole('button', { name: 'Unit U-101, Available, 12 mi' }));
    expect(await screen.findByRole('dialog', { name: 'Unit U-101' })).toBeTruthy();
    expect(callsTo('GET', '/backend/api/v2/cars/101')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unit U-101' })).toBeNull());

    const map = await screen.findByRole('region', { name: 'Capacity map' });
    const marker = await within(map).findByRole('button', { name: /^Unit U-102, On load, 87 mi/ }, SLOW);
    fireEvent.click(marker);
    expect(await screen.findByRole('dialog', { name: 'Unit U-102' })).toBeTruthy();
  });

  it('searches again with a wider radius', async () => {
    const { callsTo } = setupMapPages({ [`GET ${CAPACITY_SEARCH}`]: capacityAnswer([CLOSE]) });
    const view = renderApp(CHICAGO_SEARCH);
    await resultsList();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Radius' }));
    fireEvent.click(await screen.findByRole('option', { name: '300 mi' }));
    await waitFor(() => expect(query(callsTo('GET', CAPACITY_SEARCH)).get('radius')).toBe('300'));
    expect(view.router.state.location.search).toContain('radius=300');
  });

  it('keeps a change made before the one before it is shown: a radius, then a date at once', async () => {
    setupMapPages({ [`GET ${CAPACITY_SEARCH}`]: capacityAnswer([CLOSE]) });
    const view = renderApp(CHICAGO_SEARCH);
    await resultsList();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Radius' }));
    const fifty = screen.getByRole('option', { name: '50 mi' });
    // The date is changed before the page has taken the radius (as on a busy machine).
    act(() => {
      fireEvent.click(fifty);
      fireEvent.change(screen.getByLabelText('Available by'), { target: { value: '2026-12-01' } });
    });
    await waitFor(() => expect(view.router.state.location.search).toContain('date=2026-12-01'));
    const search = new URLSearchParams(view.router.state.location.search);
    expect(search.get('radius')).toBe('50');
    expect(search.get('address')).toBe('Chicago, IL, USA');
  });

  it('says it is searching while the answer is on its way', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { callsTo } = setupMapPages({
      [`GET ${CAPACITY_SEARCH}`]: () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp(CHICAGO_SEARCH);
    await waitFor(() => expect(callsTo('GET', CAPACITY_SEARCH)).toHaveLength(1), SLOW);
    expect(await screen.findByRole('progressbar', { name: 'Searching…' })).toBeTruthy();
    answer(capacityAnswer([CLOSE]));
    expect(await resultsList()).toBeTruthy();
  });

  it('fits the map to the search’s circle while the answer is on its way, and keeps that view when it comes', async () => {
    const zoomOf = () => document.querySelector('svg[data-base-map]')?.getAttribute('data-zoom');
    setupMapPages({});
    const home = renderApp('/units/map/');
    await waitFor(() => expect(zoomOf()).toBeTruthy(), SLOW);
    const homeZoom = zoomOf();
    home.unmount();
    let answer: (value: unknown) => void = () => undefined;
    setupMapPages({ [`GET ${CAPACITY_SEARCH}`]: () => new Promise((resolve) => (answer = resolve)) });
    renderApp(CHICAGO_SEARCH);
    expect(await screen.findByRole('progressbar', { name: 'Searching…' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(zoomOf()).toBeTruthy(), SLOW);
    const searchingZoom = zoomOf();
    expect(searchingZoom).not.toBe(homeZoom);
    answer(capacityAnswer([CLOSE, PLANNED]));
    expect(await resultsList()).toBeTruthy();
    expect(zoomOf()).toBe(searchingZoom);
  });

  it('says when no vehicle is within the radius', async () => {
    setupMapPages({ [`GET ${CAPACITY_SEARCH}`]: capacityAnswer([]) });
    renderApp(CHICAGO_SEARCH);
    expect(await screen.findByText('No vehicles within 150 mi')).toBeTruthy();
    expect(screen.getByText('Widen the radius or change the filters.')).toBeTruthy();
  });

  it('shows a failed search with a way to try again', async () => {
    let failing = true;
    const { callsTo } = setupMapPages({
      [`GET ${CAPACITY_SEARCH}`]: () =>
        failing ? new FakeAnswer(500, { detail: 'Down' }) : capacityAnswer([CLOSE]),
    });
    renderApp(CHICAGO_SEARCH);
    expect(await screen.findByText('Could not load this')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await resultsList()).toBeTruthy();
    expect(callsTo('GET', CAPACITY_SEARCH).length).toBeGreaterThanOrEqual(2);
  });

  it('searches from a load’s pick-up, and says when the load does not exist', async () => {
    const { callsTo } = setupMapPages({
      [`GET ${closestCars(42)}`]: capacityAnswer([CLOSE], {
        origin: { lat: 32.78, lon: -96.8, address: 'Dallas, TX 75201' },
      }),
      [`GET ${ACTIVE_LOADS}`]: { count: 0, results: [] },
    });
    const view = renderApp('/units/map/?from=load&load_id=42');
    await resultsList();
    expect(callsTo('GET', closestCars(42))).toHaveLength(1);
    // The server's available date (19:45 UTC) in Eastern time.
    expect(screen.getByText('From Dallas, TX 75201 · free by 02:45pm 11/21/2026')).toBeTruthy();

    const loadNumber = screen.getByRole('textbox', { name: 'Load number' });
    fireEvent.change(loadNumber, { target: { value: '43' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('No active load has the number 43')).toBeTruthy();
    expect(view.router.state.location.search).toContain('load_id=42');

    fireEvent.change(loadNumber, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText("Enter the load's number, e.g. 000301")).toBeTruthy();
  });

  it('says the trucks are the closest 500 when the search answered its most: there may be more', async () => {
    const many = Array.from({ length: 500 }, (_, index) =>
      makeResult({ id: 1000 + index, unit_id: `U-${1000 + index}`, deadhead_miles: index }),
    );
    setupMapPages({ [`GET ${CAPACITY_SEARCH}`]: capacityAnswer(many, { radius: 300 }) });
    renderApp(`${CHICAGO_SEARCH}&radius=300`);
    await resultsList();
    expect(screen.getByText('Vehicles within 300 mi: the closest 500')).toBeTruthy();
  });

  it('takes the number the lists show, padded or not, before the id, and says which load it found', async () => {
    // Load 321 is numbered 000300; load 300 is another load, numbered 000280.
    const numbered = (id: number, number: number) => ({ id, load_accounting_number: number });
    const { callsTo } = setupMapPages({
      [`GET ${ACTIVE_LOADS}`]: { count: 2, results: [numbered(300, 280), numbered(321, 300)] },
      [`GET ${ACTIVE_LOADS}/321/`]: numbered(321, 300),
      [`GET ${closestCars(321)}`]: capacityAnswer([CLOSE]),
    });
    const view = renderApp('/units/map/?from=load');
    const loadNumber = await screen.findByRole('textbox', { name: 'Load number' });
    for (const typed of ['000300', '300']) {
      fireEvent.change(loadNumber, { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: 'Find' }));
      await waitFor(() => expect(view.router.state.location.search).toContain('load_id=321'));
      expect(await screen.findByText('Load 000300 · ID 321')).toBeTruthy();
    }
    expect(lastQuery(callsTo('GET', ACTIVE_LOADS)).get('search')).toBe('300');
    expect(callsTo('GET', closestCars(300))).toHaveLength(0);
  });
});
