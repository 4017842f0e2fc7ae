import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { moneyFieldSchema } from '@app/domain/loads/loads.schema';
import { fieldErrorOf } from '@/components/error-messages/error-messages';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { useDialogAction } from '@/components/form-dialog/use-dialog-action';
import { ActionError } from './action-error';
import { useLoadMessageText } from './load-messages';

export type PriceField = 'broker_price' | 'driver_price';
export type PriceValues = Partial<Record<PriceField, string>>;

type PriceDialogProps = {
  title: string;
  fields: readonly PriceField[];
  initial: Record<PriceField, number>;
  submitLabel: string;
  /** A destructive action (cancel) is red. */
  danger?: boolean;
  /** Shown above the fields, as a warning. */
  warning?: ReactNode;
  onSubmit: (values: Record<PriceField, string>) => Promise<unknown>;
  onClose: () => void;
};

/** Amount text as typed in the dialog: 1200.5 -> '1200.50'. */
export function amountText(amount: number): string {
  return amount.toFixed(2);
}

/** TONU, cancel and change price: the amounts of the action, checked as they are typed. */
export function PriceDialog({
  title,
  fields,
  initial,
  submitLabel,
  danger = false,
  warning,
  onSubmit,
  onClose,
}: PriceDialogProps) {
  const { t } = useTranslation();
  const message = useLoadMessageText();
  const [values, setValues] = useState<Record<PriceField, string>>({
    broker_price: amountText(initial.broker_price),
    driver_price: amountText(initial.driver_price),
  });
  const { pending, error, run } = useDialogAction(onClose);

  const fieldError = (field: PriceField): string | undefined => {
    const parsed = moneyFieldSchema.safeParse(values[field]);
    if (!parsed.success) return message(parsed.error.issues[0]?.message ?? '');
    return fieldErrorOf(error, field, message);
  };
  const invalid = fields.some((field) => !moneyFieldSchema.safeParse(values[field]).success);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid || pending) return;
    void run(() => onSubmit(values));
  };

  return (
    <FormDialog
      titleId="price-dialog-title"
      title={title}
      pending={pending}
      submitDisabled={invalid}
      danger={danger}
      onSubmit={submit}
      onClose={onClose}
      cancelLabel={t('loads.actions.back')}
      submitLabel={submitLabel}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: 0.5 }}>
        {warning && <Alert severity="warning">{warning}</Alert>}
        {fields.map((field, index) => {
          const helper = fieldError(field);
          return (
            <TextField
              key={field}
              label={t(`loads.prices.${field}`)}
              value={values[field]}
              autoFocus={index === 0}
              required
              error={Boolean(helper)}
              helperText={helper}
              onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              }}
            />
          );
        })}
        <ActionError error={error} />
      </Box>
    </FormDialog>
  );
}
