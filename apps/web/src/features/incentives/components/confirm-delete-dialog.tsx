import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ErrorAlert } from '@/components/error-messages/error-alert';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { useDialogAction } from '@/components/form-dialog/use-dialog-action';
import { useIncentiveMessageText } from './incentive-messages';

type ConfirmDeleteDialogProps = {
  title: string;
  message: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
};

/** Asks before an incentive or a template is deleted; a refusal is shown in the dialog. */
export function ConfirmDeleteDialog({ title, message, onConfirm, onClose }: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  const messageText = useIncentiveMessageText();
  const { pending, error, run } = useDialogAction(onClose);
  return (
    <FormDialog
      titleId="incentive-confirm-title"
      title={title}
      pending={pending}
      danger
      onConfirm={() => void run(onConfirm)}
      onClose={onClose}
      cancelLabel={t('incentives.cancel')}
      submitLabel={t('incentives.delete')}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: 0.5 }}>
        <Typography variant="body1">{message}</Typography>
        <ErrorAlert error={error} messageText={messageText} />
      </Box>
    </FormDialog>
  );
}
