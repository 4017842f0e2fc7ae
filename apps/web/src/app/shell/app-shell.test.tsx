import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MENU_LABELS, menuForUser } from '@app/domain/shell/menu.rules';
import type { MenuEntry } from '@/lib/current-user';
import { companyWith, fakeFetch, makeUser, renderApp, storeSession } from '@/test/render-app';

function signedInAs(user = makeUser(), extra: Record<string, unknown> = {}) {
  storeSession();
  return fakeFetch({ 'GET /backend/api/users/my/': user, ...extra });
}

async function mainMenu() {
  return screen.findByRole('navigation', { name: 'Main menu' });
}

function names(elements: HTMLElement[]): string[] {
  return elements.map((element) => element.textContent?.trim() ?? '');
}

const SMALL_MENU: MenuEntry[] = [
  { id: 2, name: 'loadboard', path: '/loadboard/', children: [] },
  {
    id: 9,
    name: 'units',
    path: '/units/',
    children: [{ id: 91, name: 'vehicles', path: '/units/vehicles/', children: [] }],
  },
  { id: 11, name: 'settings', path: '/settings/profile/', children: [] },
];

describe('side menu', () => {
  it('draws exactly the entries of the menu it is given, in order, plus Logout', async () => {
    signedInAs(makeUser({ role: 3, menu: SMALL_MENU }));
    renderApp('/units/vehicles/');
    const nav = await mainMenu();
    expect(names(within(nav).getAllByRole('link'))).toEqual(['Load board', 'Vehicles', 'Settings']);
    expect(names(within(nav).getAllByRole('button'))).toEqual(['Units', "What's new", 'Logout']);
  });

  it("draws a dispatcher's menu with the spec labels, and the groups open on demand", async () => {
    const user = makeUser({ role: 5 });
    signedInAs(user);
    renderApp('/');
    const nav = await mainMenu();
    const topLevel = user.menu.map((entry) => MENU_LABELS.en[entry.name as keyof typeof MENU_LABELS.en]);
    for (const label of topLevel) expect(within(nav).getByText(label)).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Users' })).toBeNull();

    const units = within(nav).getByRole('button', { name: 'Units' });
    expect(units.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(units);
    expect(units.getAttribute('aria-expanded')).toBe('true');
    // Dispatchers see vehicles, partners and the delivery map, not drivers or owners.
    const group = within(nav).getByRole('button', { name: 'Units' }).nextElementSibling as HTMLElement;
    expect(names(within(group).getAllByRole('link'))).toEqual(['Vehicles', 'Partners', 'Delivery map']);
  });

  it('marks the entry of the current page', async () => {
    signedInAs(makeUser({ role: 5 }));
    renderApp('/load/active/17');
    const nav = await mainMenu();
    expect(within(nav).getByRole('link', { name: 'Active' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Load board' }).getAttribute('aria-current')).toBeNull();
  });

  it("hides What's New when the company sets disable_some_menu_items", async () => {
    signedInAs(makeUser({ company_instance: companyWith({ disable_some_menu_items: true }) }));
    renderApp('/');
    const nav = await mainMenu();
    expect(within(nav).queryByRole('button', { name: /What's new/ })).toBeNull();
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it("opens What's New in a dialog", async () => {
    signedInAs();
    renderApp('/');
    const nav = await mainMenu();
    await userEvent.click(within(nav).getByRole('button', { name: /What's new/ }));
    expect(await screen.findByRole('dialog', { name: /What's new/ })).toBeTruthy();
  });

  it('opens the add-load dialog from the Add load entry, and closes it', async () => {
    signedInAs(makeUser({ role: 4 }));
    renderApp('/');
    const nav = await mainMenu();
    await userEvent.click(within(nav).getByRole('button', { name: 'Add load' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add load' });
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add load' })).toBeNull());
  });

  it('can be used with the keyboard: Tab to an entry, Enter to open it', async () => {
    signedInAs(makeUser({ role: 5 }));
    const app = renderApp('/');
    const nav = await mainMenu();
    const loadboard = within(nav).getByRole('link', { name: 'Load board' });
    while (document.activeElement !== loadboard) await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(app.pathname()).toBe('/loadboard/'));
  });
});

describe('top bar', () => {
  it('switches the language at once and saves it to the profile', async () => {
    const user = makeUser({ role: 5 });
    const { callsTo } = signedInAs(user, {
      'PUT /backend/api/v2/profile/me/update': { ...user, lang: 'ru' },
    });
    renderApp('/');
    await mainMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Language' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Русский' }));
    const nav = await mainMenu();
    expect(await within(nav).findByRole('link', { name: 'Доска грузов' })).toBeTruthy();
    await waitFor(() =>
      expect(callsTo('PUT', '/backend/api/v2/profile/me/update')[0]?.body).toEqual({
        first_name: user.first_name,
        last_name: user.last_name,
        lang: 'ru',
      }),
    );
    expect(screen.getByRole('button', { name: 'Language' })).toBeTruthy();
  });

  it('shows the current Eastern time', async () => {
    signedInAs();
    renderApp('/');
    await mainMenu();
    expect(screen.getByText(/^\d{2}:\d{2}(am|pm) \d{2}\/\d{2}\/\d{4} ET$/)).toBeTruthy();
  });

  it('logs out: tells the server, clears storage and cookies, goes to /login', async () => {
    const { callsTo } = signedInAs(makeUser(), { 'POST /backend/api/v2/rest-auth/logout/': {} });
    localStorage.setItem('compact_telephony', 'true');
    const app = renderApp('/');
    const nav = await mainMenu();
    await userEvent.click(within(nav).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(app.pathname()).toBe('/login/'));
    expect(callsTo('POST', '/backend/api/v2/rest-auth/logout/')[0]?.body).toEqual({ refresh: 'refresh-1' });
    expect(localStorage.length).toBe(0);
    expect(document.cookie).not.toContain('access_token');
  });

  it('logs out even when the server call fails', async () => {
    signedInAs(makeUser());
    const app = renderApp('/');
    const nav = await mainMenu();
    await userEvent.click(within(nav).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(app.pathname()).toBe('/login/'));
    expect(screen.queryByText(/Request failed/)).toBeNull();
  });
});

describe('right-hand panel', () => {
  it('has Home with no notifications, Connect with no contact, and remembers the width chosen', async () => {
    signedInAs();
    renderApp('/');
    const panel = await screen.findByRole('complementary', { name: 'Contacts and notifications' });
    expect(within(panel).getByText('No notifications')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('tab', { name: 'Connect' }));
    expect(within(panel).getByText('No contact selected')).toBeTruthy();
    // 1024 px is a narrow screen: the panel starts compact.
    expect(panel.getAttribute('data-compact')).toBe('true');
    await userEvent.click(within(panel).getByRole('button', { name: 'Wide panel' }));
    expect(localStorage.getItem('compact_telephony')).toBe('false');
    await userEvent.click(within(panel).getByRole('button', { name: 'Narrow panel' }));
    expect(localStorage.getItem('compact_telephony')).toBe('true');
  });
});

describe('phone width', () => {
  it('shows a top bar with the menu button and the bell, and the menu in a drawer', async () => {
    const happyWindow = window as unknown as {
      happyDOM: { setViewport: (size: { width: number; height: number }) => void };
    };
    happyWindow.happyDOM.setViewport({ width: 390, height: 844 });
    try {
      signedInAs(makeUser({ role: 5 }));
      const app = renderApp('/');
      const openMenu = await screen.findByRole('button', { name: 'Open menu' });
      expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
      expect(screen.queryByRole('complementary', { name: 'Contacts and notifications' })).toBeNull();
      await userEvent.click(openMenu);
      const nav = await mainMenu();
      await userEvent.click(within(nav).getByRole('link', { name: 'Load board' }));
      await waitFor(() => expect(app.pathname()).toBe('/loadboard/'));
      await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull());
    } finally {
      act(() => happyWindow.happyDOM.setViewport({ width: 1024, height: 768 }));
    }
  });
});

describe('menu from the domain table', () => {
  it('is what the server sends: the test user menus are the spec table', () => {
    expect(
      menuForUser({ role: 13, is_superuser: false, hide_accounting: false }).map((entry) => entry.name),
    ).toEqual(['partnersBrokersCheck']);
  });
});
