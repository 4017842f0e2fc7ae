import { expect, test, type Page } from '@playwright/test';
import type { CompanySettings } from '@app/domain/company/company.schema';
import { api, type ApiClient } from '../helpers/api';
import { DEMO_USERS } from '../helpers/demo-users';
import { mainMenu } from '../helpers/side-menu';
import { signIn } from '../helpers/sign-in';

// The company settings page: a manager changes a setting and the rest of the app follows it.

const COMPANY_MY = '/backend/api/v2/company/my';

/** The demo carrier's settings before the test, put back after it: other specs rely on them. */
let manager: ApiClient;
let saved: CompanySettings;

test.beforeEach(async ({ request }) => {
  manager = await api(request, DEMO_USERS.manager.email);
  saved = await manager.json<CompanySettings>('GET', COMPANY_MY);
});

test.afterEach(async () => {
  const { id: _id, ...settings } = saved;
  await manager.json('PUT', `${COMPANY_MY}/update`, { data: settings });
});

async function openCompanySettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account of / }).click();
  await page.getByRole('menuitem', { name: 'Company settings' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/settings/company/');
  await expect(page.getByRole('textbox', { name: /Company name/ })).toHaveValue(saved.name);
}

async function save(page: Page): Promise<void> {
  // The page has a Save per section (the company form, the proposition e-mail): this is the company form's.
  await page.getByRole('form', { name: 'Company settings' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully')).toBeVisible();
}

test("a manager hides some menu items: What's new leaves the manager's menu at once, and a dispatcher's", async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_USERS.manager.email);
  await expect(mainMenu(page).getByRole('button', { name: /What's new/ })).toBeVisible();
  await openCompanySettings(page);

  // The spec's messages for an empty name, before anything is sent.
  const name = page.getByRole('textbox', { name: /Company name/ });
  await name.fill('');
  await name.blur();
  await expect(page.getByText('Name must be present')).toBeVisible();
  await name.fill(saved.name);

  await page.getByRole('switch', { name: 'Hide some menu items' }).check();
  await save(page);
  await expect(mainMenu(page).getByRole('button', { name: /What's new/ })).toHaveCount(0);

  const dispatcherContext = await browser.newContext();
  const dispatcher = await dispatcherContext.newPage();
  await signIn(dispatcher, DEMO_USERS.dispatcher.email);
  await expect(mainMenu(dispatcher)).toBeVisible();
  await expect(mainMenu(dispatcher).getByRole('button', { name: /What's new/ })).toHaveCount(0);
  // A dispatcher has no company settings: not in the account menu, and the page says so.
  await dispatcher.getByRole('button', { name: /^Account of / }).click();
  await expect(dispatcher.getByRole('menuitem', { name: 'Company settings' })).toHaveCount(0);
  await dispatcher.keyboard.press('Escape');
  await dispatcher.goto('/settings/company/');
  await expect(dispatcher.getByText('No access')).toBeVisible();
  await dispatcherContext.close();
});

test("a manager shows phones to all users: HR sees an owner's phone number once it is saved", async ({
  page,
  browser,
  request,
}) => {
  // The setting starts off for this test, whatever it was.
  const { id: _id, ...settings } = saved;
  await manager.json('PUT', `${COMPANY_MY}/update`, {
    data: { ...settings, is_visible_phone_numbers: false },
  });
  const lastName = `Phones${Date.now().toString(36)}`;
  await manager.json('POST', '/backend/api/v2/users/owners/create', {
    data: { first_name: 'Olive', last_name: lastName, phone_number: '(555) 901-2233' },
  });
  const hr = await api(request, DEMO_USERS.hr.email);
  expect(hr.user.role).toBe(8);

  const hrContext = await browser.newContext();
  const hrPage = await hrContext.newPage();
  await signIn(hrPage, DEMO_USERS.hr.email);
  await expect(mainMenu(hrPage)).toBeVisible();
  await hrPage.goto('/units/owners/');
  await hrPage.getByRole('searchbox', { name: 'Search owners' }).fill(lastName);
  const row = hrPage.getByRole('row').filter({ hasText: `Olive ${lastName}` });
  await expect(row).toBeVisible();
  await expect(row.getByText('(555) 901-2233')).toHaveCount(0);

  await signIn(page, DEMO_USERS.manager.email);
  await expect(mainMenu(page)).toBeVisible();
  await openCompanySettings(page);
  await page.getByRole('switch', { name: 'Show phones to all users' }).check();
  await save(page);

  await hrPage.reload();
  await hrPage.getByRole('searchbox', { name: 'Search owners' }).fill(lastName);
  await expect(row.getByText('(555) 901-2233')).toBeVisible();
  await hrContext.close();
});

test("a manager enters the company's Zoho client keys by keyboard: the sign-in works, then they are removed", async ({
  page,
  request,
}) => {
  const dispatcher = await api(request, DEMO_USERS.dispatcher.email);
  const before = await dispatcher.get('/backend/api/v2/email/zoho/auth');
  expect(before.status()).toBe(409);
  expect(((await before.json()) as { code: string }).code).toBe('email_oauth_not_configured');

  await signIn(page, DEMO_USERS.manager.email);
  await openCompanySettings(page);
  const zoho = page.getByRole('form', { name: 'Zoho' });
  await expect(zoho.getByText('No keys: users cannot sign in with Zoho.')).toBeVisible();
  await zoho.getByRole('textbox', { name: 'Client ID' }).fill('1000.E2EZOHOCLIENT');
  await zoho.getByLabel('Client secret').fill('e2e-zoho-secret');
  await zoho.getByLabel('Client secret').press('Enter');
  await expect(zoho.getByText(/^Users can sign in with Zoho\./)).toBeVisible();
  await expect(zoho.getByLabel('Client secret')).toHaveAttribute(
    'placeholder',
    'Stored; leave empty to keep it',
  );

  const signInUrl = await dispatcher.json<{ auth_url: string }>('GET', '/backend/api/v2/email/zoho/auth');
  expect(new URL(signInUrl.auth_url).searchParams.get('client_id')).toBe('1000.E2EZOHOCLIENT');
  expect(signInUrl.auth_url).not.toContain('e2e-zoho-secret');

  await zoho.getByRole('button', { name: 'Remove' }).click();
  await zoho.getByRole('button', { name: 'Remove the keys' }).click();
  await expect(zoho.getByText('No keys: users cannot sign in with Zoho.')).toBeVisible();
  expect((await dispatcher.get('/backend/api/v2/email/zoho/auth')).status()).toBe(409);
});
