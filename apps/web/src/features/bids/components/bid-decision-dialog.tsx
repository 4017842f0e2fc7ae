import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorAlert } from '@/components/error-messages/error-alert';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { useDialogAction } from '@/components/form-dialog/use-dialog-action';
import { useBidMessageText } from './bid-messages';

type BidDecisionDialogProps = {
  /** 2 won or 3 lost. */
  status: 2 | 3;
  loadNumber: string;
  unitId: string;
  onSubmit: (viaPhone: boolean) => Promise<unknown>;
  onClose: () => void;
};

/**
 * The broker's answer to a bid: won books the load with the bid's vehicle, driver and price at once; lost
 * closes the bid. "By phone" records that the answer came by phone (update-bid-status-via-phone).
 */
export function BidDecisionDialog({ status, loadNumber, unitId, onSubmit, onClose }: BidDecisionDialogProps) {
  const { t } = useTranslation();
  const message = useBidMessageText();
  const [viaPhone, setViaPhone] = useState(false);
  const { pending, error, run } = useDialogAction(onClose);
  const won = status === 2;

  return (
    <FormDialog
      titleId="bid-decision-dialog-title"
      title={t(won ? 'bids.decision.wonTitle' : 'bids.decision.lostTitle', { number: loadNumber })}
      pending={pending}
      danger={!won}
      onConfirm={() => void run(() => onSubmit(viaPhone))}
      onClose={onClose}
      cancelLabel={t('bids.actions.cancel')}
      submitLabel={t(won ? 'bids.actions.markWon' : 'bids.actions.markLost')}
      size="xs"
    >
      <Stack spacing={1.5} sx={{ pt: 0.5 }}>
        {won ? (
          <Alert severity="info">{t('bids.decision.wonHint', { number: loadNumber, unit: unitId })}</Alert>
        ) : (
          <Typography variant="body2">{t('bids.decision.lostHint')}</Typography>
        )}
        <FormControlLabel
          control={<Checkbox checked={viaPhone} onChange={(event) => setViaPhone(event.target.checked)} />}
          label={t('bids.decision.viaPhone')}
        />
        <ErrorAlert error={error} messageText={message} />
      </Stack>
    </FormDialog>
  );
}
