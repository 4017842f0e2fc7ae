import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { LoadFormValues } from '@app/domain/loads/load-form.rules';
import { GuardedFormDialog } from '@/components/form-dialog/guarded-form-dialog';
import { useCreateLoad } from '@/features/loads/api/create-load';
import { LoadingState } from '@/components/loading-state';
import { appEvents } from '@/lib/events';
import { toastSuccess } from '@/lib/messages';

// The load form (its pickers, address search and rules) is fetched when the dialog first opens, so that
// every page of the shell does not carry it.
const LoadForm = lazy(() =>
  import('@/features/loads/components/load-form/load-form').then((m) => ({ default: m.LoadForm })),
);

/** One opening of the dialog: a fresh form, and one Idempotency-Key for every attempt to save it. */
type Session = { key: string };

/**
 * The global add-load dialog, opened by the 'add-load' event (the menu's Add load entry). Once the load
 * is created the dialog closes and the user goes to /loadboard/{id}; a failed save keeps the form open
 * and filled. Closing a changed form (Esc, the close button, Cancel) asks first.
 */
export function AddLoadDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createLoad = useCreateLoad();
  const [open, setOpen] = useState(false);
  // Kept until the closing animation ends, so the form does not vanish from a dialog still on screen.
  const [session, setSession] = useState<Session | null>(null);
  const [dirty, setDirty] = useState(false);

  // Each opening is a new load with a new key; the event while open leaves the form as it is.
  useEffect(
    () =>
      appEvents.on('add-load', () => {
        if (open) return;
        setSession({ key: crypto.randomUUID() });
        setDirty(false);
        setOpen(true);
      }),
    [open],
  );

  const close = () => {
    setOpen(false);
    setDirty(false);
  };

  const save = async (values: LoadFormValues) => {
    if (!session) return;
    const { id } = await createLoad.mutateAsync({ values, idempotencyKey: session.key });
    close();
    toastSuccess();
    await navigate(`/loadboard/${id}`);
  };

  return (
    <GuardedFormDialog
      open={open}
      id="add-load"
      title={t('addLoad.title')}
      dirty={dirty}
      pending={createLoad.isPending}
      onClose={close}
      onExited={() => setSession(null)}
      discard={{
        title: t('loadForm.discard.title'),
        message: t('loadForm.discard.message'),
        keepEditing: t('loadForm.discard.keepEditing'),
        discard: t('loadForm.discard.discard'),
      }}
    >
      {(requestClose) =>
        session && (
          <Suspense fallback={<LoadingState />}>
            <LoadForm
              key={session.key}
              kind="new"
              onSubmit={save}
              submitLabel={t('loadForm.actions.create')}
              onCancel={requestClose}
              onDirtyChange={setDirty}
              autoFocus
            />
          </Suspense>
        )
      }
    </GuardedFormDialog>
  );
}
