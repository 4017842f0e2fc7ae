import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { useDialogAction } from '@/components/form-dialog/use-dialog-action';
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
  const { pending, error, run } = useDialogAction(onClose);

  return (
    <FormDialog
      titleId="confirm-dialog-title"
      title={title}
      pending={pending}
      submitDisabled={!ready}
      danger={danger}
      onConfirm={() => void run(onConfirm)}
      onClose={onClose}
      cancelLabel={t('loads.actions.back')}
      submitLabel={confirmLabel}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: 0.5 }}>
        <Typography variant="body1">{message}</Typography>
        {children}
        <ActionError error={error} />
      </Box>
    </FormDialog>
  );
}
