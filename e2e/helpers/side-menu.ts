import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { MENU_LABELS } from '@app/domain/shell/menu.rules';

type SpecMenuEntry = {
  name: keyof (typeof MENU_LABELS)['en'];
  /** null: an action (addLoad raises the add-load event), not a route. */
  path: string | null;
  roles: readonly number[];
  children?: readonly SpecMenuEntry[];
};

/**
 * The side-menu table of the specification (shell document, section 2), entry by entry, with the roles
 * that see each. Written out here rather than imported, so that the test checks the app against the spec.
 */
export const SPEC_SIDE_MENU: readonly SpecMenuEntry[] = [
  { name: 'dashboard', path: '/', roles: [3, 4, 5] },
  { name: 'loadboard', path: '/loadboard/', roles: [3, 4, 5, 6] },
  { name: 'myBids', path: '/bids/active', roles: [3, 4, 5] },
  {
    name: 'myLoads',
    path: '/my-loads/',
    roles: [3, 4, 5, 6, 7],
    children: [
      { name: 'activeLoads', path: '/my-loads/active/', roles: [3, 4, 5, 6, 7] },
      { name: 'checkOut', path: '/my-loads/checkout/', roles: [3, 4, 5, 7] },
      { name: 'completedLoads', path: '/my-loads/completed/', roles: [3, 4, 5, 7] },
      { name: 'canceledLoads', path: '/my-loads/canceled/', roles: [3, 4, 5, 6, 7] },
    ],
  },
  { name: 'capacitySearch', path: '/units/map/', roles: [3, 4, 5, 6] },
  { name: 'addLoad', path: null, roles: [3, 4, 5] },
  { name: 'groupChats', path: '/group-chats/', roles: [3, 4, 5, 6, 8] },
  { name: 'sms', path: '/sms/', roles: [3, 4, 5, 6, 8] },
  {
    name: 'units',
    path: '/units/',
    roles: [3, 4, 5, 6, 7, 8],
    children: [
      { name: 'vehicles', path: '/units/vehicles/', roles: [3, 4, 5, 6, 7, 8] },
      { name: 'drivers', path: '/units/drivers/', roles: [3, 4, 7, 8] },
      { name: 'owners', path: '/units/owners/', roles: [3, 4, 7, 8] },
      { name: 'partners', path: '/partners/', roles: [3, 4, 5, 7] },
      { name: 'deliveryMap', path: '/units/delivery-map/', roles: [3, 4, 5, 6] },
    ],
  },
  { name: 'users', path: '/settings/users/', roles: [7] },
  { name: 'settings', path: '/settings/profile/', roles: [3, 4, 5, 6, 7, 8] },
  {
    name: 'accounting',
    path: '/accounting/',
    roles: [3, 4, 5, 7],
    children: [
      { name: 'income', path: '/accounting/income/active/', roles: [3, 4, 7] },
      { name: 'listOfLoads', path: '/accounting/loads', roles: [3, 4, 5, 7] },
      { name: 'brokers', path: '/accounting/brokers/active/', roles: [3, 4, 7] },
      { name: 'owners', path: '/accounting/owners/active/', roles: [3, 4, 7] },
      { name: 'dispatchers', path: '/accounting/dispatchers/active/', roles: [3, 4, 5, 7] },
    ],
  },
  { name: 'partnersBrokersCheck', path: '/partners/brokers-check/', roles: [13] },
];

/** The start page of each role (spec: role 6, 7, 8 and 13 redirects; the others land on /). */
export const SPEC_START_PAGES: Record<number, string> = {
  3: '/',
  4: '/',
  5: '/',
  6: '/my-loads/active',
  7: '/accounting/loads',
  8: '/units/vehicles',
  13: '/partners/brokers-check/',
};

/**
 * One line per menu entry as the menu shows it, in order: 'group <label>' for an entry with children
 * (followed by its children), 'link <label> <path>' for a page, 'action <label>' for addLoad.
 */
export function expectedMenuLines(role: number): string[] {
  const labels = MENU_LABELS.en;
  const lines: string[] = [];
  for (const entry of SPEC_SIDE_MENU) {
    if (!entry.roles.includes(role)) continue;
    const children = (entry.children ?? []).filter((child) => child.roles.includes(role));
    if (children.length > 0) {
      lines.push(`group ${labels[entry.name]}`);
      for (const child of children) lines.push(`link ${labels[child.name]} ${child.path}`);
    } else if (entry.path === null) {
      lines.push(`action ${labels[entry.name]}`);
    } else {
      lines.push(`link ${labels[entry.name]} ${entry.path}`);
    }
  }
  return lines;
}

export function mainMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main menu' });
}

// Entries of the menu's footer, not of the spec's table.
const FOOTER_ENTRIES = [/^What's new/, /^Logout$/];

/**
 * Opens every group of the side menu, then reads the visible entries in order, in the form of
 * expectedMenuLines.
 */
export async function readMenuLines(page: Page): Promise<string[]> {
  const menu = mainMenu(page);
  await expect(menu).toBeVisible();
  // One closed group per round until none is left. Retried with short timeouts, because the menu may still
  // be catching up with the page just reached: a group holding the current page opens by itself, so the
  // group about to be clicked may open (and match no more) or a click may close it again.
  const closedGroups = menu.locator('[role="button"][aria-expanded="false"]');
  await expect(async () => {
    if ((await closedGroups.count()) > 0) await closedGroups.first().click({ timeout: 1_000 });
    await expect(closedGroups).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  // Let the groups finish opening, so every child is visible when read.
  await expect(menu.locator('.MuiCollapse-root:not(.MuiCollapse-entered)')).toHaveCount(0);

  const entries = await menu.locator('a[href], [role="button"]').evaluateAll((elements) =>
    elements
      .filter((element) => element.checkVisibility({ visibilityProperty: true }))
      .map((element) => {
        // The entry's label alone: a count beside it (unread chats, the quick pay count) is not its name.
        const text = element.querySelector('.MuiListItemText-primary')?.textContent ?? element.textContent;
        const label = (text ?? '').replace(/\s+/g, ' ').trim();
        if (element.hasAttribute('aria-expanded')) return `group ${label}`;
        if (element instanceof HTMLAnchorElement) return `link ${label} ${element.getAttribute('href')}`;
        return `action ${label}`;
      }),
  );
  return entries.filter((line) => !FOOTER_ENTRIES.some((footer) => footer.test(line.replace(/^\w+ /, ''))));
}
