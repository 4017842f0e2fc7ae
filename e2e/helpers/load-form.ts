import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { mainMenu } from './side-menu';

// The add-load form as a user fills it in, for the specs that go through the dialog.

export function field(scope: Page | Locator, name: RegExp) {
  return scope.getByRole('textbox', { name });
}

export async function openAddLoad(page: Page): Promise<Locator> {
  await mainMenu(page).getByRole('button', { name: 'Add load' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add load' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Types a place into a point's address and takes the suggestion of the address lookup. */
export async function chooseAddress(page: Page, point: Locator, typed: string, suggestion: RegExp) {
  await point.getByRole('combobox', { name: /Address/ }).pressSequentially(typed, { delay: 30 });
  await page.getByRole('option', { name: suggestion }).first().click();
}

/** Types a date-time as the user would and leaves the field, so the form reads it. */
export async function typeDate(input: Locator, text: string) {
  await input.fill(text);
  await input.press('Tab');
}
