import { expect, test, type Page } from '@playwright/test';
import type { CompanySettings } from '@app/domain/company/company.schema';
import type { TelephonySettings } from '@app/domain/company/telephony-settings.schema';
import type { ContactList } from '@app/domain/telephony/telephony.schema';
import { api, type ApiClient } from '../helpers/api';
import { DEMO_USERS } from '../helpers/demo-users';
import { mainMenu } from '../helpers/side-menu';
import { rightPanel } from '../helpers/right-panel';
import { signIn } from '../helpers/sign-in';

// The right-hand panel's telephony: a manager searches a driver in the panel, opens Connect and calls.
// With the company's external call system the call opens a window at the click-to-call address; without
// one, Call is a tel: link.

const COMPANY_MY = '/backend/api/v2/company/my';
const TELEPHONY = `${COMPANY_MY}/telephony`;

let manager: ApiClient;
let savedCompany: CompanySettings;
let savedTelephony: TelephonySettings;
let driver: ContactList['results'][number];

test.beforeEach(async ({ request }) => {
  manager = await api(request, DEMO_USERS.manager.email);
  savedCompany = await manager.json<CompanySettings>('GET', COMPANY_MY);
  savedTelephony = await manager.json<TelephonySettings>('GET', TELEPHONY);
  const found = await manager.json<ContactList>('GET', '/backend/api/v2/telephony/contacts', {
    params: { search: 'a' },
  });
  const first = found.results.find((entry) => entry.kind === 'driver' && entry.phone_number);
  if (!first) throw new Error('The demo carrier has no driver with a phone number');
  driver = first;
});

test.afterEach(async () => {
  const { id: _id, ...settings } = savedCompany;
  await manager.json('PUT', `${COMPANY_MY}/update`, { data: settings });
  await manager.json('PUT', `${TELEPHONY}/update`, {
    data: {
      call_url_template: savedTelephony.call_url_template,
      sms_url_template: savedTelephony.sms_url_template,
    },
  });
});

async function setCallSystem(callSystem: string | null, template: string | null): Promise<void> {
  const { id: _id, ...settings } = savedCompany;
  await manager.json('PUT', `${COMPANY_MY}/update`, { data: { ...settings, call_system: callSystem } });
  await manager.json('PUT', `${TELEPHONY}/update`, {
    data: { call_url_template: template, sms_url_template: null },
  });
}

/** Signs the manager in on a wide screen, finds the driver in the panel and opens Connect. */
async function openDriverInPanel(page: Page) {
  await page.setViewportSize({ width: 1600, height: 900 });
  await signIn(page, DEMO_USERS.manager.email);
  await expect(mainMenu(page)).toBeVisible();
  const panel = rightPanel(page);
  await panel.getByRole('searchbox', { name: 'Search' }).fill(driver.full_name);
  const people = panel.getByRole('list', { name: 'People' });
  await people.getByRole('button', { name: new RegExp(driver.full_name.slice(0, 20)) }).first().click();
  await expect(panel.getByRole('tab', { name: 'Connect' })).toHaveAttribute('aria-selected', 'true');
  const card = panel.getByRole('article', { name: `Driver: ${driver.full_name}` });
  await expect(card).toBeVisible();
  // A manager sees the number (canViewNumber).
  await expect(card.getByLabel('Phone number')).toHaveText(driver.phone_number!);
  return { panel, card };
}

test('without an external call system, Call is a tel: link to the driver', async ({ page }) => {
  await setCallSystem(null, null);
  const { card } = await openDriverInPanel(page);
  const call = card.getByRole('link', { name: 'Call' });
  await expect(call).toHaveAttribute('href', `tel:${driver.phone_number!.replace(/[^0-9+*#]/g, '')}`);
});

test("with the company's call system, Call opens the call window at the click-to-call address", async ({
  page,
  baseURL,
}) => {
  await setCallSystem('RingCentral', `${baseURL}/call-window?number={phone}&name={name}`);
  const { panel, card } = await openDriverInPanel(page);
  const popupOpened = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Call' }).click();
  const popup = await popupOpened;
  const digits = driver.phone_number!.replace(/[^0-9]/g, '');
  await popup.waitForURL((url) => url.pathname === '/call-window');
  const url = new URL(popup.url());
  expect(url.searchParams.get('number')).toBe(digits);
  expect(url.searchParams.get('name')).toBe(driver.full_name);
  // After the call the panel returns home.
  await expect(panel.getByRole('tab', { name: 'Home' })).toHaveAttribute('aria-selected', 'true');
  await popup.close();
});
