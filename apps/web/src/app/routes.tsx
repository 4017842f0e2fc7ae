import { EMPLOYEES_ROLES } from '@app/domain/users/employees.roles';
import { matchRoutes, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { GuestOnly, RequireSession } from './guards';
import { lazyElement, lazyPage, preloadPagesFor, type LazyPage } from './lazy-page';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './route-handle';
import { RouteError } from './route-error';
import { HomeRoute } from './shell/home-route';
import { NotFoundPage } from './shell/not-found-page';

// Every route of the menu. Paths match with or without a trailing slash. A route's handle names its menu
// entry (the page title) and the menu path that grants access; pages that later issues build show
// their frame until then.

// Every page's code, and the signed-in shell's (menu, notifications, realtime socket), is fetched when first
// opened: the sign-in page does not carry the shell, and no page carries the maps, date pickers and forms
// of the others. preloadRoutePages starts the fetch of the opened address's shell and page at once.
const AppShell = lazyPage(() => import('./shell/app-shell').then((m) => m.AppShell));
const LoginPage = lazyPage(() => import('@/features/auth/pages/login-page').then((m) => m.LoginPage));
const RegistrationPage = lazyPage(() =>
  import('@/features/auth/pages/registration-page').then((m) => m.RegistrationPage),
);
const RegistrationConfirmationPage = lazyPage(() =>
  import('@/features/auth/pages/registration-confirmation-page').then((m) => m.RegistrationConfirmationPage),
);
const LoadListPage = lazyPage(() =>
  import('@/features/loads/pages/load-list-page').then((m) => m.LoadListPage),
);
const LoadPage = lazyPage(() => import('@/features/loads/pages/load-page').then((m) => m.LoadPage));
const AccountingLoadsPage = lazyPage(() =>
  import('@/features/accounting/pages/accounting-loads-page').then((m) => m.AccountingLoadsPage),
);
const IncomeLoadPage = lazyPage(() =>
  import('@/features/accounting/pages/income-load-page').then((m) => m.IncomeLoadPage),
);
const BrokerPaymentsPage = lazyPage(() =>
  import('@/features/accounting/pages/broker-payments-page').then((m) => m.BrokerPaymentsPage),
);
const PayListPage = lazyPage(() =>
  import('@/features/payments/pages/pay-list-page').then((m) => m.PayListPage),
);
const LoadboardPage = lazyPage(() =>
  import('@/features/loadboard/pages/loadboard-page').then((m) => m.LoadboardPage),
);
const CapacityMapPage = lazyPage(() =>
  import('@/features/units/pages/capacity-map-page').then((m) => m.CapacityMapPage),
);
const DeliveryMapPage = lazyPage(() =>
  import('@/features/units/pages/delivery-map-page').then((m) => m.DeliveryMapPage),
);
const VehiclesPage = lazyPage(() =>
  import('@/features/units/pages/vehicles-page').then((m) => m.VehiclesPage),
);
const DriversPage = lazyPage(() => import('@/features/units/pages/drivers-page').then((m) => m.DriversPage));
const OwnersPage = lazyPage(() => import('@/features/units/pages/owners-page').then((m) => m.OwnersPage));
const PartnersPage = lazyPage(() =>
  import('@/features/brokers/pages/partners-page').then((m) => m.PartnersPage),
);
const BrokersCheckPage = lazyPage(() =>
  import('@/features/brokers/pages/brokers-check-page').then((m) => m.BrokersCheckPage),
);
const UsersPage = lazyPage(() => import('@/features/users/pages/users-page').then((m) => m.UsersPage));
const CompanySettingsPage = lazyPage(() =>
  import('@/features/company/pages/company-settings-page').then((m) => m.CompanySettingsPage),
);
const TeamsPage = lazyPage(() => import('@/features/teams/pages/teams-page').then((m) => m.TeamsPage));
const BidListPage = lazyPage(() => import('@/features/bids/pages/bid-list-page').then((m) => m.BidListPage));
const BidPage = lazyPage(() => import('@/features/bids/pages/bid-page').then((m) => m.BidPage));
const UnitBidsPage = lazyPage(() =>
  import('@/features/bids/pages/unit-bids-page').then((m) => m.UnitBidsPage),
);
const SmsPhonePage = lazyPage(() =>
  import('@/features/sms-phone/pages/sms-phone-page').then((m) => m.SmsPhonePage),
);
const DriverPage = lazyPage(() =>
  import('@/features/driver-portal/pages/driver-page').then((m) => m.DriverPage),
);
const InvitationPage = lazyPage(() =>
  import('@/features/driver-portal/pages/invitation-page').then((m) => m.InvitationPage),
);
const GroupChatsPage = lazyPage(() =>
  import('@/features/chats/pages/group-chats-page').then((m) => m.GroupChatsPage),
);
const SmsPage = lazyPage(() => import('@/features/sms/pages/sms-page').then((m) => m.SmsPage));
const ProfilePage = lazyPage(() =>
  import('@/features/profile/pages/profile-page').then((m) => m.ProfilePage),
);

function lazyRoute<P extends object>(
  path: string,
  handle: RouteHandle,
  Page: LazyPage<P>,
  props: NoInfer<P>,
): RouteObject {
  return lazyElement({ path, handle }, Page, props);
}

function redirect(path: string, to: string): RouteObject {
  return { path, element: <Navigate to={to} replace /> };
}

const loadboard: RouteHandle = { menu: 'loadboard', menuPath: '/loadboard/' };
const bids: RouteHandle = { menu: 'myBids', menuPath: '/bids/active' };
const activeLoads: RouteHandle = { menu: 'activeLoads', parent: 'myLoads', menuPath: '/my-loads/active/' };
const checkoutLoads: RouteHandle = { menu: 'checkOut', parent: 'myLoads', menuPath: '/my-loads/checkout/' };
const completedLoads: RouteHandle = {
  menu: 'completedLoads',
  parent: 'myLoads',
  menuPath: '/my-loads/completed/',
};
const canceledLoads: RouteHandle = {
  menu: 'canceledLoads',
  parent: 'myLoads',
  menuPath: '/my-loads/canceled/',
};
const groupChats: RouteHandle = { menu: 'groupChats', menuPath: '/group-chats/' };
const sms: RouteHandle = { menu: 'sms', menuPath: '/sms/' };
const income: RouteHandle = { menu: 'income', parent: 'accounting', menuPath: '/accounting/income/active/' };
const accountingOwners: RouteHandle = {
  menu: 'owners',
  parent: 'accounting',
  menuPath: '/accounting/owners/active/',
};
const accountingDispatchers: RouteHandle = {
  menu: 'dispatchers',
  parent: 'accounting',
  menuPath: '/accounting/dispatchers/active/',
};
const accountingBrokers: RouteHandle = {
  menu: 'brokers',
  parent: 'accounting',
  menuPath: '/accounting/brokers/active/',
};

const signedInPages: RouteObject[] = [
  {
    index: true,
    handle: { menu: 'dashboard', highlightPath: '/' } satisfies RouteHandle,
    element: <HomeRoute />,
  },
  lazyRoute('loadboard', loadboard, LoadboardPage, {}),
  lazyRoute('loadboard/:loadId', loadboard, LoadboardPage, {}),
  lazyRoute('bids/active', bids, BidListPage, { list: 'active' }),
  lazyRoute('bids/completed', bids, BidListPage, { list: 'completed' }),
  lazyRoute('bids/history', bids, BidListPage, { list: 'history' }),
  lazyRoute('bids/unit', bids, UnitBidsPage, {}),
  lazyRoute('bid/active/:bidId', bids, BidPage, { list: 'active' }),
  lazyRoute('bid/completed/:bidId', bids, BidPage, { list: 'completed' }),
  redirect('my-loads', '/my-loads/active/'),
  lazyRoute('my-loads/active', activeLoads, LoadListPage, { list: 'active' }),
  lazyRoute('my-loads/checkout', checkoutLoads, LoadListPage, { list: 'checkout' }),
  lazyRoute('my-loads/completed', completedLoads, LoadListPage, { list: 'completed' }),
  lazyRoute('my-loads/canceled', canceledLoads, LoadListPage, { list: 'canceled' }),
  lazyRoute('load/active/:loadId', activeLoads, LoadPage, { list: 'active' }),
  lazyRoute('load/checkout/:loadId', checkoutLoads, LoadPage, { list: 'checkout' }),
  lazyRoute('load/completed/:loadId', completedLoads, LoadPage, { list: 'completed' }),
  lazyRoute('load/canceled/:loadId', canceledLoads, LoadPage, { list: 'canceled' }),
  lazyRoute('units/map', { menu: 'capacitySearch', menuPath: '/units/map/' }, CapacityMapPage, {}),
  lazyRoute('group-chats', groupChats, GroupChatsPage, {}),
  lazyRoute('group-chats/:chatId', groupChats, GroupChatsPage, {}),
  lazyRoute('sms', sms, SmsPage, {}),
  lazyRoute('sms/:chatId', sms, SmsPage, {}),
  redirect('units', '/units/vehicles/'),
  lazyRoute(
    'units/vehicles',
    { menu: 'vehicles', parent: 'units', menuPath: '/units/vehicles/' },
    VehiclesPage,
    {},
  ),
  lazyRoute(
    'units/drivers',
    { menu: 'drivers', parent: 'units', menuPath: '/units/drivers/' },
    DriversPage,
    {},
  ),
  lazyRoute('units/owners', { menu: 'owners', parent: 'units', menuPath: '/units/owners/' }, OwnersPage, {}),
  lazyRoute(
    'units/delivery-map',
    { menu: 'deliveryMap', parent: 'units', menuPath: '/units/delivery-map/' },
    DeliveryMapPage,
    {},
  ),
  lazyRoute('partners', { menu: 'partners', parent: 'units', menuPath: '/partners/' }, PartnersPage, {}),
  lazyRoute(
    'partners/brokers-check',
    { menu: 'partnersBrokersCheck', menuPath: '/partners/brokers-check/' },
    BrokersCheckPage,
    {},
  ),
  // The menu's Users entry is the accountants'; who else reads the people (admins, managers, HR) and the
  // managers who decide join requests reach it from the settings tabs.
  lazyRoute(
    'settings/users',
    { menu: 'users', menuPath: '/settings/users/', alsoRoles: EMPLOYEES_ROLES.view },
    UsersPage,
    {},
  ),
  lazyRoute('settings/profile', { menu: 'settings', menuPath: '/settings/profile/' }, ProfilePage, {}),
  // Admins and managers (the page checks COMPANY_SETTINGS_ROLES); reached from the user menu.
  lazyRoute(
    'settings/company',
    { titleKey: 'companySettings.title', highlightPath: '/settings/profile/' },
    CompanySettingsPage,
    {},
  ),
  // Admins and managers (the page checks TEAMS_ROLES.change); reached from the settings tabs.
  lazyRoute(
    'settings/teams',
    { titleKey: 'teams.title', highlightPath: '/settings/profile/' },
    TeamsPage,
    {},
  ),
  redirect('accounting', '/accounting/loads'),
  lazyRoute('accounting/income/active', income, AccountingLoadsPage, { kind: 'active' }),
  lazyRoute('accounting/income/completed', income, AccountingLoadsPage, { kind: 'completed' }),
  lazyRoute('accounting/income/quick-pay', income, AccountingLoadsPage, { kind: 'quick-pay' }),
  lazyRoute('accounting/income/active/:loadId', income, IncomeLoadPage, { list: 'active' }),
  lazyRoute('accounting/income/completed/:loadId', income, IncomeLoadPage, { list: 'completed' }),
  lazyRoute(
    'accounting/loads',
    { menu: 'listOfLoads', parent: 'accounting', menuPath: '/accounting/loads' },
    AccountingLoadsPage,
    { kind: 'lol' },
  ),
  lazyRoute('accounting/brokers/active', accountingBrokers, BrokerPaymentsPage, { view: 'active' }),
  lazyRoute('accounting/brokers/completed', accountingBrokers, BrokerPaymentsPage, { view: 'completed' }),
  lazyRoute('accounting/brokers/ageing', accountingBrokers, BrokerPaymentsPage, { view: 'ageing' }),
  lazyRoute('accounting/owners/active', accountingOwners, PayListPage, { type: 'owner', list: 'active' }),
  lazyRoute('accounting/owners/completed', accountingOwners, PayListPage, {
    type: 'owner',
    list: 'completed',
  }),
  lazyRoute('accounting/dispatchers/active', accountingDispatchers, PayListPage, {
    type: 'dispatcher',
    list: 'active',
  }),
  lazyRoute('accounting/dispatchers/completed', accountingDispatchers, PayListPage, {
    type: 'dispatcher',
    list: 'completed',
  }),
  { path: '*', handle: { titleKey: 'notFound.title' } satisfies RouteHandle, element: <NotFoundPage /> },
];

/** Every page that needs a session; without one they lead to the sign-in page. */
const sessionRoutes: RouteObject = {
  element: <RequireSession />,
  children: [
    lazyElement({ path: 'registration-confirmation' }, RegistrationConfirmationPage, {}, true),
    // Drivers' and owners' page, outside the staff shell (the guard sends roles 10 and 12 here).
    lazyElement({ path: 'driver' }, DriverPage, {}, true),
    lazyElement({ id: 'shell', children: signedInPages }, AppShell, {}, true),
  ],
};

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          lazyElement({ path: 'login' }, LoginPage, {}, true),
          lazyElement({ path: 'registration' }, RegistrationPage, {}, true),
        ],
      },
      // An invitation link works signed in or not: it makes another user's sign-in.
      lazyElement({ path: 'driver/invite/:token' }, InvitationPage, {}, true),
      // The phone page of the local SMS provider: the link is the key, signed in or not.
      lazyElement({ path: 'sms-phone/:token' }, SmsPhonePage, {}, true),
      sessionRoutes,
    ],
  },
];

/**
 * Starts fetching the code of the pages the address opens (called once, as the app starts). Without a
 * session a signed-in page leads to the sign-in page, so that is the one fetched.
 */
export function preloadRoutePages(pathname: string, signedIn: boolean): Promise<void> {
  const needsSession = (matchRoutes(appRoutes, pathname) ?? []).some(
    (match) => match.route === sessionRoutes,
  );
  return preloadPagesFor(appRoutes, needsSession && !signedIn ? '/login/' : pathname);
}
