import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { mainMenu } from './side-menu';
import { signIn } from './sign-in';

/** The right-hand panel: notifications (Home) and contacts (Connect). */
export function rightPanel(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Contacts and notifications' });
}

/**
 * Signs in a browser of its own and waits until its socket is open, so nothing is sent before it listens.
 * Its screen is wide enough for the panel's full width, which shows each notification's content (below
 * 1600 px the panel starts compact).
 */
export async function signedInBrowser(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email);
  await expect(mainMenu(page)).toBeVisible();
  await expect(rightPanel(page)).toHaveAttribute('data-socket', 'open');
  return page;
}
