import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '../users/users.schema';
import {
  ACCOUNTING_MENU_ID,
  MENU,
  MENU_LABELS,
  menuForUser,
  menuRoles,
  startPathForRole,
  type MenuDefinition,
} from './menu.rules';

// The spec's side-menu table, row by row: entry, path (null for the addLoad action), roles; children indented.
const SPEC_TABLE: [string, string | null, number[]][] = [
  ['dashboard', '/', [3, 4, 5]],
  ['loadboard', '/loadboard/', [3, 4, 5, 6]],
  ['myBids', '/bids/active', [3, 4, 5]],
  ['myLoads', '/my-loads/', [3, 4, 5, 6, 7]],
  ['  activeLoads', '/my-loads/active/', [3, 4, 5, 6, 7]],
  ['  checkOut', '/my-loads/checkout/', [3, 4, 5, 7]],
  ['  completedLoads', '/my-loads/completed/', [3, 4, 5, 7]],
  ['  canceledLoads', '/my-loads/canceled/', [3, 4, 5, 6, 7]],
  ['capacitySearch', '/units/map/', [3, 4, 5, 6]],
  ['addLoad', null, [3, 4, 5]],
  ['groupChats', '/group-chats/', [3, 4, 5, 6, 8]],
  ['sms', '/sms/', [3, 4, 5, 6, 8]],
  ['units', '/units/', [3, 4, 5, 6, 7, 8]],
  ['  vehicles', '/units/vehicles/', [3, 4, 5, 6, 7, 8]],
  ['  drivers', '/units/drivers/', [3, 4, 7, 8]],
  ['  owners', '/units/owners/', [3, 4, 7, 8]],
  ['  partners', '/partners/', [3, 4, 5, 7]],
  ['  deliveryMap', '/units/delivery-map/', [3, 4, 5, 6]],
  ['users', '/settings/users/', [7]],
  ['settings', '/settings/profile/', [3, 4, 5, 6, 7, 8]],
  ['accounting', '/accounting/', [3, 4, 5, 7]],
  ['  income', '/accounting/income/active/', [3, 4, 7]],
  ['  listOfLoads', '/accounting/loads', [3, 4, 5, 7]],
  ['  brokers', '/accounting/brokers/active/', [3, 4, 7]],
  ['  owners', '/accounting/owners/active/', [3, 4, 7]],
  ['  dispatchers', '/accounting/dispatchers/active/', [3, 4, 5, 7]],
  ['partnersBrokersCheck', '/partners/brokers-check/', [13]],
];

function flatten(definitions: MenuDefinition[]): [string, string | null, number[]][] {
  return definitions.flatMap((definition) => [
    [definition.name, definition.path, [...definition.roles]] as [string, string | null, number[]],
    ...definition.children.map(
      (child) => [`  ${child.name}`, child.path, [...child.roles]] as [string, string | null, number[]],
    ),
  ]);
}

/** The menu as 'name' and 'parent/child' strings, in order. */
function names(menu: MenuEntry[]): string[] {
  return menu.flatMap((entry) => [
    entry.name,
    ...entry.children.map((child) => `${entry.name}/${child.name}`),
  ]);
}

/** The spec table's entries the role sees, as names() gives them: children under their parent. */
function specMenuOf(role: number): string[] {
  let parent = '';
  return SPEC_TABLE.flatMap(([name, , roles]) => {
    const isChild = name.startsWith('  ');
    if (!isChild) parent = name;
    if (!roles.includes(role)) return [];
    return [isChild ? `${parent}/${name.trim()}` : name];
  });
}

const user = (role: number | null, extra: { is_superuser?: boolean; hide_accounting?: boolean } = {}) => ({
  role,
  is_superuser: extra.is_superuser ?? false,
  hide_accounting: extra.hide_accounting ?? false,
});

describe('side-menu table', () => {
  it('has every row of the spec with its path and roles, in order', () => {
    expect(flatten(MENU)).toEqual(SPEC_TABLE);
  });
  it('numbers the top-level entries 1 to 13 in table order', () => {
    expect(MENU.map((entry) => entry.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });
  it('gives accounting the id 12', () => {
    expect(MENU.find((entry) => entry.name === 'accounting')?.id).toBe(ACCOUNTING_MENU_ID);
    expect(ACCOUNTING_MENU_ID).toBe(12);
  });
  it('numbers children after their parent', () => {
    expect(MENU[3]?.children.map((child) => child.id)).toEqual([41, 42, 43, 44]);
    expect(MENU[8]?.children.map((child) => child.id)).toEqual([91, 92, 93, 94, 95]);
    expect(MENU[11]?.children.map((child) => child.id)).toEqual([121, 122, 123, 124, 125]);
  });
  it('has English and Russian labels for every entry', () => {
    for (const [name] of SPEC_TABLE) {
      expect(MENU_LABELS.en[name.trim() as keyof typeof MENU_LABELS.en]).toBeTruthy();
      expect(MENU_LABELS.ru[name.trim() as keyof typeof MENU_LABELS.ru]).toBeTruthy();
    }
    expect(MENU_LABELS.ru.settings).toBe('Настройки');
  });
});

describe('menu for a user', () => {
  it.each([3, 4, 5, 6, 7, 8, 13])(
    'role %i sees the rows of the spec table that name it, in order',
    (role) => {
      expect(names(menuForUser(user(role)))).toEqual(specMenuOf(role));
    },
  );
  it('role 4 sees the same as role 3: everything but users and the brokers check', () => {
    expect(menuForUser(user(4))).toEqual(menuForUser(user(3)));
    expect(names(menuForUser(user(3)))).not.toContain('users');
    expect(names(menuForUser(user(3)))).toHaveLength(SPEC_TABLE.length - 2);
  });
  it('role 13 sees the brokers check only', () => {
    expect(names(menuForUser(user(13)))).toEqual(['partnersBrokersCheck']);
  });
  it.each([9, 10, 11, 12])('role %i sees no entry', (role) => {
    expect(menuForUser(user(role))).toEqual([]);
  });
  it('role 7 alone has users', () => {
    for (const role of [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]) {
      expect(names(menuForUser(user(role))).includes('users')).toBe(role === 7);
    }
  });
  it('role 13 alone has the brokers check', () => {
    for (const role of [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]) {
      expect(names(menuForUser(user(role))).includes('partnersBrokersCheck')).toBe(role === 13);
    }
  });
  it('hide_accounting removes the accounting section (id 12)', () => {
    for (const role of [3, 4, 5, 7]) {
      const menu = menuForUser(user(role, { hide_accounting: true }));
      expect(menu.map((entry) => entry.id)).not.toContain(12);
      expect(menu.length).toBe(menuForUser(user(role)).length - 1);
    }
  });
  it('a user with no role sees nothing', () => {
    expect(menuForUser(user(null))).toEqual([]);
  });
  it('a superuser with no role counts as role 3', () => {
    expect(menuForUser(user(null, { is_superuser: true }))).toEqual(menuForUser(user(3)));
  });
  it('a superuser with a role sees that role', () => {
    expect(menuForUser(user(6, { is_superuser: true }))).toEqual(menuForUser(user(6)));
  });
  it('sends each entry as {id, name, path, children}; addLoad has no path', () => {
    const menu = menuForUser(user(5));
    expect(menu.find((entry) => entry.name === 'addLoad')).toEqual({
      id: 6,
      name: 'addLoad',
      path: null,
      children: [],
    });
    expect(menu.find((entry) => entry.name === 'myLoads')?.children[0]).toEqual({
      id: 41,
      name: 'activeLoads',
      path: '/my-loads/active/',
      children: [],
    });
  });
});

describe('start page by role', () => {
  it('role 6 starts on /my-loads/active', () => expect(startPathForRole(6)).toBe('/my-loads/active'));
  it('role 7 starts on /accounting/loads', () => expect(startPathForRole(7)).toBe('/accounting/loads'));
  it('role 8 starts on /units/vehicles', () => expect(startPathForRole(8)).toBe('/units/vehicles'));
  it('role 13 starts on /partners/brokers-check/', () =>
    expect(startPathForRole(13)).toBe('/partners/brokers-check/'));
  it.each([3, 4, 5, null, undefined])('role %s starts on /', (role) =>
    expect(startPathForRole(role)).toBe('/'),
  );
});

describe('menuRoles', () => {
  it('answers the roles of the named entries together, children included, in id order', () => {
    expect(menuRoles('addLoad')).toEqual([3, 4, 5]);
    expect(menuRoles('checkOut', 'activeLoads')).toEqual([3, 4, 5, 6, 7]);
    expect(menuRoles('partnersBrokersCheck', 'users')).toEqual([7, 13]);
  });
});
