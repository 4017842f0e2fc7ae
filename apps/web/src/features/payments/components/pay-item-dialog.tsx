import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { payItemCreateSchema, type PayItemCreateInput } from '@app/domain/accounting/pay-changes.schema';
import { ErrorAlert } from '@/components/error-messages/error-alert';
import { fieldErrorOf } from '@/components/error-messages/error-messages';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { useDialogAction } from '@/components/form-dialog/use-dialog-action';
import { useCreatePayItem } from '../api/create-pay-item';
import { usePayMessageText } from './pay-messages';
import type { PaySheet } from './pay-sheet-preview';

type Values = { kind: 'payment' | 'charge'; amount: string; reason: string; load_id: string };
type Field = 'kind' | 'amount' | 'reason' | 'load_id';

/**
 * A payment (e.g. for a canceled load) or a charge for the person of the sheet, in the sheet's week
 * (POST payments/create); checked as it is typed with the API's own schema.
 */
export function PayItemDialog({ sheet, onClose }: { sheet: PaySheet; onClose: () => void }) {
  const { t } = useTranslation();
  const messageText = usePayMessageText();
  const create = useCreatePayItem();
  // One key per dialog: a save retried after a lost answer makes one pay item.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [values, setValues] = useState<Values>({ kind: 'payment', amount: '', reason: '', load_id: '' });
  const [touched, setTouched] = useState(false);
  const { pending, error, run } = useDialogAction(onClose);

  const body: PayItemCreateInput = {
    type: sheet.type,
    ...(sheet.type === 'owner' ? { owner_id: sheet.owner.id } : { dispatcher_id: sheet.dispatcher.id }),
    kind: values.kind,
    amount: values.amount,
    reason: values.reason,
    load_id: values.load_id === '' ? null : Number(values.load_id),
    week: sheet.week,
    year: sheet.year,
  };
  const parsed = payItemCreateSchema.safeParse(body);
  const localError = (field: string) =>
    parsed.success || !touched
      ? undefined
      : parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
  const fieldError = (field: Field) => {
    const message = localError(field);
    return message ? messageText(message) : fieldErrorOf(error, field, messageText);
  };
  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success || pending) return;
    void run(() => create.mutateAsync({ body, idempotencyKey }));
  };

  return (
    <FormDialog
      titleId="pay-item-dialog-title"
      title={t('payments.item.title', { week: sheet.week, year: sheet.year })}
      pending={pending}
      size="xs"
      onSubmit={submit}
      onClose={onClose}
      cancelLabel={t('common.cancel')}
      submitLabel={t('payments.item.save')}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: 0.5 }}>
        <TextField
          select
          label={t('payments.item.kind')}
          value={values.kind}
          onChange={(event) => set({ kind: event.target.value as Values['kind'] })}
        >
          <MenuItem value="payment">{t('payments.items.payment')}</MenuItem>
          <MenuItem value="charge">{t('payments.items.charge')}</MenuItem>
        </TextField>
        <TextField
          label={t('payments.item.amount')}
          value={values.amount}
          required
          autoFocus
          error={Boolean(fieldError('amount'))}
          helperText={fieldError('amount')}
          onChange={(event) => set({ amount: event.target.value })}
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          }}
        />
        <TextField
          label={t('payments.item.reason')}
          value={values.reason}
          required
          error={Boolean(fieldError('reason'))}
          helperText={fieldError('reason')}
          onChange={(event) => set({ reason: event.target.value })}
        />
        <TextField
          select
          label={t('payments.item.load')}
          value={values.load_id}
          error={Boolean(fieldError('load_id'))}
          helperText={fieldError('load_id')}
          onChange={(event) => set({ load_id: event.target.value })}
        >
          <MenuItem value="">{t('payments.item.noLoad')}</MenuItem>
          {sheet.loads.map((load) => (
            <MenuItem key={load.id} value={String(load.id)}>
              {load.load_accounting_number_display ?? `#${load.id}`} · {load.status_name}
            </MenuItem>
          ))}
        </TextField>
        <ErrorAlert error={error} messageText={messageText} />
      </Box>
    </FormDialog>
  );
}
