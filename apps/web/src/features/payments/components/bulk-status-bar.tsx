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
import type { PayType } from '../api/payments-query-keys';
import { useUpdatePaymentStatus } from '../api/update-payment-status';
import { paymentStatusName } from './pay-format';
import { usePayMessageText } from './pay-messages';

type BulkStatusBarProps = {
  type: PayType;
  ids: number[];
  onDone: () => void;
};

/** The ticked payments' new status, set on all of them at once (or, refused, on none). */
export function BulkStatusBar({ type, ids, onDone }: BulkStatusBarProps) {
  const { t } = useTranslation();
  const messageText = usePayMessageText();
  const update = useUpdatePaymentStatus();
  const [status, setStatus] = useState<PaymentStatusId | ''>('');
  const apply = () => {
    if (status === '') return;
    update.mutate(
      { payments_ids: ids, type, status },
      {
        onSuccess: () => {
          toastSuccess('payments.bulk.done');
          setStatus('');
          onDone();
        },
      },
    );
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, flex: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2">{t('payments.bulk.selected', { count: ids.length })}</Typography>
        <TextField
          select
          size="small"
          label={t('payments.bulk.status')}
          value={status}
          onChange={(event) => setStatus(Number(event.target.value) as PaymentStatusId)}
          sx={{ minWidth: 200 }}
        >
          {PAYMENT_STATUS_IDS.map((id) => (
            <MenuItem key={id} value={id}>
              {paymentStatusName(id)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" size="small" disabled={status === '' || update.isPending} onClick={apply}>
          {t('payments.bulk.apply')}
        </Button>
        <Button size="small" color="inherit" onClick={onDone} disabled={update.isPending}>
          {t('payments.bulk.clear')}
        </Button>
      </Box>
      <ErrorAlert error={update.error} messageText={messageText} onClose={() => update.reset()} />
    </Box>
  );
}
