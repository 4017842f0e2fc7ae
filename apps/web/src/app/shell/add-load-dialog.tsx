import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Close from '@mui/icons-material/Close';
import type { LoadFormValues } from '@app/domain/loads/load-form.rules';
import { useCreateLoad } from '@/features/loads/api/create-load';
import { LoadForm } from '@/features/loads/components/load-form/load-form';
import { appEvents } from '@/lib/events';
import { toastSuccess } from '@/lib/messages';

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
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const createLoad = useCreateLoad();
  const [open, setOpen] = useState(false);
  // Kept until the closing animation ends, so the form does not vanish from a dialog still on screen.
  const [session, setSession] = useState<Session | null>(null);
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);

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
    setConfirming(false);
    setOpen(false);
    setDirty(false);
  };
  const requestClose = () => {
    if (createLoad.isPending) return;
    if (dirty) setConfirming(true);
    else close();
  };

  const save = async (values: LoadFormValues) => {
    if (!session) return;
    const { id } = await createLoad.mutateAsync({ values, idempotencyKey: session.key });
    close();
    toastSuccess();
    await navigate(`/loadboard/${id}`);
  };

  return (
    <>
      <Dialog
        open={open}
        onClose={requestClose}
        slotProps={{ transition: { onExited: () => setSession(null) } }}
        maxWidth="lg"
        fullScreen={phone}
        aria-labelledby="add-load-title"
      >
        <DialogTitle id="add-load-title" sx={{ pr: 6 }}>
          {t('addLoad.title')}
          <IconButton
            aria-label={t('common.close')}
            onClick={requestClose}
            sx={{ position: 'absolute', right: 10, top: 10 }}
          >
            <Close fontSize="small" />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers sx={{ pb: 0 }}>
          {session && (
            <LoadForm
              key={session.key}
              kind="new"
              onSubmit={save}
              submitLabel={t('loadForm.actions.create')}
              onCancel={requestClose}
              onDirtyChange={setDirty}
              autoFocus
            />
          )}
        </DialogContent>
      </Dialog>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby="add-load-discard-title"
        aria-describedby="add-load-discard-message"
      >
        <DialogTitle id="add-load-discard-title">{t('loadForm.discard.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="add-load-discard-message">{t('loadForm.discard.message')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} autoFocus>
            {t('loadForm.discard.keepEditing')}
          </Button>
          <Button color="error" onClick={close}>
            {t('loadForm.discard.discard')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
