import { createBrowserRouter } from 'react-router';
import { hasTokens } from '@/lib/token-storage';
import { firstLoadHydration } from './lazy-page';
import { appRoutes, preloadRoutePages } from './routes';

// The opened page's code is fetched while the session is checked, not after. Settles (never fails) once
// that code has arrived, or could not be fetched.
export const firstPageCode = preloadRoutePages(window.location.pathname, hasTokens());

export const router = createBrowserRouter(appRoutes, {
  hydrationData: firstLoadHydration(appRoutes, window.location.pathname),
});
