import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { ActionError } from './action-error';

type ConfirmDialogProps = {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** Extra fields (the driver of a copy); confirming is disabled while `ready` is false. */
  children?: ReactNode;
  ready?: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
};

/** Asks before a change that cannot simply be taken back; a refusal is shown in the dialog. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  danger = false,
  children,
  ready = true,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (failure) {
      setError(failure);
      setPending(false);
    }
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby="confirm-dialog-title">
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: 0.5 }}>
          <Typography variant="body1">{message}</Typography>
          {children}
          <ActionError error={error} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {t('loads.actions.back')}
        </Button>
        <Button
          variant="contained"
          color={danger ? 'error' : 'primary'}
          disabled={!ready || pending}
          onClick={() => void confirm()}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
