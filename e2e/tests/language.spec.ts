import { expect, test } from '@playwright/test';
import { MENU_LABELS } from '@app/domain/shell/menu.rules';
import { api } from '../helpers/api';
import { signIn } from '../helpers/sign-in';
import { mainMenu } from '../helpers/side-menu';
import { createCompanyUser } from '../helpers/users';

test('switching to Russian changes the menu labels, is saved to the profile, and switches back', async ({
  page,
  request,
}) => {
  // A user of its own: the language is saved to the profile, which the shared demo users must keep.
  const user = await createCompanyUser(request, 5);
  await signIn(page, user.email, user.password);
  const menu = mainMenu(page);
  await expect(menu.getByRole('link', { name: MENU_LABELS.en.dashboard, exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Русский' }).click();
  await expect(menu.getByRole('link', { name: MENU_LABELS.ru.dashboard, exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: MENU_LABELS.ru.loadboard, exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: MENU_LABELS.en.dashboard, exact: true })).toHaveCount(0);

  const client = await api(request, user.email, user.password);
  await expect
    .poll(async () => ((await (await client.get('/backend/api/users/my/')).json()) as { lang: string }).lang)
    .toBe('ru');
  await page.reload();
  await expect(menu.getByRole('link', { name: MENU_LABELS.ru.dashboard, exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(menu.getByRole('link', { name: MENU_LABELS.en.dashboard, exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: MENU_LABELS.ru.dashboard, exact: true })).toHaveCount(0);
  await expect
    .poll(async () => ((await (await client.get('/backend/api/users/my/')).json()) as { lang: string }).lang)
    .toBe('en');
});
