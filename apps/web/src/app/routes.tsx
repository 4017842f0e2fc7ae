import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { LoadingState } from '@/components/loading-state';
import { PageFrame } from '@/components/page-frame';
import { LoginPage } from '@/features/auth/pages/login-page';
import { RegistrationConfirmationPage } from '@/features/auth/pages/registration-confirmation-page';
import { RegistrationPage } from '@/features/auth/pages/registration-page';
import { BrokersCheckPage } from '@/features/brokers/pages/brokers-check-page';
import { PartnersPage } from '@/features/brokers/pages/partners-page';
import { LoadListPage } from '@/features/loads/pages/load-list-page';
import { LoadPage } from '@/features/loads/pages/load-page';
import { ProfilePage } from '@/features/profile/pages/profile-page';
import { DriversPage } from '@/features/units/pages/drivers-page';
import { OwnersPage } from '@/features/units/pages/owners-page';
import { VehiclesPage } from '@/features/units/pages/vehicles-page';
import { UsersPage } from '@/features/users/pages/users-page';
import { GuestOnly, RequireSession } from './guards';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './route-handle';
import { RouteError } from './route-error';
import { AppShell } from './shell/app-shell';
import { HomeRoute } from './shell/home-route';
import { NotFoundPage } from './shell/not-found-page';

// Every route of the menu. Paths match with or without a trailing slash. A route's handle names its menu
// entry (the page title) and the menu path that grants access; pages that later issues build show
// their frame until then.

function page(path: string, handle: RouteHandle, element = <PageFrame />): RouteObject {
  return { path, handle, element };
}

// The map pages carry the map code and its land data: they are loaded when first opened, so the sign-in
// page and the lists do not carry them.
const CapacityMapPage = lazy(() =>
  import('@/features/units/pages/capacity-map-page').then((module) => ({ default: module.CapacityMapPage })),
);
const DeliveryMapPage = lazy(() =>
  import('@/features/units/pages/delivery-map-page').then((module) => ({ default: module.DeliveryMapPage })),
);

function lazyPage(element: ReactNode) {
  return <Suspense fallback={<LoadingState />}>{element}</Suspense>;
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

const signedInPages: RouteObject[] = [
  {
    index: true,
    handle: { menu: 'dashboard', highlightPath: '/' } satisfies RouteHandle,
    element: <HomeRoute />,
  },
  page('loadboard', loadboard),
  page('loadboard/:loadId', loadboard),
  page('bids/active', bids),
  page('bids/completed', bids),
  page('bids/history', bids),
  page('bid/active/:bidId', bids),
  page('bid/completed/:bidId', bids),
  redirect('my-loads', '/my-loads/active/'),
  page('my-loads/active', activeLoads, <LoadListPage list="active" />),
  page('my-loads/checkout', checkoutLoads, <LoadListPage list="checkout" />),
  page('my-loads/completed', completedLoads, <LoadListPage list="completed" />),
  page('my-loads/canceled', canceledLoads, <LoadListPage list="canceled" />),
  page('load/active/:loadId', activeLoads, <LoadPage list="active" />),
  page('load/checkout/:loadId', checkoutLoads, <LoadPage list="checkout" />),
  page('load/completed/:loadId', completedLoads, <LoadPage list="completed" />),
  page('load/canceled/:loadId', canceledLoads, <LoadPage list="canceled" />),
  page('units/map', { menu: 'capacitySearch', menuPath: '/units/map/' }, lazyPage(<CapacityMapPage />)),
  page('group-chats', groupChats),
  page('group-chats/:chatId', groupChats),
  page('sms', sms),
  page('sms/:chatId', sms),
  redirect('units', '/units/vehicles/'),
  page(
    'units/vehicles',
    { menu: 'vehicles', parent: 'units', menuPath: '/units/vehicles/' },
    <VehiclesPage />,
  ),
  page('units/drivers', { menu: 'drivers', parent: 'units', menuPath: '/units/drivers/' }, <DriversPage />),
  page('units/owners', { menu: 'owners', parent: 'units', menuPath: '/units/owners/' }, <OwnersPage />),
  page(
    'units/delivery-map',
    { menu: 'deliveryMap', parent: 'units', menuPath: '/units/delivery-map/' },
    lazyPage(<DeliveryMapPage />),
  ),
  page('partners', { menu: 'partners', parent: 'units', menuPath: '/partners/' }, <PartnersPage />),
  page(
    'partners/brokers-check',
    { menu: 'partnersBrokersCheck', menuPath: '/partners/brokers-check/' },
    <BrokersCheckPage />,
  ),
  // The chosen manager (an admin or a manager) opens the join requests by a direct link.
  page('settings/users', { menu: 'users', menuPath: '/settings/users/', alsoRoles: [4] }, <UsersPage />),
  page('settings/profile', { menu: 'settings', menuPath: '/settings/profile/' }, <ProfilePage />),
  redirect('accounting', '/accounting/loads'),
  page('accounting/income/active', income),
  page('accounting/income/completed', income),
  page('accounting/income/active/:loadId', income),
  page('accounting/income/completed/:loadId', income),
  page('accounting/loads', { menu: 'listOfLoads', parent: 'accounting', menuPath: '/accounting/loads' }),
  page('accounting/brokers/active', {
    menu: 'brokers',
    parent: 'accounting',
    menuPath: '/accounting/brokers/active/',
  }),
  page('accounting/owners/active', {
    menu: 'owners',
    parent: 'accounting',
    menuPath: '/accounting/owners/active/',
  }),
  page('accounting/dispatchers/active', {
    menu: 'dispatchers',
    parent: 'accounting',
    menuPath: '/accounting/dispatchers/active/',
  }),
  { path: '*', handle: { titleKey: 'notFound.title' } satisfies RouteHandle, element: <NotFoundPage /> },
];

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'registration', element: <RegistrationPage /> },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          { path: 'registration-confirmation', element: <RegistrationConfirmationPage /> },
          { element: <AppShell />, children: signedInPages },
        ],
      },
    ],
  },
];
