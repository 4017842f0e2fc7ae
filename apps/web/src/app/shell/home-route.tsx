import { Suspense } from 'react';
import { Navigate } from 'react-router';
import { LoadingState } from '@/components/loading-state';
import { menuHasPath, useCurrentUser } from '@/lib/current-user';
import { lazyPage } from '../lazy-page';
import { NoAccess } from './no-access';
import { startPathFor } from './start-path';

// The dashboard's code (its tables, and the charts in a chunk of their own) is fetched when the dashboard
// is first shown, so that the start page's first JavaScript stays small and other roles never fetch it.
const DashboardPage = lazyPage(() =>
  import('@/features/dashboard/pages/dashboard-page').then((m) => m.DashboardPage),
);

/** '/': the dashboard for the roles whose menu has it, otherwise the role's start page. */
export function HomeRoute() {
  const user = useCurrentUser();
  if (menuHasPath(user.menu, '/')) {
    return (
      <Suspense fallback={<LoadingState />}>
        <DashboardPage />
      </Suspense>
    );
  }
  const start = startPathFor(user);
  return start && start !== '/' ? <Navigate to={start} replace /> : <NoAccess homePath={null} />;
}
