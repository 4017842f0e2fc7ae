import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { propositionUpdatePriceSchema } from '@app/domain/bids/bids.schema';
import { ErrorAlert } from '@/components/error-messages/error-alert';
import { fieldErrorOf } from '@/components/error-messages/error-messages';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { useDialogAction } from '@/components/form-dialog/use-dialog-action';
import { useBidMessageText } from './bid-messages';

type BidPriceDialogProps = {
  price: number;
  driverPrice: number | null;
  onSubmit: (values: { price: string; driver_price: string | null }) => Promise<unknown>;
  onClose: () => void;
};

const amount = (value: number | null) => (value === null ? '' : value.toFixed(2));

/** PUT propositions/{id}/update-price: the broker price asked and the driver price, checked as typed. */
export function BidPriceDialog({ price, driverPrice, onSubmit, onClose }: BidPriceDialogProps) {
  const { t } = useTranslation();
  const message = useBidMessageText();
  const [values, setValues] = useState({ price: amount(price), driver_price: amount(driverPrice) });
  const { pending, error, run } = useDialogAction(onClose);
  const parsed = propositionUpdatePriceSchema.safeParse({
    price: values.price,
    driver_price: values.driver_price.trim() === '' ? null : values.driver_price,
  });
  const issueOf = (field: 'price' | 'driver_price') => {
    const issue = parsed.success ? undefined : parsed.error.issues.find((item) => item.path[0] === field);
    return issue ? message(issue.message) : fieldErrorOf(error, field, message);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success || pending) return;
    const driver = values.driver_price.trim();
    void run(() => onSubmit({ price: values.price, driver_price: driver === '' ? null : driver }));
  };

  const moneyProps = {
    htmlInput: { inputMode: 'decimal' },
    input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
  } as const;

  return (
    <FormDialog
      titleId="bid-price-dialog-title"
      title={t('bids.page.updatePrice')}
      pending={pending}
      submitDisabled={!parsed.success}
      onSubmit={submit}
      onClose={onClose}
      cancelLabel={t('bids.actions.cancel')}
      submitLabel={t('common.save')}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: 0.5, minWidth: 260 }}>
        {(['price', 'driver_price'] as const).map((field, index) => {
          const helper = issueOf(field);
          return (
            <TextField
              key={field}
              label={t(`bids.fields.${field}`)}
              value={values[field]}
              autoFocus={index === 0}
              required={field === 'price'}
              error={Boolean(helper)}
              helperText={helper}
              onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
              slotProps={moneyProps}
            />
          );
        })}
        <ErrorAlert error={error} messageText={message} />
      </Box>
    </FormDialog>
  );
}
