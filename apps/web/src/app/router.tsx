import { createBrowserRouter } from 'react-router';
import { hasTokens } from '@/lib/token-storage';
import { appRoutes, preloadRoutePages } from './routes';

// The opened page's code is fetched while the session is checked, not after.
preloadRoutePages(window.location.pathname, hasTokens());

export const router = createBrowserRouter(appRoutes);
