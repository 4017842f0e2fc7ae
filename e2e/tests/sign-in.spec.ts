import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../helpers/demo-users';
import { signIn } from '../helpers/sign-in';
import { SPEC_START_PAGES, expectedMenuLines, mainMenu, readMenuLines } from '../helpers/side-menu';

const STAFF = [
  DEMO_USERS.admin,
  DEMO_USERS.manager,
  DEMO_USERS.dispatcher,
  DEMO_USERS.tracker,
  DEMO_USERS.accountant,
  DEMO_USERS.hr,
  DEMO_USERS.conflictManager,
];

test.describe('each demo role signs in', () => {
  for (const { email, role } of STAFF) {
    test(`role ${role} (${email}) lands on its start page and sees exactly its menu`, async ({ page }) => {
      await signIn(page, email, DEMO_PASSWORD);

      const startPath = SPEC_START_PAGES[role] ?? '/';
      await expect(mainMenu(page)).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === startPath);

      expect(await readMenuLines(page)).toEqual(expectedMenuLines(role));
      await expect(page).toHaveURL((url) => url.pathname === startPath);
    });
  }
});

test('a wrong password shows the error and stays on the sign-in page', async ({ page }) => {
  await signIn(page, DEMO_USERS.admin.email, 'not-the-password');

  await expect(page.getByRole('alert')).toHaveText('Unable to log in with provided credentials.');
  await expect(page).toHaveURL((url) => url.pathname === '/login/');
  await expect(mainMenu(page)).toHaveCount(0);
});

test('without a session every page leads to the sign-in page', async ({ page }) => {
  await page.goto('/loadboard/');
  await expect(page).toHaveURL((url) => url.pathname === '/login/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
