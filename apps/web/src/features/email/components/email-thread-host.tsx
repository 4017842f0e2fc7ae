import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EMAIL_DIR } from '@/lib/email-compose';

// The thread view's code (the HTML sanitiser with it) is fetched the first time ?dir=email is opened.
const EmailThreadDrawer = lazy(() =>
  import('./email-thread/email-thread-drawer').then((m) => ({ default: m.EmailThreadDrawer })),
);

/** Mounts the e-mail thread drawer once the address asks for it (?dir=email), then keeps it. */
export function EmailThreadHost() {
  const [params] = useSearchParams();
  const asked = params.get('dir') === EMAIL_DIR;
  const [mounted, setMounted] = useState(asked);
  // Kept once shown, so that closing slides the drawer out instead of dropping it.
  if (asked && !mounted) setMounted(true);
  return asked || mounted ? (
    <Suspense fallback={null}>
      <EmailThreadDrawer />
    </Suspense>
  ) : null;
}
