import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { quickpayUpdateSchema } from '@app/domain/accounting/broker-payments.schema';
import type { BrokerPayment } from '@app/domain/accounting/income.schema';
import { ErrorAlert } from '@/components/error-messages/error-alert';
import { toastSuccess } from '@/lib/messages';
import { useUpdateQuickpay } from '../api/broker-payments';
import { useAccountingMessageText } from './accounting-messages';

/**
 * A broker payment's quick pay: its deduction percent typed (checked as the server checks it), the
 * company's percent, or none (PUT payments/update-quickpay/{id}).
 */
export function QuickpayEditor({ payment }: { payment: BrokerPayment }) {
  const { t } = useTranslation();
  const messageText = useAccountingMessageText();
  const update = useUpdateQuickpay();
  const [text, setText] = useState(payment.quickpay_percent === null ? '' : String(payment.quickpay_percent));
  const parsed = quickpayUpdateSchema.safeParse({ quickpay: text });
  const invalid = text.trim() !== '' && !parsed.success;
  const save = (quickpay: number | string | boolean | null) =>
    update.mutate(
      { id: payment.id, quickpay },
      { onSuccess: () => toastSuccess('accounting.quickpay.saved') },
    );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={t('accounting.quickpay.percent')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={invalid}
          helperText={invalid ? messageText(parsed.error?.issues[0]?.message ?? '') : undefined}
          sx={{ width: 140 }}
        />
        <Button
          size="small"
          variant="outlined"
          disabled={invalid || text.trim() === '' || update.isPending}
          onClick={() => save(text)}
        >
          {t('accounting.quickpay.set')}
        </Button>
        <Button size="small" disabled={update.isPending} onClick={() => save(true)}>
          {t('accounting.quickpay.companyPercent')}
        </Button>
        <Button
          size="small"
          color="inherit"
          disabled={update.isPending || payment.quickpay_percent === null}
          onClick={() => {
            setText('');
            save(null);
          }}
        >
          {t('accounting.quickpay.none')}
        </Button>
      </Box>
      <ErrorAlert error={update.error} messageText={messageText} onClose={() => update.reset()} />
    </Box>
  );
}
