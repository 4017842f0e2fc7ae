import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { CREDIT_CHECK_RESULTS } from '@app/domain/brokers/brokers.rules';
import type { CreditCheckResult } from '@app/domain/brokers/brokers.rules';
import type { BrokerCompany, CreditCheck } from '@app/domain/brokers/brokers.schema';
import { lookupName } from '@app/domain/common/lookups';
import { currentLang } from '@/i18n/i18n';
import { formatDate, formatDateTime } from '@/lib/format';
import { toastSuccess } from '@/lib/messages';
import { useRecordCreditCheck } from '../api/update-broker-company';
import { BrokerDialog } from './broker-dialog';
import { BrokerError } from './broker-error';

const RESULT_COLOR: Record<CreditCheckResult, 'success' | 'error' | 'warning'> = {
  Approved: 'success',
  Declined: 'error',
  'Needs review': 'warning',
};

function checkerName(check: CreditCheck): string {
  return check.checked_by ? `${check.checked_by.first_name} ${check.checked_by.last_name}` : '';
}

/** The last credit check: its result in a colour and the day, or 'Not checked'. */
export function CreditCheckChip({ check, onClick }: { check: CreditCheck | null; onClick?: () => void }) {
  const { t } = useTranslation();
  if (!check) {
    return (
      <Chip
        label={t('brokers.creditCheck.notChecked')}
        variant="outlined"
        onClick={onClick}
        sx={{ height: 22, color: 'text.secondary' }}
      />
    );
  }
  const by = checkerName(check);
  return (
    <Chip
      label={`${lookupName(CREDIT_CHECK_RESULTS, check.result, currentLang())} · ${formatDate(check.checked_at)}`}
      color={RESULT_COLOR[check.result]}
      variant="outlined"
      onClick={onClick}
      title={
        by
          ? t('brokers.creditCheck.checkedBy', { name: by, when: formatDateTime(check.checked_at) })
          : undefined
      }
      sx={{ height: 22, fontVariantNumeric: 'tabular-nums' }}
    />
  );
}

/** The last check in words: result, when (Eastern) and who. */
export function CreditCheckSummary({ check }: { check: CreditCheck | null }) {
  const { t } = useTranslation();
  if (!check) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('brokers.creditCheck.neverChecked')}
      </Typography>
    );
  }
  const by = checkerName(check);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <CreditCheckChip check={check} />
      <Typography variant="body2" color="text.secondary">
        {by
          ? t('brokers.creditCheck.checkedBy', { name: by, when: formatDateTime(check.checked_at) })
          : formatDateTime(check.checked_at)}
      </Typography>
    </Box>
  );
}

type CreditCheckFormProps = {
  broker: BrokerCompany;
  onSaved?: (broker: BrokerCompany) => void;
  onCancel?: () => void;
};

/** Records the result of checking a broker's credit; the server keeps the day and who checked. */
export function CreditCheckForm({ broker, onSaved, onCancel }: CreditCheckFormProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const labelId = useId();
  const record = useRecordCreditCheck();
  const [result, setResult] = useState<CreditCheckResult | null>(null);

  const submit = async () => {
    if (!result) return;
    try {
      const saved = await record.mutateAsync({ id: broker.id, body: { result } });
      toastSuccess();
      setResult(null);
      onSaved?.(saved);
    } catch {
      // Shown below the choices.
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('brokers.creditCheck.formLabel', { name: broker.name })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <CreditCheckSummary check={broker.credit_check} />
      <Typography id={labelId} variant="caption" color="text.secondary">
        {t('brokers.creditCheck.newResult')}
      </Typography>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={result ?? ''}
        onChange={(event) => setResult(event.target.value as CreditCheckResult)}
      >
        {CREDIT_CHECK_RESULTS.map((entry) => (
          <FormControlLabel
            key={entry.id}
            value={entry.id}
            control={<Radio size="small" color={RESULT_COLOR[entry.id]} />}
            label={entry[lang]}
          />
        ))}
      </RadioGroup>
      <BrokerError error={record.error} />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={record.isPending}>
            {t('brokers.actions.cancel')}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={!result} loading={record.isPending}>
          {t('brokers.creditCheck.save')}
        </Button>
      </Box>
    </Box>
  );
}

export function CreditCheckDialog({ broker, onClose }: { broker: BrokerCompany; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <BrokerDialog
      title={t('brokers.creditCheck.title', { name: broker.name })}
      onClose={onClose}
      maxWidth="xs"
    >
      <CreditCheckForm broker={broker} onSaved={onClose} onCancel={onClose} />
    </BrokerDialog>
  );
}
