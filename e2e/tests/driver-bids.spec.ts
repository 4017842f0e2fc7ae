import { expect, test } from '@playwright/test';
import { api, type ApiClient } from '../helpers/api';
import { DEMO_USERS } from '../helpers/demo-users';
import { loadBody, LOADS_API } from '../helpers/loads';
import { signedInBrowser } from '../helpers/right-panel';
import { uniqueEmail } from '../helpers/unique';

// A driver invited from the office signs in on a phone, bids on a load the dispatcher forwarded to the
// truck, and the dispatcher's board shows the pending bid live; the 15-minute limit holds the next bid,
// and a rejection with its reason reaches the phone live.

const API = '/backend/api/v2';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

type VehicleRow = {
  id: number;
  unit_id: string;
  active_driver: { id: number } | null;
  loads_allowed_for_driver: boolean;
};

/** A truck of the demo fleet with an active driver who may see loads, from the end of the list. */
async function truckWithDriver(client: ApiClient): Promise<VehicleRow> {
  const fleet = await client.json<{ results: VehicleRow[] }>('GET', `${API}/cars/all`, {
    params: { limit: 100, page: 1 },
  });
  const trucks = fleet.results.filter((vehicle) => vehicle.active_driver && vehicle.loads_allowed_for_driver);
  expect(trucks.length, 'a demo truck with an active driver').toBeGreaterThan(0);
  return trucks.at(-1)!;
}

test('a driver bids from the phone on a forwarded load; the board shows the pending bid; the answer comes back live', async ({
  browser,
  request,
}) => {
  const manager = await api(request, DEMO_USERS.manager.email);
  const dispatcher = await api(request, DEMO_USERS.dispatcher.email);
  const truck = await truckWithDriver(manager);
  const email = uniqueEmail('driver');

  // The office invites the truck's driver; without a mail server the answer carries the link.
  const invitation = await manager.json<{ delivery: string; link: string | null }>(
    'POST',
    `${API}/users/drivers/${truck.active_driver!.id}/invite`,
    { data: { email } },
  );
  expect(invitation.link, `delivery ${invitation.delivery}`).toMatch(/\/driver\/invite\/[A-Za-z0-9_-]{43}$/);
  const invitePath = new URL(invitation.link!).pathname;

  // A board load (no truck, no driver), forwarded to the truck.
  const load = await dispatcher.json<{ id: number }>('POST', `${LOADS_API}/create`, {
    data: loadBody({ pays: '$1,400', broker_price: '1400' }),
  });
  const forwarded = await dispatcher.json<{ forwarded: { vehicle_id: number }[]; skipped: unknown[] }>(
    'POST',
    `${API}/bids/forward`,
    { data: { load_id: load.id, vehicle_ids: [truck.id] } },
  );
  expect(forwarded.forwarded.map((item) => item.vehicle_id)).toEqual([truck.id]);

  // The dispatcher watches the board.
  const board = await signedInBrowser(browser, DEMO_USERS.dispatcher.email);
  await board.goto('/loadboard/');
  const row = board.locator(`[data-board-item][data-load-id="${load.id}"]`);
  await expect(row).toBeVisible();

  // The driver accepts the invitation on a phone and lands on the driver page.
  const phoneContext = await browser.newContext(PHONE);
  const phone = await phoneContext.newPage();
  await phone.goto(invitePath);
  await expect(phone.getByText(/invites you to see the loads forwarded to your unit/)).toBeVisible();
  await phone.getByLabel('Password', { exact: true }).fill('driver-pass-1');
  await phone.getByLabel('Repeat the password').fill('driver-pass-1');
  await phone.getByRole('button', { name: 'Save and sign in' }).click();
  await expect(phone).toHaveURL((url) => url.pathname === '/driver/');

  const card = phone.getByRole('article', { name: 'Dallas, TX → Houston, TX' });
  await expect(card).toBeVisible();
  await expect(card.getByText(truck.unit_id, { exact: true })).toBeVisible();
  await card.getByLabel('Price, $').fill('$1,234');
  await card.getByLabel('ETA, h').fill('2');
  await card.getByRole('button', { name: 'Bid' }).click();
  await expect(card.getByText('Your bid was sent to the dispatcher.')).toBeVisible();
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();

  // The board shows it at once, among the loads with pending driver bids.
  await expect(row.getByText('Driver bids: 1, best $1,234.00')).toBeVisible();
  const pendingHeader = board.locator('[data-section="pending"]');
  await expect(pendingHeader).toContainText('Pending driver bids (');
  const sections = await board
    .locator('[data-section], [data-board-item]')
    .evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('data-section') ?? element.getAttribute('data-load-id')),
    );
  expect(sections.indexOf(String(load.id))).toBeLessThan(
    sections.indexOf('others') === -1 ? Infinity : sections.indexOf('others'),
  );

  // Within 15 minutes of the forward the next bid waits; the server says so too, with the time left.
  await expect(card.getByRole('status')).toHaveText(/You can bid again in 1[45]:\d\d/);
  await expect(card.getByRole('button', { name: 'Change my bid' })).toBeDisabled();
  const driver = await api(request, email, 'driver-pass-1');
  const again = await driver.post(`${API}/driver-portal/bids`, {
    load_id: load.id,
    vehicle_id: truck.id,
    price: 1200,
    eta_minutes: 60,
  });
  expect(again.status()).toBe(409);
  const refusal = (await again.json()) as { code: string; fields: { seconds_left: string[] } };
  expect(refusal.code).toBe('bid_limit');
  expect(Number(refusal.fields.seconds_left[0])).toBeGreaterThan(13 * 60);

  // The dispatcher rejects it with a reason; the phone shows the answer without a reload.
  const history = await dispatcher.json<{ results: { id: number }[] }>(
    'GET',
    `${API}/bids/driver-bid/history`,
    {
      params: { load_id: load.id },
    },
  );
  await phone.getByRole('tab', { name: 'My bids' }).click();
  const bids = phone.getByRole('list', { name: 'My bids' });
  await expect(bids.getByText('Pending', { exact: true })).toBeVisible();
  await dispatcher.json('PUT', `${API}/bids/driver-bid/${history.results[0]!.id}/reject`, {
    data: { reason: 'Rate too high' },
  });
  await expect(bids.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(bids.getByText('Reason: Rate too high')).toBeVisible();

  // The staff pages are not for drivers.
  await phone.goto('/loadboard/');
  await expect(phone).toHaveURL((url) => url.pathname === '/driver/');
  await expect(phone.getByRole('navigation')).toHaveCount(0);
  await phoneContext.close();
  await board.context().close();
});
