import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lastQuery, setupListPages } from '@/components/lists/list-test-data';
import { FakeWebSocket } from '@/test/fake-web-socket';
import { FakeAnswer, renderApp } from '@/test/render-app';
import { BOARD_STORAGE_KEYS } from '../components/board-storage';
import { DRIVER_BID, makeBoardLoad } from '../board-test-data';

// The board as a dispatcher uses it, through the real app, router and query cache; only the network and
// the socket are fake.

const BOARD = '/backend/api/v2/loads/loadboard';
const SEEN = `${BOARD}/seen`;
const FILTERS = '/backend/api/v2/profile/update-filters';

function board(loads = [makeBoardLoad()], count = loads.length) {
  return { count, results: loads };
}

/** The first page drawn in a test file waits for the page's code and MUI's styles: slow on a busy machine. */
const FIRST_DRAW = { timeout: 20_000 };

const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-board-item'));

const rowIds = (table: HTMLElement) => rows(table).map((row) => Number(row.getAttribute('data-load-id')));

async function openBoard(path = '/loadboard/') {
  const app = renderApp(path);
  const table = await screen.findByRole('table', { name: 'Load board' }, FIRST_DRAW);
  return { app, table };
}

function live(event: string, data: unknown) {
  act(() => FakeWebSocket.last().receive({ event, data }));
}

describe('the load board', () => {
  it('shows loads with pending driver bids above all others, each row with what a dispatcher scans', async () => {
    setupListPages({
      [`GET ${BOARD}`]: board([
        makeBoardLoad({ id: 50, pays: 1000, rate_per_mile: 1.03, deadhead_miles: 35 }),
        makeBoardLoad({ id: 49, pending_driver_bids: [DRIVER_BID] }),
        makeBoardLoad({
          id: 48,
          is_blacklisted: true,
          broker_company_instance: {
            id: 9,
            name: 'Shady Freight',
            mc_number: null,
            rating: 4,
            in_blacklist: true,
          },
        }),
      ]),
    });
    const { table } = await openBoard();
    expect(rowIds(table)).toEqual([49, 50, 48]);
    expect(within(table).getByText('Pending driver bids (1)')).toBeTruthy();
    expect(within(table).getByText('All other loads (2)')).toBeTruthy();
    const [pending, first] = rows(table) as [HTMLElement, HTMLElement];
    expect(within(pending).getByText('Driver bids: 1, best $1,950.00')).toBeTruthy();
    // Eastern time: 20:04 UTC on November 21 is 03:04pm in New York.
    expect(within(first).getByText('Dallas, TX')).toBeTruthy();
    expect(within(first).getByText('03:04pm 11/21/2026')).toBeTruthy();
    expect(within(first).getByText('$1,000.00')).toBeTruthy();
    expect(within(first).getByText('$1.03/mi')).toBeTruthy();
    expect(within(first).getByText('DH 35 mi')).toBeTruthy();
    expect(within(first).getByText('48×40×40 in · 1,200 lbs')).toBeTruthy();
    expect(within(first).getByRole('img', { name: 'Broker rating: Approved' })).toBeTruthy();
    expect(within(first).getByText('5 min ago')).toBeTruthy();
    const shady = rows(table)[2]!;
    expect(within(shady).getByText('Blacklisted')).toBeTruthy();
    expect(within(shady).getByRole('img', { name: 'Broker rating: Severe Risk' })).toBeTruthy();
  });

  it('asks for 100 loads of page 1 and sends every filter of the custom template as the API names it', async () => {
    localStorage.setItem(BOARD_STORAGE_KEYS.currentTemplate, JSON.stringify('Custom'));
    localStorage.setItem(
      BOARD_STORAGE_KEYS.customTemplate,
      JSON.stringify({
        pickupStates: ['TX', 'OK'],
        deliveryStates: ['IL'],
        vehicleTypes: ['VAN', 'REEFER'],
        vehiclesExclude: true,
        miles: 800,
        maxMiles: 120,
        brokers: [8],
        brokersExclude: false,
        match: true,
      }),
    );
    localStorage.setItem(BOARD_STORAGE_KEYS.teams, '3');
    localStorage.setItem(BOARD_STORAGE_KEYS.groups, '31');
    localStorage.setItem(BOARD_STORAGE_KEYS.brokerages, '["S"]');
    const { callsTo } = setupListPages({ [`GET ${BOARD}`]: board() });
    await openBoard();
    const query = lastQuery(callsTo('GET', BOARD));
    expect(Object.fromEntries(query)).toEqual({
      page: '1',
      limit: '100',
      wg: '3',
      sub_wg: '31',
      brokerage: 'S',
      pickUpAt_state: 'TX,OK',
      deliverTo_state: 'IL',
      not_car: 'VAN,REEFER',
      max_miles: '800',
      brokers: '8',
      match: 'true',
      max_miles_out: '120',
    });
  });

  it('changing a filter with no template creates Custom and asks again', async () => {
    const { callsTo } = setupListPages({ [`GET ${BOARD}`]: board() });
    await openBoard();
    expect(lastQuery(callsTo('GET', BOARD)).get('match')).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: 'Match my trucks' }));
    await waitFor(() => expect(lastQuery(callsTo('GET', BOARD)).get('match')).toBe('true'));
    expect(localStorage.getItem(BOARD_STORAGE_KEYS.currentTemplate)).toBe('"Custom"');
    expect(screen.getByRole('combobox', { name: 'Template' }).textContent).toBe('Custom');
    // No named template changed: nothing is saved to the profile.
    expect(callsTo('PUT', FILTERS)).toHaveLength(0);
  });

  it('a named template sets its filters; changing one of them updates the template and saves it', async () => {
    const east = {
      name: 'East',
      pickupStates: [],
      deliveryStates: ['NY'],
      vehicleTypes: [],
      vehiclesExclude: false,
      miles: null,
      maxMiles: null,
      brokers: [],
      brokersExclude: false,
      match: false,
    };
    const { callsTo } = setupListPages(
      {
        [`GET ${BOARD}`]: board(),
        [`PUT ${FILTERS}`]: (call: { body: unknown }) => call.body,
      },
      { filters_data_2: JSON.stringify([east]) },
    );
    await openBoard();
    await userEvent.click(screen.getByRole('combobox', { name: 'Template' }));
    await userEvent.click(await screen.findByRole('option', { name: 'East' }));
    await waitFor(() => expect(lastQuery(callsTo('GET', BOARD)).get('deliverTo_state')).toBe('NY'));
    expect(localStorage.getItem(BOARD_STORAGE_KEYS.currentTemplate)).toBe('"East"');

    await userEvent.click(screen.getByRole('switch', { name: 'Match my trucks' }));
    await waitFor(() => expect(callsTo('PUT', FILTERS)).toHaveLength(1));
    const saved = callsTo('PUT', FILTERS)[0]!.body as { filters_data_2: string };
    expect(JSON.parse(saved.filters_data_2)).toEqual([{ ...east, match: true }]);
    expect(screen.getByRole('combobox', { name: 'Template' }).textContent).toBe('East');
  });

  it('moves with up and down, marks the load seen with S (dimmed) and opens it with Enter', async () => {
    const { callsTo } = setupListPages({
      [`GET ${BOARD}`]: board([makeBoardLoad({ id: 50 }), makeBoardLoad({ id: 49 })]),
      [`POST ${SEEN}`]: { ids: [49] },
    });
    const { app, table } = await openBoard();
    const [first, second] = rows(table) as [HTMLElement, HTMLElement];
    first.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(second);
    await userEvent.keyboard('s');
    await waitFor(() => expect(callsTo('POST', SEEN)).toHaveLength(1));
    expect(callsTo('POST', SEEN)[0]!.body).toEqual({ ids: [49] });
    expect(second.getAttribute('data-seen')).toBe('true');
    expect(first.hasAttribute('data-seen')).toBe(false);
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(first);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(app.pathname()).toBe('/loadboard/50'));
  });

  it('slides a load posted live in at the front of its section when it matches the filters, and no other', async () => {
    localStorage.setItem(BOARD_STORAGE_KEYS.currentTemplate, JSON.stringify('Custom'));
    localStorage.setItem(BOARD_STORAGE_KEYS.customTemplate, JSON.stringify({ pickupStates: ['TX'] }));
    setupListPages({ [`GET ${BOARD}`]: board([makeBoardLoad({ id: 50 })]) });
    const { table } = await openBoard();
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    act(() => FakeWebSocket.last().open());

    live('update_loadboard', { load: makeBoardLoad({ id: 61 }) });
    expect(rowIds(table)).toEqual([61, 50]);
    expect(rows(table)[0]!.getAttribute('data-new')).toBe('true');
    expect(screen.getByLabelText('Loads on the board').textContent).toBe('2');

    // Picked up in Ohio: not on this board.
    const ohio = makeBoardLoad({ id: 62 });
    ohio.points[0] = { ...ohio.points[0]!, state: 'OH', city: 'Columbus' };
    live('update_loadboard', { load: ohio });
    expect(rowIds(table)).toEqual([61, 50]);

    // A driver bid on 50 moves it to the pending section.
    live('driver_bid', { load: makeBoardLoad({ id: 50, pending_driver_bids: [DRIVER_BID] }) });
    expect(rowIds(table)).toEqual([50, 61]);
    expect(within(table).getByText('Pending driver bids (1)')).toBeTruthy();

    // Booked: it leaves the board.
    live('update_loadboard', { load: makeBoardLoad({ id: 61, board_status: 'booked' }) });
    expect(rowIds(table)).toEqual([50]);
    // Deleted: told by its id alone.
    live('update_loadboard', { load: { id: 50, board_status: 'withdrawn' } });
    expect(screen.getByText('No loads match these filters')).toBeTruthy();
  });

  it('plays the new-load sound while the flag is on, and not once it is turned off (kept in local storage)', async () => {
    // The browser's Web Audio, faked: each tone of the chime starts an oscillator.
    const started: number[] = [];
    class FakeAudioContext {
      state = 'running';
      currentTime = 0;
      destination = {};
      createOscillator() {
        return {
          type: 'sine',
          frequency: { value: 0 },
          connect: (node: unknown) => node,
          start: () => started.push(Date.now()),
          stop: () => undefined,
        };
      }
      createGain() {
        const gain = {
          gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
          connect: (node: unknown) => node,
        };
        return gain;
      }
      resume() {
        return Promise.resolve();
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    setupListPages({ [`GET ${BOARD}`]: board([makeBoardLoad({ id: 50 })]) });
    const { table } = await openBoard();
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    act(() => FakeWebSocket.last().open());

    live('update_loadboard', { load: makeBoardLoad({ id: 61 }) });
    expect(rowIds(table)).toEqual([61, 50]);
    expect(started).toHaveLength(2);
    // A change of a load already listed is no new load: no sound.
    live('update_loadboard', { load: makeBoardLoad({ id: 61, pays: 2500 }) });
    expect(started).toHaveLength(2);

    await userEvent.click(screen.getByRole('switch', { name: 'Sound for new loads' }));
    expect(localStorage.getItem(BOARD_STORAGE_KEYS.sound)).toBe('false');
    live('update_loadboard', { load: makeBoardLoad({ id: 62 }) });
    expect(rowIds(table)).toEqual([62, 61, 50]);
    expect(started).toHaveLength(2);
  });

  it('shows a dispatcher bid on its load and puts the load back in id order, newest first', async () => {
    setupListPages({ [`GET ${BOARD}`]: board([makeBoardLoad({ id: 50 }), makeBoardLoad({ id: 40 })]) });
    const { table } = await openBoard();
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    act(() => FakeWebSocket.last().open());
    live('update_loadboard', { load: makeBoardLoad({ id: 45 }) });
    expect(rowIds(table)).toEqual([45, 50, 40]);
    const bid = {
      id: 70,
      dispatcher_id: 11,
      dispatcher_name: 'Ada Admin',
      vehicle_id: 7,
      unit_id: 'T-7',
      price: 2100,
      status: 1,
      created_at: '2026-11-21T19:00:00Z',
    };
    live('dispatcher_bid', { load_id: 45, dispatcher_bids: [bid], dispatcher_bids_count: 1 });
    expect(rowIds(table)).toEqual([50, 45, 40]);
    expect(within(rows(table)[1]!).getByText('Our bid $2,100.00 (of 1)')).toBeTruthy();
  });

  it('keeps a 500 of the board silent: no toast, the list says it could not load and offers a retry', async () => {
    setupListPages({ [`GET ${BOARD}`]: new FakeAnswer(500, { detail: 'Boom', code: 'internal_error' }) });
    renderApp('/loadboard/');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('Request failed with HTTP code 500')).toBeTruthy();
    // The toast would be an alert of its own; the page's error state is the only word of it.
    expect(screen.queryAllByRole('alert').filter((alert) => alert.closest('.MuiSnackbar-root'))).toEqual([]);
  });

  it('says when no load matches the filters, and clears them', async () => {
    localStorage.setItem(BOARD_STORAGE_KEYS.currentTemplate, JSON.stringify('Custom'));
    localStorage.setItem(BOARD_STORAGE_KEYS.customTemplate, JSON.stringify({ deliveryStates: ['AK'] }));
    const { callsTo } = setupListPages({
      [`GET ${BOARD}`]: (call: { url: string }) =>
        call.url.includes('deliverTo_state') ? board([]) : board(),
    });
    renderApp('/loadboard/');
    expect(await screen.findByText('No loads match these filters')).toBeTruthy();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!;
    await userEvent.click(clear);
    await screen.findByRole('table', { name: 'Load board' });
    expect(lastQuery(callsTo('GET', BOARD)).get('deliverTo_state')).toBeNull();
    expect(localStorage.getItem(BOARD_STORAGE_KEYS.currentTemplate)).toBe('"None"');
  });

  it('opens a load beside the list from its address, read from the board by its id', async () => {
    setupListPages({
      [`GET ${BOARD}`]: board([makeBoardLoad({ id: 42 })]),
      [`GET ${BOARD}/42`]: makeBoardLoad({ id: 42, note: 'Call before loading' }),
    });
    renderApp('/loadboard/42?active_driver=5');
    const detail = await screen.findByRole('region', { name: 'Board load 42' }, FIRST_DRAW);
    await within(detail).findByText('Call before loading');
    expect(within(detail).getByText('Dallas, TX → Chicago, IL')).toBeTruthy();
    expect(within(detail).getByText('MC-123456')).toBeTruthy();
    expect(within(detail).queryByText(/^This load (was booked|was withdrawn|expired)/)).toBeNull();
  });

  it('says when the opened load was booked, and when it is gone', async () => {
    setupListPages({
      [`GET ${BOARD}`]: board(),
      [`GET ${BOARD}/43`]: makeBoardLoad({ id: 43, board_status: 'booked' }),
      [`GET ${BOARD}/77`]: new FakeAnswer(404, { detail: 'Not found.', code: 'not_found' }),
    });
    const app = renderApp('/loadboard/43');
    expect(
      await screen.findByText('This load was booked: it is no longer on the board.', {}, FIRST_DRAW),
    ).toBeTruthy();
    await act(() => app.router.navigate('/loadboard/77'));
    expect(await screen.findByText('This load is no longer on the board')).toBeTruthy();
  });
});
