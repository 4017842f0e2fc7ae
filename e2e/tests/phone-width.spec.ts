import { expect, test } from '@playwright/test';
import { DEMO_USERS } from '../helpers/demo-users';
import { signIn } from '../helpers/sign-in';
import { mainMenu } from '../helpers/side-menu';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('at phone width the menu is a drawer opened from the top bar, next to the notifications bell', async ({
  page,
}) => {
  await signIn(page, DEMO_USERS.dispatcher.email);

  const openMenu = page.getByRole('button', { name: 'Open menu' });
  await expect(openMenu).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await expect(mainMenu(page)).toHaveCount(0);

  await openMenu.click();
  const menu = mainMenu(page);
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();

  await menu.getByRole('link', { name: 'Load board', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/loadboard/');
  await expect(mainMenu(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Load board', level: 1 })).toBeVisible();
});

test("a manager's pages fit the phone's width: wide tables scroll inside their section, not the page", async ({
  page,
}) => {
  await signIn(page, DEMO_USERS.manager.email);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  for (const path of [
    '/settings/company/',
    '/settings/profile/',
    '/settings/users/',
    '/my-loads/active/',
    '/units/vehicles/',
    '/accounting/loads',
    '/loadboard/',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The page's data is drawn (no request left) before its width is read.
    await page.waitForLoadState('networkidle');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(390);
  }
});
