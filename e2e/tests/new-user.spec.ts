import { expect, test } from '@playwright/test';
import { api } from '../helpers/api';
import { DEMO_USERS } from '../helpers/demo-users';
import { createLoad, easternPickerText } from '../helpers/loads';
import { rightPanel } from '../helpers/right-panel';
import { chooseAddress, field, openAddLoad, typeDate } from '../helpers/load-form';
import { mainMenu } from '../helpers/side-menu';
import { signIn } from '../helpers/sign-in';
import { createCompanyUser } from '../helpers/users';

// What a new user tripped over, tried again as a new user would: the add-load form, the broker picker,
// the two numbers of a load, a dispatcher's own loads, the lists at 1280 px and the form on a phone.

/** Whether two boxes on the screen share any pixel. */
function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('a new load: no messages before typing, a broker chosen fills its contact, and Pays is the broker price', async ({
  page,
  request,
}) => {
  const client = await api(request, DEMO_USERS.dispatcher.email);
  await signIn(page, DEMO_USERS.dispatcher.email);
  await expect(mainMenu(page)).toBeVisible();
  const dialog = await openAddLoad(page);
  await expect(dialog.getByRole('button', { name: /Fields to fix/ })).toHaveCount(0);
  await expect(dialog.getByText('This field is required')).toHaveCount(0);
  await expect(dialog.getByText('Also becomes the broker price')).toBeVisible();

  // Typed quickly: every broker offered matches what is typed, the first answer included.
  const picker = dialog.getByRole('combobox', { name: 'Broker company' });
  await picker.click();
  await picker.pressSequentially('Silver', { delay: 10 });
  const offered = page.getByRole('listbox').getByRole('option');
  const silver = offered.filter({ hasText: /Silver Creek/ });
  await expect(silver).toBeVisible();
  for (const option of await offered.all()) {
    await expect(option).toContainText(/silver/i);
  }
  await silver.click();
  await expect(field(dialog, /Broker phone/)).not.toHaveValue('');
  await expect(field(dialog, /Reply e-mail/)).not.toHaveValue('');

  await field(dialog, /Broker name/).fill('Jane Broker');
  await field(dialog, /^Pays/).fill('$1234');
  await field(dialog, /Weight/).fill('1500');
  await field(dialog, /Pieces/).fill('3');
  await field(dialog, /Length/).fill('48');
  await field(dialog, /Width/).fill('40');
  await field(dialog, /Height/).fill('36');
  const pickUp = dialog.getByRole('group', { name: 'Pick-up' });
  await chooseAddress(page, pickUp, 'Chicago', /Chicago, IL/);
  await typeDate(field(pickUp, /^Date/), easternPickerText(1, 8));
  const delivery = dialog.getByRole('group', { name: 'Delivery' });
  await chooseAddress(page, delivery, 'Dallas', /Dallas, TX/);
  await typeDate(field(delivery, /^Date/), easternPickerText(3, 17, 30));

  await dialog.getByRole('button', { name: 'Create load' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/loadboard\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  // Made without a truck, the load is on the load board: its posted rate is what the form's Pays said, and
  // booking it later makes that the broker price.
  const board = await client.json<{ pays: number | null }>('GET', `/backend/api/v2/loads/loadboard/${id}/`);
  expect(board.pays).toBe(1234);
});

test('the number users see opens the capacity search, which says which load it found; the tab names the load', async ({
  page,
  request,
}) => {
  const client = await api(request, DEMO_USERS.dispatcher.email);
  const load = await createLoad(client);
  await signIn(page, DEMO_USERS.dispatcher.email);
  await expect(mainMenu(page)).toBeVisible();

  await page.goto(`/load/active/${load.id}`);
  await expect(page).toHaveTitle(`Load ${load.number} · Dispatch`);

  await page.goto('/units/map/?from=load');
  const loadNumber = page.getByRole('textbox', { name: 'Load number' });
  for (const typed of [load.number, String(Number(load.number))]) {
    await loadNumber.fill(typed);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page).toHaveURL(new RegExp(`load_id=${load.id}(&|$)`));
    await expect(page.getByText(`Load ${load.number} · ID ${load.id}`)).toBeVisible();
  }
});

test("a dispatcher's list starts with their own loads, and at 1280 px the prices stay in view", async ({
  browser,
  request,
}) => {
  const dispatcher = await createCompanyUser(request, 5);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, dispatcher.email, dispatcher.password);
  await expect(mainMenu(page)).toBeVisible();
  await page.goto('/my-loads/active/');

  const filter = page.getByRole('combobox', { name: 'Dispatcher' });
  await expect(filter).toHaveValue(`${dispatcher.firstName} ${dispatcher.lastName}`);
  // The bar's Clear filters; the empty list of a new dispatcher may show a second one, which does the same.
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(filter).toHaveValue('');

  const table = page.getByRole('table', { name: 'Active loads' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(rightPanel(page)).toHaveAttribute('data-compact', 'true');
  const prices = await table.getByRole('columnheader', { name: 'Prices' }).boundingBox();
  const panel = await rightPanel(page).boundingBox();
  expect(prices && panel && prices.x + prices.width <= panel.x).toBe(true);
  await context.close();
});

test('on a phone in Russian the dimension labels keep clear of their units', async ({ browser, request }) => {
  const user = await createCompanyUser(request, 5);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, user.email, user.password);
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Русский' }).click();
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  await page.getByRole('button', { name: 'Добавить груз' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавить груз' });
  await expect(dialog).toBeVisible();

  for (const name of ['Длина', 'Ширина', 'Высота']) {
    const input = field(dialog, new RegExp(name));
    const control = input.locator('xpath=ancestor::div[contains(@class, "MuiFormControl-root")][1]');
    const label = await control.locator('label').boundingBox();
    const unit = await control.getByText('дюйм.').boundingBox();
    expect(label && unit, name).toBeTruthy();
    expect(overlap(label!, unit!), `${name} and its unit`).toBe(false);
  }
  await context.close();
});
