import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { api } from '../helpers/api';
import { DEMO_USERS } from '../helpers/demo-users';
import { mainMenu } from '../helpers/side-menu';
import { signIn } from '../helpers/sign-in';

// Drivers and owners (business areas: "Vehicles, drivers, owners" calls; roles): HR adds a driver, a
// manager creates an owner, in the browser against the real server.

/** Signs in and waits for the signed-in shell, so that the next navigation keeps the session. */
async function signInAs(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await expect(mainMenu(page)).toBeVisible();
}

/** A name no other run uses, so the new person can be found by searching for it. */
function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

test('HR adds a driver and finds him in the drivers list', async ({ page, request }) => {
  const lastName = uniqueName('Hirer');
  await signInAs(page, DEMO_USERS.hr.email);
  // HR starts on the vehicles page.
  await expect(page).toHaveURL((url) => url.pathname === '/units/vehicles');
  await page.goto('/units/drivers/');
  await page.getByRole('button', { name: 'Add driver' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a driver' });
  await expect(dialog).toBeVisible();

  // Name and phone are required; a bad phone is refused before anything is sent.
  await dialog.getByRole('button', { name: 'Add driver' }).click();
  await expect(dialog.getByText('This field is required')).toHaveCount(3);
  await dialog.getByRole('textbox', { name: /^First name/ }).fill('Gary');
  await dialog.getByRole('textbox', { name: /^Last name/ }).fill(lastName);
  await dialog.getByRole('textbox', { name: /^Phone/ }).fill('555-12');
  await expect(dialog.getByText('Must be a US phone number, e.g. (555) 123-4567')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Phone/ }).fill('(555) 300-4000');
  await dialog.getByRole('combobox', { name: 'Owner' }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await dialog.getByRole('button', { name: 'Add driver' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search drivers' }).fill(lastName);
  const row = page.getByRole('row', { name: `Gary ${lastName}` });
  await expect(row).toBeVisible();
  await expect(row.getByRole('switch', { name: `Gary ${lastName} sees loads` })).toBeVisible();

  const hr = await api(request, DEMO_USERS.hr.email);
  const found = await hr.json<{ results: { full_name: string; owner: { id: number } | null }[] }>(
    'GET',
    '/backend/api/v2/users/drivers',
    { params: { search: lastName } },
  );
  expect(found.results).toHaveLength(1);
  expect(found.results[0]!.owner).not.toBeNull();
});

test('a manager creates an owner with a company and wage visibility', async ({ page, request }) => {
  const lastName = uniqueName('Owner');
  const company = `${lastName} Freight LLC`;
  await signInAs(page, DEMO_USERS.manager.email);
  await page.goto('/units/owners/');
  await page.getByRole('button', { name: 'Add owner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an owner' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: /^First name/ }).fill('Hank');
  await dialog.getByRole('textbox', { name: /^Last name/ }).fill(lastName);
  await dialog.getByRole('combobox', { name: 'Company' }).fill(company);
  await dialog.getByRole('textbox', { name: /^Phone/ }).fill('(555) 900-1000');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(`${lastName.toLowerCase()}@owners.test`);
  await dialog.getByRole('switch', { name: 'Wage visible to the owner' }).check();
  await dialog.getByRole('button', { name: 'Add owner' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search owners' }).fill(lastName);
  const row = page.getByRole('row').filter({ hasText: `Hank ${lastName}` });
  await expect(row).toBeVisible();
  await expect(row.getByText(company)).toBeVisible();
  await expect(row.getByRole('switch', { name: `Wage visible to Hank ${lastName}` })).toBeChecked();
  // The manager sees phone numbers.
  await expect(row.getByText('(555) 900-1000')).toBeVisible();

  // The company is offered to the next owner typed with the same start.
  await page.getByRole('button', { name: 'Add owner' }).click();
  await page
    .getByRole('dialog', { name: 'Add an owner' })
    .getByRole('combobox', { name: 'Company' })
    .fill(lastName);
  await expect(page.getByRole('option', { name: new RegExp(company) })).toBeVisible();

  const manager = await api(request, DEMO_USERS.manager.email);
  const found = await manager.json<{ results: { is_wage_visible: boolean; company_name: string | null }[] }>(
    'GET',
    '/backend/api/v2/users/owners',
    { params: { search: lastName } },
  );
  expect(found.results).toEqual([expect.objectContaining({ is_wage_visible: true, company_name: company })]);
});
