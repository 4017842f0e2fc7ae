import type { Lang, RoleId } from '../common/lookups';
import type { MenuEntry } from '../users/users.schema';

// The side menu of the spec: every entry with the roles that see it. The server sends each user the
// entries it may see (`menu` of users/my); the web draws what it is given.

export type MenuName =
  | 'dashboard'
  | 'loadboard'
  | 'myBids'
  | 'myLoads'
  | 'activeLoads'
  | 'checkOut'
  | 'completedLoads'
  | 'canceledLoads'
  | 'capacitySearch'
  | 'addLoad'
  | 'groupChats'
  | 'sms'
  | 'units'
  | 'vehicles'
  | 'drivers'
  | 'owners'
  | 'partners'
  | 'deliveryMap'
  | 'users'
  | 'settings'
  | 'accounting'
  | 'income'
  | 'listOfLoads'
  | 'brokers'
  | 'dispatchers'
  | 'partnersBrokersCheck';

export type MenuDefinition = {
  id: number;
  name: MenuName;
  /** null for addLoad: it raises the add-load event instead of opening a page. */
  path: string | null;
  roles: readonly RoleId[];
  children: MenuDefinition[];
};

export const ACCOUNTING_MENU_ID = 12;

function entry(
  id: number,
  name: MenuName,
  path: string | null,
  roles: readonly RoleId[],
  children: MenuDefinition[] = [],
): MenuDefinition {
  return { id, name, path, roles, children };
}

export const MENU: MenuDefinition[] = [
  entry(1, 'dashboard', '/', [3, 4, 5]),
  entry(2, 'loadboard', '/loadboard/', [3, 4, 5, 6]),
  entry(3, 'myBids', '/bids/active', [3, 4, 5]),
  entry(
    4,
    'myLoads',
    '/my-loads/',
    [3, 4, 5, 6, 7],
    [
      entry(41, 'activeLoads', '/my-loads/active/', [3, 4, 5, 6, 7]),
      entry(42, 'checkOut', '/my-loads/checkout/', [3, 4, 5, 7]),
      entry(43, 'completedLoads', '/my-loads/completed/', [3, 4, 5, 7]),
      entry(44, 'canceledLoads', '/my-loads/canceled/', [3, 4, 5, 6, 7]),
    ],
  ),
  entry(5, 'capacitySearch', '/units/map/', [3, 4, 5, 6]),
  entry(6, 'addLoad', null, [3, 4, 5]),
  entry(7, 'groupChats', '/group-chats/', [3, 4, 5, 6, 8]),
  entry(8, 'sms', '/sms/', [3, 4, 5, 6, 8]),
  entry(
    9,
    'units',
    '/units/',
    [3, 4, 5, 6, 7, 8],
    [
      entry(91, 'vehicles', '/units/vehicles/', [3, 4, 5, 6, 7, 8]),
      entry(92, 'drivers', '/units/drivers/', [3, 4, 7, 8]),
      entry(93, 'owners', '/units/owners/', [3, 4, 7, 8]),
      entry(94, 'partners', '/partners/', [3, 4, 5, 7]),
      entry(95, 'deliveryMap', '/units/delivery-map/', [3, 4, 5, 6]),
    ],
  ),
  entry(10, 'users', '/settings/users/', [7]),
  entry(11, 'settings', '/settings/profile/', [3, 4, 5, 6, 7, 8]),
  entry(
    ACCOUNTING_MENU_ID,
    'accounting',
    '/accounting/',
    [3, 4, 5, 7],
    [
      entry(121, 'income', '/accounting/income/active/', [3, 4, 7]),
      entry(122, 'listOfLoads', '/accounting/loads', [3, 4, 5, 7]),
      entry(123, 'brokers', '/accounting/brokers/active/', [3, 4, 7]),
      entry(124, 'owners', '/accounting/owners/active/', [3, 4, 7]),
      entry(125, 'dispatchers', '/accounting/dispatchers/active/', [3, 4, 5, 7]),
    ],
  ),
  entry(13, 'partnersBrokersCheck', '/partners/brokers-check/', [13]),
];

/**
 * The roles that see any of these menu entries (top-level or children), together, in id order: who may use
 * a page or an action that the menu leads to. Compute it once, where the roles are named.
 */
export function menuRoles(...names: MenuName[]): readonly RoleId[] {
  const entries = MENU.flatMap((item) => [item, ...item.children]);
  const roles = new Set<RoleId>();
  for (const name of names) {
    for (const item of entries) if (item.name === name) for (const role of item.roles) roles.add(role);
  }
  return [...roles].sort((a, b) => a - b);
}

export type MenuUser = {
  role: number | null;
  is_superuser: boolean;
  /** The user's hide-sections flag: hides accounting. */
  hide_accounting: boolean;
};

/** The role the menu is drawn for: a superuser without a role has admin access. */
export function effectiveRole(user: Pick<MenuUser, 'role' | 'is_superuser'>): number | null {
  return user.role ?? (user.is_superuser ? 3 : null);
}

/** The menu entries a user may see, in the table's order; a user with no role sees none. */
export function menuForUser(user: MenuUser): MenuEntry[] {
  const role = effectiveRole(user);
  if (role === null) return [];
  const visible = (definition: MenuDefinition) =>
    (definition.roles as readonly number[]).includes(role) &&
    !(user.hide_accounting && definition.id === ACCOUNTING_MENU_ID);
  const entries: MenuEntry[] = [];
  for (const definition of MENU.filter(visible)) {
    const children = definition.children
      .filter(visible)
      .map((child) => ({ id: child.id, name: child.name, path: child.path, children: [] }));
    // A group that shows nothing and leads nowhere is no use in the menu.
    if (definition.children.length > 0 && children.length === 0 && definition.path === null) continue;
    entries.push({ id: definition.id, name: definition.name, path: definition.path, children });
  }
  return entries;
}

/** Where a user lands after sign-in (and when opening /): some roles start on their own page. */
export function startPathForRole(role: number | null | undefined): string {
  switch (role) {
    case 6:
      return '/my-loads/active';
    case 7:
      return '/accounting/loads';
    case 8:
      return '/units/vehicles';
    case 13:
      return '/partners/brokers-check/';
    default:
      return '/';
  }
}

/** Labels of the menu entries; 'owners' is the same word under units and under accounting. */
export const MENU_LABELS: Record<Lang, Record<MenuName, string>> = {
  en: {
    dashboard: 'Dashboard',
    loadboard: 'Load board',
    myBids: 'My bids',
    myLoads: 'My loads',
    activeLoads: 'Active',
    checkOut: 'Check out',
    completedLoads: 'Completed',
    canceledLoads: 'Canceled',
    capacitySearch: 'Capacity search',
    addLoad: 'Add load',
    groupChats: 'Group chats',
    sms: 'SMS',
    units: 'Units',
    vehicles: 'Vehicles',
    drivers: 'Drivers',
    owners: 'Owners',
    partners: 'Partners',
    deliveryMap: 'Delivery map',
    users: 'Users',
    settings: 'Settings',
    accounting: 'Accounting',
    income: 'Income',
    listOfLoads: 'List of loads',
    brokers: 'Brokers',
    dispatchers: 'Dispatchers',
    partnersBrokersCheck: 'Brokers check',
  },
  ru: {
    dashboard: 'Главная',
    loadboard: 'Доска грузов',
    myBids: 'Мои ставки',
    myLoads: 'Мои грузы',
    activeLoads: 'Активные',
    checkOut: 'Чек-аут',
    completedLoads: 'Завершённые',
    canceledLoads: 'Отменённые',
    capacitySearch: 'Поиск транспорта',
    addLoad: 'Добавить груз',
    groupChats: 'Групповые чаты',
    sms: 'SMS',
    units: 'Транспорт',
    vehicles: 'Машины',
    drivers: 'Водители',
    owners: 'Владельцы',
    partners: 'Партнёры',
    deliveryMap: 'Карта доставок',
    users: 'Пользователи',
    settings: 'Настройки',
    accounting: 'Бухгалтерия',
    income: 'Доходы',
    listOfLoads: 'Список грузов',
    brokers: 'Брокеры',
    dispatchers: 'Диспетчеры',
    partnersBrokersCheck: 'Проверка брокеров',
  },
};

export function menuLabel(name: string, lang: Lang = 'en'): string {
  const labels: Record<string, string> = MENU_LABELS[lang];
  return labels[name] ?? name;
}
