import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lastQuery, setupListPages } from '@/components/lists/list-test-data';
import { i18n } from '@/i18n/i18n';
import { FakeAnswer, renderApp } from '@/test/render-app';
import { DASHBOARD_STORAGE_KEY } from '../components/dashboard-filters-state';
import { dashboardRoutes, DASHBOARD_PATHS, makeDispatcherDashboard } from './dashboard-test-data';

const region = (name: string) => screen.findByRole('region', { name });

function saveWeek(extra: Record<string, unknown> = {}) {
  localStorage.setItem(DASHBOARD_STORAGE_KEY, JSON.stringify({ filters: { period: 'this_week', ...extra } }));
}

describe('the dashboard of an admin or a manager', () => {
  it("shows the company's figures of the saved period, each leading to the list it sums up", async () => {
    saveWeek();
    const { callsTo } = setupListPages(dashboardRoutes(), { role: 3 });
    renderApp('/');
    const figures = await region('Company figures');
    const loads = await within(figures).findByRole('group', { name: 'Loads' });
    expect(within(loads).getByText('12')).toBeTruthy();
    expect(within(loads).getByRole('link', { name: '8' }).getAttribute('href')).toBe('/my-loads/active/');
    expect(within(loads).getByRole('link', { name: '1' }).getAttribute('href')).toBe('/my-loads/canceled/');
    const gross = within(figures).getByRole('group', { name: 'Gross' });
    expect(within(gross).getByText('$24,600.50')).toBeTruthy();
    expect(within(gross).getByText('$4,920.10')).toBeTruthy();
    expect(within(gross).getByText('6,150')).toBeTruthy();
    expect(within(gross).getByText('$4.00/mi')).toBeTruthy();
    const board = within(figures).getByRole('group', { name: 'On the load board' });
    expect(within(board).getByRole('link', { name: '17' }).getAttribute('href')).toBe('/loadboard/');
    const bids = within(figures).getByRole('group', { name: 'Bids sent' });
    expect(within(bids).getByText('25')).toBeTruthy();
    expect(within(bids).getByRole('link', { name: '6' }).getAttribute('href')).toBe('/bids/active');
    expect(within(bids).getByRole('link', { name: '11' }).getAttribute('href')).toBe('/bids/completed');
    const vehicles = within(figures).getByRole('group', { name: 'Vehicles' });
    expect(within(vehicles).getByRole('link', { name: '30' }).getAttribute('href')).toBe('/units/vehicles/');
    // The two "In bid" statuses (4 and 7) are one line; Locked without vehicles is left out.
    expect(within(vehicles).getByText('In bid').nextSibling?.textContent).toBe('3');
    expect(within(vehicles).queryByText('Locked')).toBeNull();
    const drivers = within(figures).getByRole('group', { name: 'Active drivers' });
    expect(within(drivers).getByRole('link', { name: '27' }).getAttribute('href')).toBe('/units/drivers/');
    const owners = within(figures).getByRole('group', { name: 'Active owners' });
    expect(within(owners).getByRole('link', { name: '19' }).getAttribute('href')).toBe('/units/owners/');
    expect(Object.fromEntries(lastQuery(callsTo('GET', DASHBOARD_PATHS.countStats)))).toEqual({
      period: 'this_week',
    });
    expect(callsTo('GET', DASHBOARD_PATHS.dispatcher)).toHaveLength(0);
    // The two TONU statuses say their list; each status leads to its list.
    const byStatus = await screen.findByRole('list', { name: 'Loads by status' });
    expect(within(byStatus).getByRole('link', { name: 'TONU · Check out' }).getAttribute('href')).toBe(
      '/my-loads/checkout/',
    );
    expect(within(byStatus).getByRole('link', { name: 'TONU · Completed' }).getAttribute('href')).toBe(
      '/my-loads/completed/',
    );
    expect(within(byStatus).getByRole('link', { name: 'Waiting to accept' }).getAttribute('href')).toBe(
      '/my-loads/active/',
    );
  });

  it('speaks Russian with the money still in US dollars', async () => {
    saveWeek();
    await i18n.changeLanguage('ru');
    setupListPages(dashboardRoutes(), { role: 3, lang: 'ru' });
    renderApp('/');
    const figures = await region('Показатели компании');
    const gross = await within(figures).findByRole('group', { name: 'Выручка' });
    expect(within(gross).getByText('$24,600.50')).toBeTruthy();
    expect(within(gross).getByText('$4.00/миля')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Прошлая неделя' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Диспетчеры' })).toBeTruthy();
  });

  it('ranks the dispatchers, drivers and brokers with their totals, sorted by the server', async () => {
    saveWeek();
    const { callsTo } = setupListPages(dashboardRoutes(), { role: 4 });
    renderApp('/');
    const dispatchers = await screen.findByRole('table', { name: 'Dispatchers' });
    const [, dina, otto, total] = within(dispatchers).getAllByRole('row');
    expect(within(dina!).getByText('Dina Dispatch')).toBeTruthy();
    expect(within(dina!).getByText('$16,400.25')).toBeTruthy();
    expect(within(otto!).getByText('$1,640.05')).toBeTruthy();
    expect(within(total!).getByText('Total')).toBeTruthy();
    expect(within(total!).getByText('$24,600.50')).toBeTruthy();
    expect(
      within(dina!)
        .getByRole('link', { name: 'Dina Dispatch: 8 loads, open the active loads' })
        .getAttribute('href'),
    ).toBe('/my-loads/active/');
    const drivers = screen.getByRole('table', { name: 'Drivers' });
    expect(within(drivers).getAllByText('$4.25/mi')).toHaveLength(2);
    expect(within(drivers).getByRole('link', { name: 'Dan Driver' }).getAttribute('href')).toBe(
      '/units/drivers/',
    );
    const brokers = screen.getByRole('table', { name: 'Brokers' });
    expect(within(brokers).getByText('28.5 d')).toBeTruthy();
    expect(lastQuery(callsTo('GET', DASHBOARD_PATHS.brokers)).get('sort')).toBe('loads');

    await userEvent.click(within(dispatchers).getByRole('button', { name: 'Margin' }));
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery(callsTo('GET', DASHBOARD_PATHS.dispatchers)))).toEqual({
        period: 'this_week',
        sort: 'margin',
        order: 'desc',
        page: '1',
        limit: '10',
      }),
    );
    await userEvent.click(within(dispatchers).getByRole('button', { name: 'Margin' }));
    await waitFor(() =>
      expect(lastQuery(callsTo('GET', DASHBOARD_PATHS.dispatchers)).get('order')).toBe('asc'),
    );
  });

  it('narrows every block to a team and its subgroup, and keeps them in the saved filter set', async () => {
    saveWeek();
    const { callsTo } = setupListPages(dashboardRoutes(), { role: 3 });
    renderApp('/');
    await region('Company figures');
    const teams = screen.getByRole('group', { name: 'Team filters' });
    await userEvent.click(within(teams).getByRole('combobox', { name: 'Team' }));
    await userEvent.click(await screen.findByRole('option', { name: 'East' }));
    await userEvent.click(within(teams).getByRole('combobox', { name: 'Subgroup' }));
    await userEvent.click(await screen.findByRole('option', { name: 'East A' }));
    const blocks = [
      DASHBOARD_PATHS.countStats,
      DASHBOARD_PATHS.drivers,
      DASHBOARD_PATHS.dispatchers,
      DASHBOARD_PATHS.graphs,
      DASHBOARD_PATHS.brokers,
      DASHBOARD_PATHS.brokerCountStats,
    ];
    await waitFor(() => {
      for (const path of blocks) {
        const query = lastQuery(callsTo('GET', path));
        expect([path, query.get('working_group'), query.get('subgroup')]).toEqual([path, '3', '31']);
      }
    });
    expect(JSON.parse(localStorage.getItem(DASHBOARD_STORAGE_KEY)!)).toEqual({
      filters: { period: 'this_week', date_from: '', date_to: '', working_group: 3, subgroup: 31 },
    });
  });

  it('opens on today at first; another period is asked by every block and saved; a half-typed range is not', async () => {
    const { callsTo } = setupListPages(dashboardRoutes(), { role: 3 });
    renderApp('/');
    await region('Company figures');
    expect(lastQuery(callsTo('GET', DASHBOARD_PATHS.countStats)).get('period')).toBe('today');
    await userEvent.click(screen.getByRole('button', { name: 'Last week' }));
    await waitFor(() => {
      for (const path of [DASHBOARD_PATHS.countStats, DASHBOARD_PATHS.graphs, DASHBOARD_PATHS.brokers]) {
        expect([path, lastQuery(callsTo('GET', path)).get('period')]).toEqual([path, 'last_week']);
      }
    });
    expect(JSON.parse(localStorage.getItem(DASHBOARD_STORAGE_KEY)!)).toMatchObject({
      filters: { period: 'last_week' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Range' }));
    await waitFor(() =>
      expect(lastQuery(callsTo('GET', DASHBOARD_PATHS.countStats)).get('period')).toBe('range'),
    );
    const asked = callsTo('GET', DASHBOARD_PATHS.countStats).length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    expect(screen.getByText('Choose a day')).toBeTruthy();
    expect(callsTo('GET', DASHBOARD_PATHS.countStats)).toHaveLength(asked);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    await waitFor(() =>
      expect(lastQuery(callsTo('GET', DASHBOARD_PATHS.countStats)).get('date_from')).toBe('2026-10-01'),
    );
  });

  it('shows a failed block with a retry and leaves the others as they are', async () => {
    saveWeek();
    let failures = 1;
    setupListPages(
      {
        ...dashboardRoutes(),
        [`GET ${DASHBOARD_PATHS.drivers}`]: () =>
          failures-- > 0
            ? new FakeAnswer(500, { detail: 'Server error', code: 'server_error' })
            : dashboardRoutes()[`GET ${DASHBOARD_PATHS.drivers}`],
      },
      { role: 3 },
    );
    renderApp('/');
    const drivers = await region('Drivers');
    await within(drivers).findByText('Request failed with HTTP code 500');
    expect(await screen.findByRole('table', { name: 'Dispatchers' })).toBeTruthy();
    await userEvent.click(within(drivers).getByRole('button', { name: 'Try again' }));
    expect(await within(drivers).findByText('Dan Driver')).toBeTruthy();
  });

  it('says so when the period has no loads, rather than showing empty tables', async () => {
    saveWeek();
    const empty = {
      period: { period: 'this_week', date_from: '2026-11-23', date_to: '2026-11-29' },
      count: 0,
      results: [],
    };
    setupListPages(
      {
        ...dashboardRoutes(),
        [`GET ${DASHBOARD_PATHS.dispatchers}`]: { ...empty, totals: {} },
        [`GET ${DASHBOARD_PATHS.drivers}`]: { ...empty, totals: {} },
        [`GET ${DASHBOARD_PATHS.brokers}`]: { ...empty, totals: {} },
      },
      { role: 3 },
    );
    renderApp('/');
    expect(
      await within(await region('Dispatchers')).findByText(
        'No dispatcher booked a load or sent a bid in this period',
      ),
    ).toBeTruthy();
    expect(within(await region('Drivers')).getByText('No driver had a load in this period')).toBeTruthy();
    expect(within(await region('Brokers')).getByText('No broker had a load in this period')).toBeTruthy();
  });
});

describe('the dashboard of a dispatcher', () => {
  it('shows their own day first, then their numbers against their team, with no team filters', async () => {
    saveWeek({ working_group: 3 });
    const { callsTo } = setupListPages(dashboardRoutes(), { role: 5, id: 21 });
    renderApp('/');
    const myDay = await region('My day');
    const blocks = screen.getAllByRole('region');
    expect(blocks[0]).toBe(myDay);
    const toMove = await within(myDay).findByRole('group', { name: 'Loads to move' });
    expect(within(toMove).getByRole('link', { name: '6' }).getAttribute('href')).toBe('/my-loads/active/');
    expect(within(toMove).getByText('2')).toBeTruthy();
    const bids = within(myDay).getByRole('group', { name: 'Bids waiting' });
    expect(within(bids).getByRole('link', { name: '4' }).getAttribute('href')).toBe('/bids/active');
    const trucks = within(myDay).getByRole('group', { name: 'Trucks without loads' });
    expect(within(trucks).getByRole('link', { name: '3' }).getAttribute('href')).toBe('/units/vehicles/');

    const numbers = screen.getByRole('table', { name: "My numbers and my team's" });
    expect(
      within(await region("My numbers and my team's")).getByText('East: 4 dispatchers at work in the period'),
    ).toBeTruthy();
    const gross = within(numbers).getByRole('rowheader', { name: 'Gross' }).closest('tr')!;
    expect(within(gross).getByText('$16,400.25')).toBeTruthy();
    expect(within(gross).getByText('$10,250.00')).toBeTruthy();
    expect(within(gross).getByText('$41,000.00')).toBeTruthy();
    const won = within(numbers).getByRole('rowheader', { name: 'Bids won' }).closest('tr')!;
    expect(within(won).getByText('4.5')).toBeTruthy();

    expect(screen.queryByRole('group', { name: 'Team filters' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Company figures' })).toBeNull();
    expect(await region('My gross, margin and loads')).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Brokers' })).toBeTruthy();
    // A dispatcher's figures are their own: the saved team is not sent.
    expect(Object.fromEntries(lastQuery(callsTo('GET', DASHBOARD_PATHS.dispatcher)))).toEqual({
      period: 'this_week',
    });
    expect(lastQuery(callsTo('GET', DASHBOARD_PATHS.graphs)).get('working_group')).toBeNull();
    expect(lastQuery(callsTo('GET', DASHBOARD_PATHS.countStats)).get('working_group')).toBeNull();
  });

  it('without a team, shows their own figures alone', async () => {
    saveWeek();
    setupListPages(
      {
        ...dashboardRoutes(),
        [`GET ${DASHBOARD_PATHS.dispatcher}`]: makeDispatcherDashboard({ team: null }),
      },
      { role: 5, id: 21 },
    );
    renderApp('/');
    const numbers = await screen.findByRole('table', { name: "My numbers and my team's" });
    expect(screen.getByText('You are in no team: your own figures only')).toBeTruthy();
    expect(within(numbers).queryByText('Team average')).toBeNull();
  });
});
