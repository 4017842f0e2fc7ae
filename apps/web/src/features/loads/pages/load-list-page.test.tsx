import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '@/i18n/i18n';
import { renderApp } from '@/test/render-app';
import { LOAD_LIST_STORAGE_KEYS } from '../components/load-list-state';
import { FakeAnswer, makeLoad, makePoint, setupLoads } from './load-test-data';

const ACTIVE = '/backend/api/v2/loads/active';

function listAnswer(loads = [makeLoad()], count = loads.length) {
  return { count, results: loads };
}

/** The query string of the last call to a list. */
function lastQuery(calls: { url: string }[]): URLSearchParams {
  const url = calls[calls.length - 1]?.url ?? '';
  return new URLSearchParams(url.split('?')[1] ?? '');
}

describe('load lists', () => {
  it("start filtered to a dispatcher's own loads, with the filter shown and removable", async () => {
    const { callsTo } = setupLoads(
      { [`GET ${ACTIVE}`]: listAnswer() },
      { id: 21, role: 5, first_name: 'Dina', last_name: 'Dispatch' },
    );
    renderApp('/my-loads/active/');
    await screen.findByRole('table', { name: 'Active loads' });
    expect(lastQuery(callsTo('GET', ACTIVE)).get('dispatcher')).toBe('21');
    const dispatcher = screen.getByRole<HTMLInputElement>('combobox', { name: 'Dispatcher' });
    expect(dispatcher.value).toBe('Dina Dispatch');

    await userEvent.click(screen.getByRole('button', { name: /Clear/ }));
    await waitFor(() => expect(lastQuery(callsTo('GET', ACTIVE)).get('dispatcher')).toBeNull());
    // Removed once, it stays removed.
    const saved = JSON.parse(localStorage.getItem(LOAD_LIST_STORAGE_KEYS.active)!) as {
      filters: { dispatcher: number | null };
    };
    expect(saved.filters.dispatcher).toBeNull();
  });

  it('says when a load was found by its id rather than by the number it shows', async () => {
    const { callsTo } = setupLoads({
      [`GET ${ACTIVE}`]: listAnswer([
        makeLoad({ id: 321, load_accounting_number: 300 }),
        makeLoad({ id: 300, load_accounting_number: null }),
      ]),
    });
    renderApp('/my-loads/active/');
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search loads' }), '300');
    await waitFor(() => expect(lastQuery(callsTo('GET', ACTIVE)).get('search')).toBe('300'));
    const table = await screen.findByRole('table', { name: 'Active loads' });
    const [numbered, byId] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(numbered).getByText('000300')).toBeTruthy();
    expect(within(numbered).queryByText(/Found by ID/)).toBeNull();
    expect(within(byId).getByText('Found by ID 300')).toBeTruthy();
  });

  it('start with every load for a manager', async () => {
    const { callsTo } = setupLoads({ [`GET ${ACTIVE}`]: listAnswer() }, { id: 22, role: 4 });
    renderApp('/my-loads/active/');
    await screen.findByRole('table', { name: 'Active loads' });
    expect(lastQuery(callsTo('GET', ACTIVE)).get('dispatcher')).toBeNull();
  });

  it('shows each load with its padded number, status name, Eastern times and US dollars', async () => {
    const blacklisted = makeLoad({
      id: 43,
      load_accounting_number: 7,
      status: 5,
      broker_company: { id: 8, name: 'Shady Freight', mc_number: null, rating: 4, in_blacklist: true },
      points: [
        makePoint({ date: '2026-07-04T13:15:00Z' }),
        makePoint({ id: 505, order: 2, type: 'deliver_to', is_active: true, city: 'Toledo', state: 'OH' }),
        makePoint({
          id: 506,
          order: 3,
          type: 'deliver_to',
          city: 'Detroit',
          state: 'MI',
          date: '2026-07-05T16:00:00Z',
        }),
      ],
      broker_price: 23456.7,
      driver_price: 0,
    });
    setupLoads({ [`GET ${ACTIVE}`]: listAnswer([makeLoad(), blacklisted], 2) });
    renderApp('/my-loads/active/');

    const table = await screen.findByRole('table', { name: 'Active loads' });
    const [first, second] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(first).getByText('000042')).toBeTruthy();
    expect(within(first).getByText('In Transit to Pick-up')).toBeTruthy();
    expect(within(first).getByText('Dallas, TX')).toBeTruthy();
    // 20:04 UTC on November 21 is 03:04pm in New York (EST).
    expect(within(first).getByText('03:04pm 11/21/2026')).toBeTruthy();
    expect(within(first).getByText('Chicago, IL')).toBeTruthy();
    expect(within(first).getByText('10:30am 11/22/2026')).toBeTruthy();
    expect(within(first).getByText('$1,200.50')).toBeTruthy();
    expect(within(first).getByText('$950.00')).toBeTruthy();
    expect(within(first).getByText('Acme Logistics')).toBeTruthy();
    expect(within(first).queryByText('Blacklisted broker')).toBeNull();
    expect(within(first).getByText('Dan Driver')).toBeTruthy();
    expect(within(first).getByText('U-101')).toBeTruthy();
    expect(within(first).getByText('Dina Dispatch')).toBeTruthy();
    expect(within(first).getByText('925')).toBeTruthy();

    expect(within(second).getByText('000007')).toBeTruthy();
    // Three points: the status names the stop (the second delivery... here the first, Toledo).
    expect(within(second).getByText('In Transit to Delivery 1')).toBeTruthy();
    // 13:15 UTC on July 4 is 09:15am in New York (EDT).
    expect(within(second).getByText('09:15am 07/04/2026')).toBeTruthy();
    expect(within(second).getByText('Detroit, MI')).toBeTruthy();
    expect(within(second).getByText('Blacklisted broker')).toBeTruthy();
    expect(within(second).getByText('$23,456.70')).toBeTruthy();
    expect(within(second).getByText('$0.00')).toBeTruthy();
  });

  it('shows the status names in Russian', async () => {
    setupLoads({ [`GET ${ACTIVE}`]: listAnswer() }, { lang: 'ru' });
    void setLanguage('ru');
    renderApp('/my-loads/active/');
    const table = await screen.findByRole('table', { name: 'Активные грузы' });
    expect(within(table).getByText('Едет на погрузку')).toBeTruthy();
    expect(within(table).getByText('$1,200.50')).toBeTruthy();
  });

  it('sends the filters in the query string, pages from 1 and keeps the set for the next visit', async () => {
    const { callsTo } = setupLoads({ [`GET ${ACTIVE}`]: listAnswer([makeLoad()], 120) });
    const view = renderApp('/my-loads/active/');
    await screen.findByRole('table', { name: 'Active loads' });
    expect(Object.fromEntries(lastQuery(callsTo('GET', ACTIVE)))).toEqual({ page: '1', limit: '25' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search loads' }), 'Dallas');
    await waitFor(() => expect(lastQuery(callsTo('GET', ACTIVE)).get('search')).toBe('Dallas'));

    await userEvent.click(screen.getByRole('combobox', { name: 'State' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Texas (TX)' }));
    fireEvent.change(screen.getByLabelText('Pick-up from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Pick-up to'), { target: { value: '2026-11-30' } });
    await userEvent.click(screen.getByRole('combobox', { name: 'Team' }));
    await userEvent.click(await screen.findByRole('option', { name: 'East' }));
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery(callsTo('GET', ACTIVE)))).toEqual({
        page: '1',
        limit: '25',
        search: 'Dallas',
        state: 'TX',
        pick_up_from: '2026-11-01',
        pick_up_to: '2026-11-30',
        wg: '3',
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery(callsTo('GET', ACTIVE)).get('page')).toBe('2'));
    await userEvent.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await userEvent.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(lastQuery(callsTo('GET', ACTIVE)).get('limit')).toBe('50'));
    // A new page size starts again at the first page.
    expect(lastQuery(callsTo('GET', ACTIVE)).get('page')).toBe('1');

    const saved = JSON.parse(localStorage.getItem(LOAD_LIST_STORAGE_KEYS.active) ?? '{}') as {
      filters: Record<string, unknown>;
      limit: number;
    };
    expect(saved.filters).toMatchObject({ search: 'Dallas', state: 'TX', pick_up_from: '2026-11-01', wg: 3 });
    expect(saved.limit).toBe(50);
    // The other lists keep their own sets.
    expect(localStorage.getItem(LOAD_LIST_STORAGE_KEYS.completed)).toBeNull();

    view.unmount();
    const again = setupLoads({ [`GET ${ACTIVE}`]: listAnswer() });
    renderApp('/my-loads/active/');
    await screen.findByRole('table', { name: 'Active loads' });
    expect(Object.fromEntries(lastQuery(again.callsTo('GET', ACTIVE)))).toEqual({
      page: '1',
      limit: '50',
      search: 'Dallas',
      state: 'TX',
      pick_up_from: '2026-11-01',
      pick_up_to: '2026-11-30',
      wg: '3',
    });
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search loads' }).value).toBe('Dallas');
  });

  it('asks each list for its own loads', async () => {
    const { callsTo } = setupLoads({
      'GET /backend/api/v2/loads/canceled': listAnswer([makeLoad({ status: 12 })]),
    });
    renderApp('/my-loads/canceled/');
    const table = await screen.findByRole('table', { name: 'Canceled loads' });
    expect(within(table).getByText('Canceled')).toBeTruthy();
    expect(callsTo('GET', '/backend/api/v2/loads/canceled')).toHaveLength(1);
  });

  it('opens a load from its row, by click or with the keyboard', async () => {
    setupLoads({
      [`GET ${ACTIVE}`]: listAnswer([makeLoad(), makeLoad({ id: 43, load_accounting_number: 43 })]),
      [`GET ${ACTIVE}/43/`]: makeLoad({ id: 43, load_accounting_number: 43 }),
      [`GET ${ACTIVE}/42/`]: makeLoad(),
    });
    const view = renderApp('/my-loads/active/');
    const table = await screen.findByRole('table', { name: 'Active loads' });
    const rows = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    rows[0].focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(rows[1]);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(view.pathname()).toBe('/load/active/43'));
    expect(await screen.findByRole('heading', { name: 'Load 000043' })).toBeTruthy();

    await userEvent.click(screen.getByRole('link', { name: 'Active loads' }));
    const again = await screen.findByRole('table', { name: 'Active loads' });
    await userEvent.click(within(again).getAllByRole('row')[1]!);
    await waitFor(() => expect(view.pathname()).toBe('/load/active/42'));
  });

  it('says when a list is empty, and when the filters match nothing', async () => {
    setupLoads({ [`GET ${ACTIVE}`]: listAnswer([]) });
    renderApp('/my-loads/active/');
    expect(await screen.findByText('No active loads')).toBeTruthy();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search loads' }), 'nowhere');
    expect(await screen.findByText('No loads match the filters')).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await screen.findByText('No active loads')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search loads' }).value).toBe('');
    expect(localStorage.getItem(LOAD_LIST_STORAGE_KEYS.active)).toContain('"search":""');
  });

  it('shows a failed list with a way to try again', async () => {
    let fail = true;
    setupLoads({
      [`GET ${ACTIVE}`]: () =>
        fail ? new FakeAnswer(500, { detail: 'Boom', code: 'internal_error' }) : listAnswer(),
    });
    renderApp('/my-loads/active/');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getAllByText('Request failed with HTTP code 500').length).toBeGreaterThan(0);
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('000042')).toBeTruthy();
  });
});
