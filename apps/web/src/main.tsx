import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@/i18n/i18n';
import { AppProviders } from '@/app/providers';
import { router } from '@/app/router';
import { currentUserQueryOptions } from '@/lib/current-user';
import { createQueryClient } from '@/lib/query-client';
import { hasTokens } from '@/lib/token-storage';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const queryClient = createQueryClient();
// With a session in storage every signed-in page starts from users/my: asked now, it travels while React
// renders the first frame instead of after it (the session guard reads the same cached answer).
if (hasTokens()) void queryClient.prefetchQuery(currentUserQueryOptions);

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
