import { lazy, Suspense, useEffect, useState } from 'react';
import { emailComposeEvents, type EmailComposeRequest } from '@/lib/email-compose';

// The widget's code (the rich-text editor above all) is fetched when it first opens.
const EmailWidget = lazy(() =>
  import('./email-widget/email-widget').then((m) => ({ default: m.EmailWidget })),
);

/**
 * The e-mail compose widget among the shell's global dialogs: opened by openEmailCompose from any screen;
 * a second request replaces the first (a new key, a fresh draft).
 */
export function EmailComposeHost() {
  const [open, setOpen] = useState<{ key: number; request: EmailComposeRequest } | null>(null);

  useEffect(
    () =>
      emailComposeEvents.on('open', (request) =>
        setOpen((current) => ({ key: (current?.key ?? 0) + 1, request })),
      ),
    [],
  );

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <EmailWidget key={open.key} request={open.request} onClose={() => setOpen(null)} />
    </Suspense>
  );
}
