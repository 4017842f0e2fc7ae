import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { api, type ApiClient } from '../helpers/api';
import { DEMO_USERS } from '../helpers/demo-users';
import { signedInBrowser } from '../helpers/right-panel';

// A dispatcher sends a proposition to the broker from a board load's detail, the bid shows on the active
// bids page, is marked won there, and the load is then an active load with the bid's vehicle and driver.
// The bids pages and the detail's bids section are then drawn at 1280, 1440 and 390 px for a look.

const API = '/backend/api/v2';
const FAST_CREATE = `${API}/loads/fast-create`;
const SHOTS = process.env.E2E_SHOTS_DIR;

/**
 * Placing a bid needs the dispatcher's authorised working e-mail, where brokers answer: saving it in the
 * profile authorises it (PUT profile/me/update), as the dispatcher does on the profile page.
 */
async function authoriseWorkingEmail(client: ApiClient): Promise<void> {
  const me = await client.json<{ first_name: string; last_name: string; lang: string; email: string }>(
    'GET',
    '/backend/api/users/my/',
  );
  await client.json('PUT', `${API}/profile/me/update`, {
    data: { first_name: me.first_name, last_name: me.last_name, lang: me.lang, working_gmail: me.email },
  });
}

type VehicleRow = {
  id: number;
  unit_id: string;
  active_driver: { id: number; full_name: string } | null;
  status: { id: number };
};

/** An available demo truck with an active driver. */
async function availableTruck(client: ApiClient): Promise<VehicleRow> {
  const fleet = await client.json<{ results: VehicleRow[] }>('GET', `${API}/cars/all`, {
    params: { limit: 100, page: 1 },
  });
  const trucks = fleet.results.filter((vehicle) => vehicle.active_driver && vehicle.status.id === 1);
  expect(trucks.length, 'an available demo truck with an active driver').toBeGreaterThan(0);
  return trucks[0]!;
}

function hoursFromNow(hours: number): string {
  return new Date(Date.now() + hours * 3_600_000).toISOString();
}

async function postBoardLoad(client: ApiClient, broker: string): Promise<number> {
  const place = (city: string, state: string, lat: number, lon: number, hours: number) => ({
    address: `${city}, ${state}`,
    city,
    state,
    country: 'US',
    lat,
    lon,
    date: hoursFromNow(hours),
  });
  const created = await client.json<{ id: number }>('POST', FAST_CREATE, {
    data: {
      pick_up: place('Dallas', 'TX', 32.78, -96.8, 8),
      deliver_to: place('Memphis', 'TN', 35.15, -90.05, 26),
      car: 'BOX TRUCK',
      broker_company: broker,
      pays: '2100',
    },
  });
  return created.id;
}

/** The page (or one part of it, when the page is long) at 1280, 1440 and 390 px, when asked for. */
async function shoot(page: Page, name: string, part?: Locator): Promise<void> {
  if (!SHOTS) return;
  for (const width of [1280, 1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(300);
    const file = path.join(SHOTS, `${name}-${width}.png`);
    if (part) await part.screenshot({ path: file });
    else await page.screenshot({ path: file, fullPage: true });
  }
  await page.setViewportSize({ width: 1600, height: 900 });
}

test('a proposition sent from the board detail is marked won and the load is active with the bid’s vehicle and driver', async ({
  browser,
  request,
}) => {
  const dispatcherApi = await api(request, DEMO_USERS.dispatcher.email);
  await authoriseWorkingEmail(dispatcherApi);
  const truck = await availableTruck(dispatcherApi);
  const broker = `Bids E2E ${Date.now().toString(36)}`;
  const loadId = await postBoardLoad(dispatcherApi, broker);
  const page = await signedInBrowser(browser, DEMO_USERS.dispatcher.email);

  await test.step('the dispatcher sends a proposition from the detail', async () => {
    await page.goto(`/loadboard/${loadId}`);
    const section = page.getByRole('region', { name: 'Bids' });
    await expect(section).toBeVisible();
    const form = section.getByRole('form', { name: 'Proposition to the broker' });
    await form.getByRole('switch', { name: 'Show all vehicles' }).check();
    await form.getByRole('combobox', { name: /Vehicle/ }).click();
    await page.getByRole('option', { name: new RegExp(`^${truck.unit_id} · `) }).click();
    await form.getByRole('textbox', { name: 'Broker price' }).fill('2,250');
    await form.getByRole('textbox', { name: 'Driver price' }).fill('1800');
    await form.getByRole('textbox', { name: 'ETA, hours' }).fill('2');
    await form.getByRole('textbox', { name: 'Broker e-mail' }).fill('loads@board-broker.test');
    await expect(form.getByRole('document', { name: 'E-mail preview' })).toContainText('$2,250.00');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'sent to the broker' })).toBeVisible();
    await expect(section.getByRole('list', { name: 'Bids sent to the broker' })).toContainText(truck.unit_id);
    // Drawn once sent: the narrow layout draws the detail afresh.
    await shoot(page, 'board-detail-bids', page.getByRole('region', { name: 'Bids' }));
  });

  await test.step('the bid is on the active bids page and is marked won there', async () => {
    await page.goto('/bids/active');
    const table = page.getByRole('table', { name: 'Active bids' });
    const row = table.getByRole('row').filter({ hasText: broker });
    await expect(row).toContainText(truck.unit_id);
    await expect(row).toContainText('$2,250.00');
    await expect(row).toContainText('$1,800.00');
    await shoot(page, 'bids-active');
    await row.click();
    await expect(page).toHaveURL(/\/bid\/active\/\d+$/);
    await expect(page.getByRole('document', { name: 'E-mail as sent' })).toContainText('$2,250.00');
    await shoot(page, 'bid-page');
    await page.getByRole('button', { name: 'Mark won' }).click();
    const dialog = page.getByRole('dialog', { name: /bid won$/ });
    await dialog.getByRole('button', { name: 'Mark won' }).click();
    await expect(page).toHaveURL(/\/bid\/completed\/\d+$/);
    await expect(page.getByText(`is booked with ${truck.unit_id}.`)).toBeVisible();
  });

  await test.step('the load is an active load with the bid’s vehicle and driver', async () => {
    await page.getByRole('link', { name: 'Open the active load' }).click();
    await expect(page).toHaveURL(new RegExp(`/load/active/${loadId}$`));
    const main = page.getByRole('main');
    await expect(main).toContainText(truck.unit_id);
    await expect(main).toContainText(truck.active_driver!.full_name);
    await page.goto('/my-loads/active/');
    await page
      .getByRole('button', { name: /Clear/ })
      .first()
      .click()
      .catch(() => undefined);
    await page.getByRole('searchbox', { name: 'Search loads' }).fill(String(loadId));
    const listed = page
      .getByRole('table', { name: 'Active loads' })
      .getByRole('row')
      .filter({ hasText: broker });
    await expect(listed).toContainText(truck.unit_id);
    await expect(listed).toContainText(truck.active_driver!.full_name);
  });

  await test.step('the completed bids list shows it won', async () => {
    await page.goto('/bids/completed');
    const row = page
      .getByRole('table', { name: 'Completed bids' })
      .getByRole('row')
      .filter({ hasText: broker });
    await expect(row).toContainText('Won');
    await shoot(page, 'bids-completed');
  });
  await page.context().close();
});
