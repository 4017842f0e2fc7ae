import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  dispatcherInfoUpdateSchema,
  type DispatcherInfoUpdateInput,
} from '@app/domain/accounting/pay-changes.schema';
import type { DispatcherPayBasis } from '@app/domain/accounting/money.rules';
import type { PayTerms } from '@app/domain/accounting/payments.schema';
import { ErrorAlert } from '@/components/error-messages/error-alert';
import { fieldErrorOf } from '@/components/error-messages/error-messages';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { useDialogAction } from '@/components/form-dialog/use-dialog-action';
import { useSetDispatcherTerms } from '../api/pay-people';
import { usePayMessageText } from './pay-messages';

type TermsDialogProps = {
  person: { id: number; full_name: string };
  terms: PayTerms | null;
  onClose: () => void;
};

const BASES: DispatcherPayBasis[] = ['gross_percent', 'margin_percent', 'per_load'];

/**
 * A dispatcher's pay terms (PUT users/{id}/dispatcher-info/): a percent of gross or of margin, an amount per
 * load, or none. The weeks still open are paid by the new terms; closed weeks keep what they paid.
 */
export function PayTermsDialog({ person, terms, onClose }: TermsDialogProps) {
  const { t } = useTranslation();
  const messageText = usePayMessageText();
  const save = useSetDispatcherTerms();
  const [basis, setBasis] = useState<DispatcherPayBasis | ''>(terms?.basis ?? '');
  const [percent, setPercent] = useState(terms?.percent?.toString() ?? '');
  const [amount, setAmount] = useState(terms?.amount?.toFixed(2) ?? '');
  const [touched, setTouched] = useState(false);
  const { pending, error, run } = useDialogAction(onClose);

  const body: DispatcherInfoUpdateInput =
    basis === '' ? { basis: null } : basis === 'per_load' ? { basis, amount } : { basis, percent };
  const parsed = dispatcherInfoUpdateSchema.safeParse(body);
  const fieldError = (field: 'percent' | 'amount') => {
    const local =
      parsed.success || !touched
        ? undefined
        : parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
    return local ? messageText(local) : fieldErrorOf(error, field, messageText);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success || pending) return;
    void run(() => save.mutateAsync({ id: person.id, body }));
  };

  return (
    <FormDialog
      titleId="pay-terms-dialog-title"
      title={t('payments.terms.title', { name: person.full_name })}
      pending={pending}
      submitDisabled={!parsed.success}
      size="xs"
      onSubmit={submit}
      onClose={onClose}
      cancelLabel={t('common.cancel')}
      submitLabel={t('payments.terms.save')}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: 0.5 }}>
        <TextField
          select
          label={t('payments.terms.basis')}
          value={basis}
          onChange={(event) => setBasis(event.target.value as DispatcherPayBasis | '')}
        >
          <MenuItem value="">{t('payments.terms.none')}</MenuItem>
          {BASES.map((id) => (
            <MenuItem key={id} value={id}>
              {t(`payments.terms.${id}`)}
            </MenuItem>
          ))}
        </TextField>
        {(basis === 'gross_percent' || basis === 'margin_percent') && (
          <TextField
            label={t('payments.terms.percent')}
            value={percent}
            required
            autoFocus
            error={Boolean(fieldError('percent'))}
            helperText={fieldError('percent')}
            onChange={(event) => {
              setPercent(event.target.value);
              setTouched(true);
            }}
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            }}
          />
        )}
        {basis === 'per_load' && (
          <TextField
            label={t('payments.terms.amount')}
            value={amount}
            required
            autoFocus
            error={Boolean(fieldError('amount'))}
            helperText={fieldError('amount')}
            onChange={(event) => {
              setAmount(event.target.value);
              setTouched(true);
            }}
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            }}
          />
        )}
        <Typography variant="caption" color="text.secondary">
          {t('payments.terms.hint')}
        </Typography>
        <ErrorAlert error={error} messageText={messageText} />
      </Box>
    </FormDialog>
  );
}
