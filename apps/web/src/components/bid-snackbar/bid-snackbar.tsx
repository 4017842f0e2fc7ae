import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { EventEmitter } from '@/lib/events';

// The shell's bid snackbar (a global dialog of the spec): a short note after a bid is placed or changes
// state, with a link to the bid's page. It is apart from the general toast so that a bid's note and a
// failed request shown at the same moment do not replace each other.

/** How long the bid snackbar stays, from the spec. */
export const BID_SNACKBAR_MS = 2000;

export type BidSnackbarMessage = {
  /** An i18n key of the note. */
  messageKey: string;
  values?: Record<string, string | number>;
  /** The bid's page, offered as a link (a sent or changed bid). */
  to?: string;
  severity?: 'success' | 'info' | 'warning';
};

const bidEvents = new EventEmitter<{ bid: BidSnackbarMessage }>();

export function showBidSnackbar(message: BidSnackbarMessage): void {
  bidEvents.emit('bid', message);
}

type Shown = BidSnackbarMessage & { key: number };

export function BidSnackbar() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let key = 0;
    return bidEvents.on('bid', (message) => {
      key += 1;
      setShown({ ...message, key });
      setOpen(true);
    });
  }, []);

  return (
    <Snackbar
      key={shown?.key}
      open={open}
      autoHideDuration={BID_SNACKBAR_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') setOpen(false);
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    >
      {shown ? (
        <Alert
          severity={shown.severity ?? 'success'}
          variant="filled"
          role="status"
          onClose={() => setOpen(false)}
          action={
            shown.to ? (
              <Button
                color="inherit"
                size="small"
                component={RouterLink}
                to={shown.to}
                onClick={() => setOpen(false)}
              >
                {t('bids.snackbar.open')}
              </Button>
            ) : undefined
          }
          sx={{ minWidth: 280, alignItems: 'center' }}
        >
          {t(shown.messageKey, shown.values)}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
