import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { appEvents } from '@/lib/events';
import type { ToastMessage } from '@/lib/events';

/** How long a toast stays, from the spec. */
export const TOAST_DURATION_MS = 3000;

type Toast = ToastMessage & { key: number };

/** Shows broadcast request failures ('Request failed with HTTP code 500') and short confirmations. */
export function GlobalToast() {
  const { t } = useTranslation();
  const [toast, setToast] = useState<Toast | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let key = 0;
    const show = (message: ToastMessage) => {
      key += 1;
      setToast({ ...message, key });
      setOpen(true);
    };
    const offError = appEvents.on('handleError', (error) =>
      show(
        error.status === undefined
          ? { severity: 'error', messageKey: 'errors.unknownCode' }
          : { severity: 'error', messageKey: 'errors.httpCode', values: { status: error.status } },
      ),
    );
    const offToast = appEvents.on('toast', show);
    return () => {
      offError();
      offToast();
    };
  }, []);

  return (
    <Snackbar
      key={toast?.key}
      open={open}
      autoHideDuration={TOAST_DURATION_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') setOpen(false);
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {toast ? (
        <Alert
          severity={toast.severity}
          variant="filled"
          onClose={() => setOpen(false)}
          sx={{ minWidth: 280 }}
        >
          {t(toast.messageKey, toast.values)}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
