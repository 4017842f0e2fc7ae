import { expect, test } from '@playwright/test';
import { DEMO_USERS } from '../helpers/demo-users';
import { mainMenu } from '../helpers/side-menu';
import { signIn } from '../helpers/sign-in';
import { createCompanyUser } from '../helpers/users';

// The company's people: an accountant dismisses a colleague who is signed in elsewhere; the colleague's open
// page is signed out at once (their socket closes, the refresh of their sign-in is refused) and sent to the
// sign-in page, and they can no longer sign in.

test('an accountant dismisses a user, who is then signed out', async ({ browser, request }) => {
  const colleague = await createCompanyUser(request, 6);

  const colleagueContext = await browser.newContext();
  const colleaguePage = await colleagueContext.newPage();
  await signIn(colleaguePage, colleague.email, colleague.password);
  await expect(colleaguePage).not.toHaveURL(/\/login\/?$/);
  await expect(colleaguePage.getByRole('button', { name: /^Account of / })).toBeVisible();

  const accountantContext = await browser.newContext();
  const page = await accountantContext.newPage();
  await signIn(page, DEMO_USERS.accountant.email);
  await mainMenu(page).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/settings/users/');

  const people = page.getByRole('table', { name: 'People' });
  await page.getByRole('searchbox', { name: 'Search people' }).fill(colleague.email);
  await page.getByRole('searchbox', { name: 'Search people' }).press('Enter');
  const name = `${colleague.firstName} ${colleague.lastName}`;
  const row = people.getByRole('row').filter({ hasText: colleague.email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Dismiss ${name}` }).click();

  const dialog = page.getByRole('dialog', { name: `Dismiss ${name}` });
  await expect(dialog.getByText('Open loads: 0 · Vehicles: 0')).toBeVisible();
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Successfully')).toBeVisible();
  // The list shows active people: the dismissed colleague has left it; among the fired they are listed.
  await expect(people.getByText(colleague.email)).toHaveCount(0);

  // The colleague's open page is signed out without them doing anything.
  await expect(colleaguePage).toHaveURL(/\/login\/?$/, { timeout: 15_000 });
  await signIn(colleaguePage, colleague.email, colleague.password);
  await expect(colleaguePage.getByText('Unable to log in with provided credentials.')).toBeVisible();
  await expect(colleaguePage).toHaveURL(/\/login\/?$/);

  await colleagueContext.close();
  await accountantContext.close();
});
