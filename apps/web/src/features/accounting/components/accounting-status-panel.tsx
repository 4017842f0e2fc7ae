import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  SETTABLE_ACCOUNTING_STATUS_IDS,
  type SettableAccountingStatus,
} from '@app/domain/accounting/accounting-status.rules';
import type { IncomeDetail } from '@app/domain/accounting/income.schema';
import { loadFileTypeName } from '@app/domain/loads/load-lifecycle.rules';
import { ErrorAlert } from '@/components/error-messages/error-alert';
import { currentLang } from '@/i18n/i18n';
import { toastSuccess } from '@/lib/messages';
import { useUpdateAccountingStatus } from '../api/income-detail';
import { accountingStatusText } from './accounting-format';
import { useAccountingMessageText } from './accounting-messages';

/**
 * The move of a load's accounting status. Completed (8) needs the rate confirmation and proof of delivery:
 * while one is missing the panel names it and offers the explicit override (kept in the load's history);
 * the server's refusal, if any, is shown under the fields.
 */
export function AccountingStatusPanel({ load }: { load: IncomeDetail }) {
  const { t } = useTranslation();
  const messageText = useAccountingMessageText();
  const update = useUpdateAccountingStatus(load.id);
  const current = load.accounting_status;
  const [target, setTarget] = useState<SettableAccountingStatus | ''>('');
  const [override, setOverride] = useState(false);
  const missing = load.completion_missing_documents;
  const completing = target === 8;
  const needsOverride = completing && missing.length > 0;
  const missingNames = missing.map((type) => loadFileTypeName(type, currentLang())).join(', ');

  const apply = () => {
    if (target === '') return;
    update.mutate(
      { accounting_status: target, override: needsOverride && override },
      {
        onSuccess: () => {
          toastSuccess('accounting.status.moved');
          setTarget('');
          setOverride(false);
        },
      },
    );
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('accounting.status.moveTo')}
          value={target}
          onChange={(event) => {
            setTarget(Number(event.target.value) as SettableAccountingStatus);
            setOverride(false);
          }}
          sx={{ minWidth: 220 }}
        >
          {SETTABLE_ACCOUNTING_STATUS_IDS.map((id) => (
            <MenuItem key={id} value={id} disabled={id === current}>
              {accountingStatusText(id)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          size="small"
          disabled={target === '' || update.isPending || (needsOverride && !override)}
          onClick={apply}
        >
          {completing ? t('accounting.status.complete') : t('accounting.status.move')}
        </Button>
      </Box>
      {needsOverride && (
        <Alert severity="warning" sx={{ py: 0 }}>
          {t('accounting.status.documentsMissing', { documents: missingNames })}
          <FormControlLabel
            sx={{ display: 'flex' }}
            control={
              <Checkbox
                size="small"
                checked={override}
                onChange={(event) => setOverride(event.target.checked)}
              />
            }
            label={t('accounting.status.override')}
          />
        </Alert>
      )}
      <ErrorAlert error={update.error} messageText={messageText} onClose={() => update.reset()} />
    </Box>
  );
}
