import { StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { startLanguageReady } from '@/i18n/i18n';
import { AppProviders } from '@/app/providers';
import { firstPageCode, router } from '@/app/router';
import { currentUserQueryOptions } from '@/lib/current-user';
import { createQueryClient } from '@/lib/query-client';
import { hasTokens } from '@/lib/token-storage';
import { BOOT_FRAME_ID } from '@/boot/boot-frame';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const queryClient = createQueryClient();
// With a session in storage every signed-in page starts from users/my: asked now, it travels while the
// page's code arrives and runs instead of after React's first frame (the session guard reads the same
// cached answer).
if (hasTokens()) void queryClient.prefetchQuery(currentUserQueryOptions);

/** Takes the frame index.html painted (src/boot/boot-frame.ts) away in the commit that draws the app. */
function RemoveBootFrame() {
  useLayoutEffect(() => document.getElementById(BOOT_FRAME_ID)?.remove(), []);
  return null;
}

// The first frame waits for the opened page's code (already on its way, see app/router.tsx) and the texts
// of its language, at most 3 s: drawing a loading frame only to replace it a moment later costs a slow
// phone a paint (the sign-in page drew about 0.15 s sooner on Slow 4G).
const waitAtMost = new Promise((resolve) => setTimeout(resolve, 3000));
void Promise.race([Promise.all([firstPageCode, startLanguageReady]), waitAtMost]).then(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
        <RemoveBootFrame />
      </AppProviders>
    </StrictMode>,
  );
});
