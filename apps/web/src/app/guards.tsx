import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import { isDriverPortalRole } from '@app/domain/bids/driver-bids.rules';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { setLanguage, isLang } from '@/i18n/i18n';
import { CurrentUserProvider, normalizePath, useCurrentUserQuery } from '@/lib/current-user';
import { REGISTRATION_CONFIRMATION_ROUTE, useSession } from '@/lib/session';
import { RequestAccessDialog } from '@/features/auth/components/request-access-dialog';

/** /login/ and /registration: a user who already holds a token goes to /. */
export function GuestOnly() {
  const { signedIn } = useSession();
  return signedIn ? <Navigate to="/" replace /> : <Outlet />;
}

/**
 * Every other page: without a token the user goes to /login/. With one, users/my decides: no user id (or a
 * 404) opens the request-access dialog, no role leads to the registration confirmation, otherwise the app.
 */
export function RequireSession() {
  const { signedIn } = useSession();
  if (!signedIn) return <Navigate to="/login/" replace />;
  return <SignedIn />;
}

function SignedIn() {
  const { t } = useTranslation();
  const { signOut } = useSession();
  const location = useLocation();
  const query = useCurrentUserQuery();
  const user = query.data;
  const onConfirmation = normalizePath(location.pathname) === normalizePath(REGISTRATION_CONFIRMATION_ROUTE);

  // The interface follows the user's language.
  const lang = user?.lang;
  useEffect(() => {
    if (isLang(lang)) void setLanguage(lang);
  }, [lang]);

  if (query.isPending) return <LoadingState fullPage />;

  if (query.isSuccess && user === null) {
    return onConfirmation ? <Outlet /> : <RequestAccessDialog />;
  }
  if (query.isError || !user) {
    return (
      <ErrorState
        fullPage
        error={query.error}
        onRetry={() => void query.refetch()}
        actions={
          <Button onClick={() => void signOut()} color="inherit">
            {t('common.logout')}
          </Button>
        }
      />
    );
  }

  const hasRole = user.role !== null || user.is_superuser;
  if (!hasRole && !onConfirmation) return <Navigate to={REGISTRATION_CONFIRMATION_ROUTE} replace />;
  if (hasRole && onConfirmation) return <Navigate to="/" replace />;
  // Drivers and owners (roles 10 and 12) have the driver page only, and see nothing of the staff shell;
  // staff have no driver page.
  const path = normalizePath(location.pathname);
  const onDriverPage = path === '/driver' || path.startsWith('/driver/');
  if (hasRole && isDriverPortalRole(user.role) !== onDriverPage) {
    return <Navigate to={onDriverPage ? '/' : '/driver/'} replace />;
  }

  return (
    <CurrentUserProvider user={user}>
      <Outlet />
    </CurrentUserProvider>
  );
}
