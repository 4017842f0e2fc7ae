import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { api } from '../helpers/api';
import { DEMO_COMPANY_NAME, DEMO_USERS } from '../helpers/demo-users';
import { signIn } from '../helpers/sign-in';
import { SPEC_START_PAGES, expectedMenuLines, mainMenu, readMenuLines } from '../helpers/side-menu';
import { uniqueEmail } from '../helpers/unique';

const DISPATCHER_ROLE = 5;

function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

test('a newcomer registers, asks to join as a dispatcher, is approved and signs in with the role', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail('newcomer');
  const password = 'road-ready-2024';
  const manager = await api(request, DEMO_USERS.manager.email);
  const managerOption = `${manager.user.first_name as string} ${manager.user.last_name as string} — ${DEMO_COMPANY_NAME}`;

  await test.step('registration checks its fields with the spec messages', async () => {
    await page.goto('/registration');
    const createAccount = page.getByRole('button', { name: 'Create account' });
    await createAccount.click();
    await expect(field(page, 'First name')).toHaveAccessibleDescription('This field is required');
    await expect(field(page, 'Last name')).toHaveAccessibleDescription('This field is required');
    await expect(field(page, 'Email')).toHaveAccessibleDescription('Email is required');
    await expect(field(page, 'Password')).toHaveAccessibleDescription('Password required');
    await expect(field(page, 'Repeat password')).toHaveAccessibleDescription('Password required');

    await field(page, 'Email').fill('not-an-email');
    await expect(field(page, 'Email')).toHaveAccessibleDescription('Email must be valid');
    await field(page, 'Password').fill('short1');
    await expect(field(page, 'Password')).toHaveAccessibleDescription('Password too short');
    await field(page, 'Password').fill('road ready 2024');
    await expect(field(page, 'Password')).toHaveAccessibleDescription("Password mustn't has whitespaces");
    await field(page, 'Password').fill(password);
    await field(page, 'Repeat password').fill(`${password}x`);
    await expect(field(page, 'Repeat password')).toHaveAccessibleDescription("Passwords don't match");
    await expect(page).toHaveURL((url) => url.pathname === '/registration');
  });

  await test.step('a valid registration leads to the registration confirmation', async () => {
    await field(page, 'First name').fill('Dana');
    await field(page, 'Last name').fill('Newcomer');
    await field(page, 'Email').fill(email);
    await field(page, 'Repeat password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('combobox', { name: 'Department' })).toBeVisible();
    await expect(mainMenu(page)).toHaveCount(0);
  });

  await test.step('Send request waits for a manager when the department is Dispatcher', async () => {
    const send = page.getByRole('button', { name: 'Send request' });
    await expect(send).toBeDisabled();
    await page.getByRole('combobox', { name: 'Department' }).click();
    await page.getByRole('option', { name: 'Dispatcher', exact: true }).click();
    await expect(send).toBeDisabled();

    await page.getByRole('combobox', { name: 'Manager' }).click();
    await page.getByRole('option', { name: managerOption }).click();
    await expect(send).toBeEnabled();
    await send.click();
    await expect(page.getByText('a manager must assign you a role')).toBeVisible();
  });

  await test.step('the manager approves the request with the role Dispatcher on /settings/users/', async () => {
    const managerContext = await browser.newContext();
    const managerPage = await managerContext.newPage();
    await signIn(managerPage, DEMO_USERS.manager.email);
    await expect(mainMenu(managerPage)).toBeVisible();
    await managerPage.goto('/settings/users/');
    const row = managerPage.getByRole('row').filter({ hasText: email });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Dana Newcomer');
    await row.getByRole('combobox', { name: 'Role' }).click();
    await managerPage.getByRole('option', { name: 'Dispatcher', exact: true }).click();
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(row).toHaveCount(0);
    await managerContext.close();
  });

  await test.step('the new dispatcher signs in, lands on / and sees the dispatcher menu', async () => {
    const userContext = await browser.newContext();
    const userPage = await userContext.newPage();
    await signIn(userPage, email, password);
    await expect(mainMenu(userPage)).toBeVisible();
    await expect(userPage).toHaveURL((url) => url.pathname === SPEC_START_PAGES[DISPATCHER_ROLE]);
    expect(await readMenuLines(userPage)).toEqual(expectedMenuLines(DISPATCHER_ROLE));
    await userContext.close();
  });
});
