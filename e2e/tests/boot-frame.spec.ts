import { expect, test, type Page } from '@playwright/test';

// The page painted from index.html before any script has arrived (apps/web/src/boot/boot-frame.ts): the
// sign-in card without a session, the signed-in frame with one, in the language the app will start in; the
// application replaces it in its first commit, and the sign-in card has the sign-in page's own sizes, so
// the swap does not move anything on screen.

/** Opens a page with every script refused: what the browser shows is index.html alone. */
async function openWithoutScripts(page: Page, path: string): Promise<void> {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto(path);
}

const frame = (page: Page) => page.locator('#boot-frame');

test('without scripts the sign-in page is painted from the page itself, in English', async ({ page }) => {
  await openWithoutScripts(page, '/login/');
  await expect(frame(page).getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(frame(page).getByText('No account yet? Create account')).toBeVisible();
  await expect(frame(page).getByText('Вход', { exact: true })).toBeHidden();
  await expect(frame(page).getByText('Loading…')).toBeHidden();
  // A page that needs a session leads to the sign-in page, so it starts from the same card.
  await page.goto('/loadboard/');
  await expect(frame(page).getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('the frame speaks the language the app will start in', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'ru'));
  await openWithoutScripts(page, '/login/');
  await expect(frame(page).getByRole('heading', { name: 'Вход' })).toBeVisible();
  await expect(frame(page).getByText('Нет учётной записи?', { exact: false })).toBeVisible();
  await expect(frame(page).getByRole('heading', { name: 'Sign in' })).toBeHidden();
});

test('with a session the signed-in frame is painted instead of the sign-in card', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('access_token', 'a-stored-session'));
  await openWithoutScripts(page, '/my-loads/active/');
  await expect(frame(page).getByRole('status')).toHaveText('Loading…');
  await expect(frame(page).getByRole('heading', { name: 'Sign in' })).toBeHidden();
});

test('the public pages with a look of their own get no frame', async ({ page }) => {
  await openWithoutScripts(page, '/registration/');
  await expect(frame(page).getByRole('heading', { name: 'Sign in' })).toBeHidden();
  await expect(frame(page).getByRole('status')).toBeHidden();
});

test('the application replaces the frame in place: same card, same sizes, nothing left behind', async ({
  page,
  browser,
}) => {
  const bare = await browser.newPage();
  await openWithoutScripts(bare, '/login/');
  const painted = await frame(bare).getByText('No account yet? Create account').boundingBox();
  const paintedTitle = await frame(bare).getByRole('heading', { name: 'Sign in' }).boundingBox();
  await bare.close();

  await page.goto('/login/');
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(frame(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(1);
  const drawn = await page.getByText('No account yet? Create account').boundingBox();
  const drawnTitle = await page.getByRole('heading', { name: 'Sign in' }).boundingBox();
  for (const [before, after] of [
    [painted, drawn],
    [paintedTitle, drawnTitle],
  ]) {
    expect(before).not.toBeNull();
    expect(after).not.toBeNull();
    expect(Math.abs(before!.width - after!.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(before!.height - after!.height)).toBeLessThanOrEqual(1);
    expect(Math.abs(before!.y - after!.y)).toBeLessThanOrEqual(2);
  }
});
