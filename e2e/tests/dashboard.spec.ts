import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type {
  BrokerList,
  CountStats,
  DispatcherDashboard,
  DispatcherList,
  Graphs,
} from '@app/domain/dashboard/dashboard.schema';
import { api } from '../helpers/api';
import { DEMO_USERS } from '../helpers/demo-users';
import { signIn } from '../helpers/sign-in';

// The start page of admins, managers and dispatchers after sign-in: each role's dashboard with the demo
// company's figures as the server answers them for the period chosen (never placeholders), each figure
// leading to the list it sums up.

const DASHBOARD = '/backend/api/v2/dashboard';
const usd = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
const count = (value: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(value);

/** A figure of a tile: the tile named `name` inside the block named `block`. */
const tile = (page: Page, block: string, name: string) =>
  page.getByRole('region', { name: block }).getByRole('group', { name, exact: true });

for (const user of [DEMO_USERS.admin, DEMO_USERS.manager]) {
  test(`role ${user.role} sees the company's figures, its trend, its people and its brokers`, async ({
    page,
    request,
  }) => {
    await signIn(page, user.email);
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('region', { name: 'Company figures' })).toBeVisible();
    await page.getByRole('button', { name: 'Last week' }).click();

    const client = await api(request, user.email);
    const params = { period: 'last_week' };
    const stats = await client.json<CountStats>('GET', `${DASHBOARD}/count-stats`, { params });
    // The demo's vehicles have a week of history behind them: last week has loads.
    expect(stats.figures.loads).toBeGreaterThan(0);

    const loads = tile(page, 'Company figures', 'Loads');
    await expect(loads.getByTestId('stat-value')).toHaveText(count(stats.figures.loads));
    await expect(
      loads.getByRole('link', { name: count(stats.loads.by_list.active), exact: true }).first(),
    ).toHaveAttribute('href', '/my-loads/active/');
    await expect(tile(page, 'Company figures', 'Gross').getByTestId('stat-value')).toHaveText(
      usd(stats.figures.gross),
    );
    const vehicles = tile(page, 'Company figures', 'Vehicles');
    await expect(
      vehicles.getByRole('link', { name: count(stats.vehicles.total), exact: true }),
    ).toHaveAttribute('href', '/units/vehicles/');
    await expect(tile(page, 'Company figures', 'Active drivers').getByTestId('stat-value')).toHaveText(
      count(stats.drivers.active),
    );

    const graphs = await client.json<Graphs>('GET', `${DASHBOARD}/graphs/all`, { params });
    const totals = page
      .getByRole('region', { name: 'Gross, margin and loads' })
      .getByLabel('Totals of the period');
    await expect(totals).toContainText(usd(graphs.total.gross));
    await expect(totals).toContainText(usd(graphs.total.margin));
    // The chart is drawn (its code is fetched after the numbers).
    await expect(
      page.getByRole('region', { name: 'Gross, margin and loads' }).locator('svg').first(),
    ).toBeVisible();

    const dispatchers = await client.json<DispatcherList>('GET', `${DASHBOARD}/dispatchers/all`, {
      params: { ...params, limit: 10 },
    });
    const first = dispatchers.results[0]!;
    const table = page.getByRole('table', { name: 'Dispatchers' });
    await expect(table.getByRole('row').nth(1)).toContainText(first.dispatcher.full_name);
    await expect(table.getByRole('row').nth(1)).toContainText(usd(first.gross));
    await expect(table.getByRole('row').last()).toContainText(usd(dispatchers.totals.gross));
    await expect(page.getByRole('table', { name: 'Drivers' }).getByRole('row')).not.toHaveCount(0);

    // A broker's row opens its history.
    const ranking = await client.json<BrokerList>('GET', `${DASHBOARD}/broker-company/all`, {
      params: { ...params, limit: 10 },
    });
    const brokerName = ranking.results[0]!.broker_company.name;
    const broker = page.getByRole('table', { name: 'Brokers' }).getByRole('row').nth(1);
    await expect(broker).toContainText(brokerName);
    await broker.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('heading', { name: brokerName })).toBeVisible();
    await expect(
      drawer.getByRole('table', { name: 'Loads and money per month' }).getByRole('row'),
    ).toHaveCount(13);
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
  });
}

test("a dispatcher sees their own day first, then their numbers against their team's", async ({
  page,
  request,
}) => {
  const user = DEMO_USERS.dispatcher;
  await signIn(page, user.email);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const myDay = page.getByRole('region', { name: 'My day' });
  await expect(myDay).toBeVisible();

  const client = await api(request, user.email);
  const own = await client.json<DispatcherDashboard>('GET', `${DASHBOARD}/dispatcher`, {
    params: { period: 'today' },
  });
  // The demo's first dispatcher has a full board of units.
  expect(own.now.loads_to_move + own.now.trucks_without_loads + own.now.bids_waiting).toBeGreaterThan(0);
  await expect(
    tile(page, 'My day', 'Loads to move').getByRole('link', {
      name: count(own.now.loads_to_move),
      exact: true,
    }),
  ).toHaveAttribute('href', '/my-loads/active/');
  await expect(
    tile(page, 'My day', 'Bids waiting').getByRole('link', {
      name: count(own.now.bids_waiting),
      exact: true,
    }),
  ).toHaveAttribute('href', '/bids/active');
  await expect(
    tile(page, 'My day', 'Trucks without loads').getByRole('link', {
      name: count(own.now.trucks_without_loads),
      exact: true,
    }),
  ).toHaveAttribute('href', '/units/vehicles/');

  await page.getByRole('button', { name: 'Last week' }).click();
  const week = await client.json<DispatcherDashboard>('GET', `${DASHBOARD}/dispatcher`, {
    params: { period: 'last_week' },
  });
  const numbers = page.getByRole('table', { name: "My numbers and my team's" });
  const gross = numbers.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Gross' }) });
  await expect(gross).toContainText(usd(week.own.gross));
  if (week.team) await expect(gross).toContainText(usd(week.team.totals.gross));
  // A dispatcher has no team filters and no company figures.
  await expect(page.getByRole('group', { name: 'Team filters' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Company figures' })).toHaveCount(0);
  // Their brokers of the week: the ranking, or its empty state when no load of theirs was picked up then.
  const brokers = await client.json<{ count: number }>('GET', `${DASHBOARD}/broker-company/all`, {
    params: { period: 'last_week' },
  });
  const brokersBlock = page.getByRole('region', { name: 'Brokers' });
  if (brokers.count > 0) await expect(brokersBlock.getByRole('table', { name: 'Brokers' })).toBeVisible();
  else await expect(brokersBlock.getByText('No broker had a load in this period')).toBeVisible();
});
