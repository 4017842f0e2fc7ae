import { Navigate } from 'react-router';
import { PageFrame } from '@/components/page-frame';
import { menuHasPath, useCurrentUser } from '@/lib/current-user';
import { NoAccess } from './no-access';
import { startPathFor } from './start-path';

/** '/': the dashboard for the roles whose menu has it, otherwise the role's start page. */
export function HomeRoute() {
  const user = useCurrentUser();
  if (menuHasPath(user.menu, '/')) return <PageFrame />;
  const start = startPathFor(user);
  return start && start !== '/' ? <Navigate to={start} replace /> : <NoAccess homePath={null} />;
}
