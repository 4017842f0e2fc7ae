import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS } from '../helpers/demo-users';
import { signIn } from '../helpers/sign-in';

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

test('on a load list the frame draws the list toolbar where the page draws it', async ({ page, browser }) => {
  const context = await browser.newContext();
  const bare = await context.newPage();
  await bare.addInitScript(() => localStorage.setItem('access_token', 'a-stored-session'));
  await openWithoutScripts(bare, '/my-loads/active/');
  const drawing = frame(bare).locator('.bf-shell[lang=en]');
  await expect(drawing.getByText('Load number, rate confirmation, broker or city')).toBeVisible();
  await expect(drawing.getByText('Filters')).toBeVisible();
  const painted = {
    search: await drawing.locator('.bf-search').boundingBox(),
    filters: await drawing.locator('.bf-filters').boundingBox(),
  };
  // Elsewhere the signed-in frame has no toolbar: the page it stands for has another.
  await openWithoutScripts(bare, '/loadboard/');
  await expect(drawing.locator('.bf-list')).toBeHidden();
  await context.close();

  await signIn(page, DEMO_USERS.manager.email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto('/my-loads/active/');
  await expect(page.getByRole('table', { name: 'Active loads' })).toBeVisible();
  await expect(frame(page)).toHaveCount(0);
  const drawn = {
    search: await page.getByRole('searchbox', { name: 'Search loads' }).locator('..').boundingBox(),
    filters: await page.getByRole('button', { name: 'Filters' }).boundingBox(),
  };
  for (const part of ['search', 'filters'] as const) {
    const before = painted[part];
    const after = drawn[part];
    expect(before).not.toBeNull();
    expect(after).not.toBeNull();
    for (const side of ['x', 'y', 'width', 'height'] as const) {
      expect(Math.abs(before![side] - after![side]), `${part} ${side}`).toBeLessThanOrEqual(1);
    }
  }
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
