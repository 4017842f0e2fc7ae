import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PAYMENT_STATUS_IDS, type PaymentStatusId } from '@app/domain/common/lookups';
import { ErrorAlert } from '@/components/error-messages/error-alert';
import { toastSuccess } from '@/lib/messages';
import { useUpdateBrokerPaymentStatus } from '../api/broker-payments';
import { paymentStatusText } from './accounting-format';
import { useAccountingMessageText } from './accounting-messages';

type BulkStatusBarProps = {
  /** The broker payments ticked. */
  ids: number[];
  /** Done or cleared: the ticks go. */
  onDone: () => void;
};

/**
 * The ticked broker payments' new status (PUT payments/update-status {payments_ids, type: 'broker',
 * status}): all of them change, or, refused, none; the refusal is shown here.
 */
export function BulkStatusBar({ ids, onDone }: BulkStatusBarProps) {
  const { t } = useTranslation();
  const messageText = useAccountingMessageText();
  const update = useUpdateBrokerPaymentStatus();
  const [status, setStatus] = useState<PaymentStatusId | ''>('');
  const apply = () => {
    if (status === '') return;
    update.mutate(
      { payments_ids: ids, type: 'broker', status },
      {
        onSuccess: () => {
          toastSuccess('accounting.bulk.done');
          setStatus('');
          onDone();
        },
      },
    );
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, flex: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2">{t('accounting.bulk.selected', { count: ids.length })}</Typography>
        <TextField
          select
          size="small"
          label={t('accounting.bulk.status')}
          value={status}
          onChange={(event) => setStatus(Number(event.target.value) as PaymentStatusId)}
          sx={{ minWidth: 200 }}
        >
          {PAYMENT_STATUS_IDS.map((id) => (
            <MenuItem key={id} value={id}>
              {paymentStatusText(id)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" size="small" disabled={status === '' || update.isPending} onClick={apply}>
          {t('accounting.bulk.apply')}
        </Button>
        <Button size="small" color="inherit" onClick={onDone} disabled={update.isPending}>
          {t('accounting.bulk.clear')}
        </Button>
      </Box>
      <ErrorAlert error={update.error} messageText={messageText} onClose={() => update.reset()} />
    </Box>
  );
}

/** The ticked ids of a list: tick or untick some at once. */
export function toggledSelection(current: ReadonlySet<number>, ids: number[], checked: boolean): Set<number> {
  const next = new Set(current);
  for (const id of ids) {
    if (checked) next.add(id);
    else next.delete(id);
  }
  return next;
}
