import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

type GuardedFormDialogProps = {
  open?: boolean;
  /** Names the dialog's ids: `{id}-title`, and `{id}-discard-title` and `-message` of the question. */
  id: string;
  title: ReactNode;
  /** The form holds changes that closing would lose. */
  dirty: boolean;
  /** A save runs: the dialog does not close until it ends. */
  pending: boolean;
  /** Closes the dialog, the changes dropped. */
  onClose: () => void;
  /** The closing animation has ended: the form may go now. */
  onExited?: () => void;
  /** The question asked before changes are dropped. */
  discard: { title: string; message: string; keepEditing: string; discard: string };
  /** The form, given the close that asks first (for its Cancel button). */
  children: (requestClose: () => void) => ReactNode;
};

/**
 * A large dialog around a long form (a load's): a close button in the title, the whole screen on a
 * phone, and a question before a changed form is closed by Esc, the close button or the form's Cancel,
 * so that nothing typed is lost by a slip.
 */
export function GuardedFormDialog(props: GuardedFormDialogProps) {
  const { id, dirty, pending, onClose, discard } = props;
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [confirming, setConfirming] = useState(false);

  const requestClose = () => {
    if (pending) return;
    if (dirty) setConfirming(true);
    else onClose();
  };
  const dropChanges = () => {
    setConfirming(false);
    onClose();
  };

  return (
    <>
      <Dialog
        open={props.open ?? true}
        onClose={requestClose}
        slotProps={{ transition: { onExited: props.onExited } }}
        maxWidth="lg"
        fullScreen={phone}
        aria-labelledby={`${id}-title`}
      >
        <DialogTitle id={`${id}-title`} sx={{ pr: 6 }}>
          {props.title}
          <IconButton
            aria-label={t('common.close')}
            onClick={requestClose}
            sx={{ position: 'absolute', right: 10, top: 10 }}
          >
            <Close fontSize="small" />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers sx={{ pb: 0 }}>
          {props.children(requestClose)}
        </DialogContent>
      </Dialog>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby={`${id}-discard-title`}
        aria-describedby={`${id}-discard-message`}
      >
        <DialogTitle id={`${id}-discard-title`}>{discard.title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-discard-message`}>{discard.message}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} autoFocus>
            {discard.keepEditing}
          </Button>
          <Button color="error" onClick={dropChanges}>
            {discard.discard}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
