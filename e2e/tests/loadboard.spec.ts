import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { api } from '../helpers/api';
import type { ApiClient } from '../helpers/api';
import { DEMO_USERS } from '../helpers/demo-users';
import { rightPanel, signedInBrowser } from '../helpers/right-panel';
import { signIn } from '../helpers/sign-in';

// The load board live: a dispatcher filters the board to Wyoming pick-ups; a manager posts two loads through
// POST loads/fast-create in a browser session of their own; the one picked up in Wyoming slides in at the
// front of the dispatcher's other loads without a reload, the one picked up in Colorado does not. The
// dispatcher opens it from the keyboard and its detail shows beside the list. Then the board is drawn at
// 1280, 1440 and 390 px for a look.

const FAST_CREATE = '/backend/api/v2/loads/fast-create';
const LIVE_WITHIN_MS = 3_000;

function hoursFromNow(hours: number): string {
  return new Date(Date.now() + hours * 3_600_000).toISOString();
}

type Place = { city: string; state: string; lat: number; lon: number };
const CHEYENNE: Place = { city: 'Cheyenne', state: 'WY', lat: 41.14, lon: -104.82 };
const BILLINGS: Place = { city: 'Billings', state: 'MT', lat: 45.78, lon: -108.5 };
const DENVER: Place = { city: 'Denver', state: 'CO', lat: 39.74, lon: -104.99 };

/** Posts a board load as a dispatcher's quick posting; answers its id. */
async function postLoad(client: ApiClient, from: Place, to: Place, broker: string, pays: string) {
  const place = (at: Place, hours: number) => ({
    address: `${at.city}, ${at.state}`,
    city: at.city,
    state: at.state,
    country: 'US',
    lat: at.lat,
    lon: at.lon,
    date: hoursFromNow(hours),
  });
  const created = await client.json<{ id: number }>('POST', FAST_CREATE, {
    data: {
      pick_up: place(from, 6),
      deliver_to: place(to, 20),
      car: 'BOX TRUCK',
      broker_company: broker,
      pays,
    },
  });
  return created.id;
}

/** The section a board row is in: the nearest section title above it ('others' when there is none). */
function sectionOf(row: Locator): Promise<string> {
  return row.evaluate((element) => {
    for (let node = element.previousElementSibling; node; node = node.previousElementSibling) {
      const section = node.getAttribute('data-section');
      if (section) return section;
    }
    return 'others';
  });
}

async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { liveMark?: boolean }).liveMark = true;
  });
}

test('a load posted by another user appears live on a filtered board, in the other loads, and opens beside the list', async ({
  browser,
  request,
}) => {
  const manager = await api(request, DEMO_USERS.manager.email);
  const broker = `Board E2E ${Date.now().toString(36)}`;
  const dispatcher = await signedInBrowser(browser, DEMO_USERS.dispatcher.email);

  await dispatcher.goto('/loadboard/');
  const board = dispatcher.getByRole('table', { name: 'Load board' });
  await expect(board.or(dispatcher.getByText('No loads on the board yet'))).toBeVisible();

  await test.step('the dispatcher keeps Wyoming pick-ups: the board asks for them, as Custom', async () => {
    const asked = dispatcher.waitForRequest(
      (req) => new URL(req.url()).searchParams.get('pickUpAt_state') === 'WY',
    );
    const states = dispatcher.getByRole('combobox', { name: 'Pick-up states' });
    await states.click();
    await states.fill('Wyoming');
    await dispatcher.getByRole('option', { name: 'Wyoming (WY)' }).click();
    await dispatcher.keyboard.press('Escape');
    await asked;
    await expect(dispatcher.getByRole('combobox', { name: 'Template' })).toHaveText('Custom');
  });
  await expect(rightPanel(dispatcher)).toHaveAttribute('data-socket', 'open');
  await markPage(dispatcher);

  const elsewhere = await postLoad(manager, DENVER, BILLINGS, broker, '1400');
  const posted = await postLoad(manager, CHEYENNE, BILLINGS, broker, '2150.50');
  const postedAt = Date.now();

  const row = dispatcher.locator(`[data-board-item][data-load-id="${posted}"]`);
  await test.step('the Wyoming load slides in at the front of the other loads, within 3 s', async () => {
    await expect(row).toBeVisible({ timeout: LIVE_WITHIN_MS + 2_000 });
    expect(Date.now() - postedAt).toBeLessThan(LIVE_WITHIN_MS + 2_000);
    await expect(row).toHaveAttribute('data-new', 'true');
    await expect(row).toContainText('Cheyenne, WY');
    await expect(row).toContainText('Billings, MT');
    await expect(row).toContainText(broker);
    await expect(row).toContainText('$2,150.50');
    expect(await sectionOf(row)).toBe('others');
    const others = dispatcher.locator('[data-board-item]');
    const firstOther = await others.evaluateAll(
      (items) =>
        items
          .filter((item) => {
            for (let node = item.previousElementSibling; node; node = node.previousElementSibling) {
              const section = node.getAttribute('data-section');
              if (section) return section === 'others';
            }
            return true;
          })
          .map((item) => Number(item.getAttribute('data-load-id')))[0],
    );
    expect(firstOther).toBe(posted);
    // Live, not a reload, and the Colorado load is not on this board.
    expect(await dispatcher.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark)).toBe(
      true,
    );
    await expect(dispatcher.locator(`[data-board-item][data-load-id="${elsewhere}"]`)).toHaveCount(0);
  });

  await test.step('the dispatcher opens it from the keyboard: its detail shows beside the list', async () => {
    await row.focus();
    await dispatcher.keyboard.press('Enter');
    await expect(dispatcher).toHaveURL(new RegExp(`/loadboard/${posted}$`));
    const detail = dispatcher.getByRole('region', { name: `Board load ${posted}` });
    await expect(detail).toBeVisible();
    await expect(detail.getByRole('heading', { name: 'Cheyenne, WY → Billings, MT' })).toBeVisible();
    await expect(detail).toContainText('$2,150.50');
    // Opening it marked it seen.
    await expect(dispatcher.locator(`[data-board-item][data-load-id="${posted}"]`)).toHaveAttribute(
      'data-seen',
      'true',
    );
  });
  await dispatcher.context().close();
});

for (const width of [1280, 1440, 390]) {
  test(`the board at ${width} px: filters, rows and an open load`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.dispatcher.email);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/loadboard/');
    const items = page.locator('[data-board-item]');
    await expect(items.first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`loadboard-${width}.png`) });
    if (width < 600) {
      // The filter panel starts closed on a phone; opened, every field must still be usable.
      await page.getByRole('button', { name: 'Filters', exact: true }).click();
      await expect(page.getByRole('combobox', { name: 'Pick-up states' })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`loadboard-${width}-filters.png`) });
      await page.getByRole('button', { name: 'Filters', exact: true }).click();
    }
    await items.first().click();
    await expect(page).toHaveURL(/\/loadboard\/\d+$/);
    const detail = page.getByRole('region', { name: /^Board load \d+$/ });
    await expect(detail.getByRole('heading', { name: /→/ })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`loadboard-${width}-detail.png`) });
    await context.close();
  });
}
