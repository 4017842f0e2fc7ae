import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { lookupName, VEHICLE_TYPES } from '@app/domain/common/lookups';
import { toZonedIso, wallTimeToInstant } from '@app/domain/common/time';
import type { EmailPosting, EmailPostingCompletion } from '@app/domain/loadboard/email-postings.schema';
import { formDateToWallTime } from '@app/domain/loads/load-form.rules';
import {
  AddressAutocomplete,
  type AddressValue,
} from '@/components/address-autocomplete/address-autocomplete';
import { DateTimeInput } from '@/components/date-time-input/date-time-input';
import { ErrorAlert } from '@/components/error-messages/error-alert';
import { fieldErrorOf } from '@/components/error-messages/error-messages';
import { currentLang } from '@/i18n/i18n';
import { usePostEmailPosting } from '../../api/email-postings';
import { useEmailPostingMessageText } from './email-posting-messages';

type Values = {
  pick_up: AddressValue | null;
  pick_up_date: string | null;
  deliver_to: AddressValue | null;
  delivery_date: string | null;
  car: string;
  pays: string;
  weight: string;
};

type FieldName = keyof Values;

/** The fields the form asks for: what a posting needs and was not read, and the ones the mail had unread. */
export function fieldsToComplete(posting: EmailPosting): FieldName[] {
  const unread = new Set<string>(posting.unread_fields.map((field) => field.field));
  const { read } = posting;
  const missing: Record<FieldName, boolean> = {
    pick_up: read.pick_up?.lat == null || unread.has('pick_up'),
    pick_up_date: read.pick_up_date === null || unread.has('pick_up_date'),
    deliver_to: read.deliver_to?.lat == null || unread.has('deliver_to'),
    delivery_date: unread.has('delivery_date'),
    car: read.car === null || unread.has('car'),
    pays: unread.has('pays'),
    weight: unread.has('weight'),
  };
  return (Object.keys(missing) as FieldName[]).filter((name) => missing[name]);
}

const place = (value: AddressValue | null) =>
  value
    ? {
        address: value.formatted_address,
        city: value.city,
        state: value.state,
        zip_code: value.zip_code,
        country: value.country,
        lat: value.lat,
        lon: value.lon,
      }
    : undefined;

const instant = (value: string | null) => {
  const wall = formDateToWallTime(value);
  return wall ? toZonedIso(wallTimeToInstant(wall)) : undefined;
};

/** The request of the fields the form asks for that are filled: the others stay as read. */
export function completionOf(values: Values, fields: readonly FieldName[]): EmailPostingCompletion {
  const body: Record<string, unknown> = {
    pick_up: place(values.pick_up),
    pick_up_date: instant(values.pick_up_date),
    deliver_to: place(values.deliver_to),
    delivery_date: instant(values.delivery_date),
    car: values.car || undefined,
    pays: values.pays.trim() || undefined,
    weight: values.weight.trim() ? Number(values.weight.replace(/[,\s]/g, '')) : undefined,
  };
  return Object.fromEntries(
    Object.entries(body).filter(([name, value]) => value !== undefined && fields.includes(name as FieldName)),
  ) as EmailPostingCompletion;
}

/** The dispatcher completes what the e-mail lacked and posts it to the board (through the load intake). */
export function EmailPostingForm({ posting, onCancel }: { posting: EmailPosting; onCancel: () => void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const messageText = useEmailPostingMessageText();
  const post = usePostEmailPosting();
  const fields = fieldsToComplete(posting);
  const [values, setValues] = useState<Values>({
    pick_up: null,
    pick_up_date: null,
    deliver_to: null,
    delivery_date: null,
    car: posting.read.car ?? '',
    pays: '',
    weight: '',
  });
  const set = <Name extends FieldName>(name: Name, value: Values[Name]) =>
    setValues((current) => ({ ...current, [name]: value }));
  const label = (name: FieldName) => t(`emailPostings.fields.${name}`);
  const errorOf = (name: FieldName) => fieldErrorOf(post.error, name, messageText);
  const shown = (name: FieldName) => fields.includes(name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    post.mutate({ id: posting.id, body: completionOf(values, fields) });
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={t('emailPostings.formTitle')}
      sx={{ display: 'grid', gap: 1.25, mt: 1.5 }}
    >
      {shown('pick_up') && (
        <AddressAutocomplete
          size="small"
          label={label('pick_up')}
          value={values.pick_up}
          onChange={(value) => set('pick_up', value)}
          error={errorOf('pick_up')}
        />
      )}
      {shown('pick_up_date') && (
        <DateTimeInput
          label={label('pick_up_date')}
          value={values.pick_up_date}
          onChange={(value) => set('pick_up_date', value)}
          error={Boolean(errorOf('pick_up_date'))}
          helperText={errorOf('pick_up_date')}
        />
      )}
      {shown('deliver_to') && (
        <AddressAutocomplete
          size="small"
          label={label('deliver_to')}
          value={values.deliver_to}
          onChange={(value) => set('deliver_to', value)}
          error={errorOf('deliver_to')}
        />
      )}
      {shown('delivery_date') && (
        <DateTimeInput
          label={label('delivery_date')}
          value={values.delivery_date}
          onChange={(value) => set('delivery_date', value)}
          error={Boolean(errorOf('delivery_date'))}
          helperText={errorOf('delivery_date')}
        />
      )}
      {shown('car') && (
        <TextField
          select
          size="small"
          label={label('car')}
          value={values.car}
          onChange={(event) => set('car', event.target.value)}
          error={Boolean(errorOf('car'))}
          helperText={errorOf('car')}
        >
          {VEHICLE_TYPES.map((type) => (
            <MenuItem key={type.id} value={type.id}>
              {lookupName(VEHICLE_TYPES, type.id, lang)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {shown('pays') && (
        <TextField
          size="small"
          label={label('pays')}
          value={values.pays}
          onChange={(event) => set('pays', event.target.value)}
          error={Boolean(errorOf('pays'))}
          helperText={errorOf('pays')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      )}
      {shown('weight') && (
        <TextField
          size="small"
          label={label('weight')}
          value={values.weight}
          onChange={(event) => set('weight', event.target.value)}
          error={Boolean(errorOf('weight'))}
          helperText={errorOf('weight')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      )}
      {post.isError && !fields.some((name) => errorOf(name)) && (
        <ErrorAlert error={post.error} messageText={messageText} />
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button size="small" color="inherit" onClick={onCancel} disabled={post.isPending}>
          {t('emailPostings.cancel')}
        </Button>
        <Button size="small" type="submit" variant="contained" disabled={post.isPending}>
          {t('emailPostings.post')}
        </Button>
      </Box>
    </Box>
  );
}
