import { memo, useId } from 'react';
import { Controller } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EQUIPMENT_FLAGS, VEHICLE_TYPES } from '@app/domain/common/lookups';
import type { Lang, VehicleType } from '@app/domain/common/lookups';
import { formDateToWallTime, MAX_NOTE_LENGTH } from '@app/domain/loads/load-form.rules';
import type { LoadFormValues } from '@app/domain/loads/load-form.rules';
import { DateTimeInput } from '@/components/date-time-input/date-time-input';
import { BrokerCompanyField } from './broker-company-field';

// The load form's fields. Each is memoised and reads its own value through react-hook-form, so typing in
// one field re-renders that field (and the form's button bar), not the whole form. Every prop is a string,
// a boolean or a callback that stays the same between renders.

type FieldBase = {
  control: Control<LoadFormValues>;
  id: string;
  label: string;
  error?: string;
  /** The field's value was changed by the user. */
  onChanged: (path: string) => void;
  /** The user left the field. */
  onVisited: (path: string) => void;
};

export type TextFieldName =
  | 'broker_name'
  | 'broker_phone'
  | 'reply_email'
  | 'rateconf_ref'
  | 'pays'
  | 'weight'
  | 'pieces'
  | 'length'
  | 'width'
  | 'height';

type FormTextFieldProps = FieldBase & {
  name: TextFieldName;
  required?: boolean;
  maxLength?: number;
  numeric?: boolean;
  type?: 'text' | 'tel' | 'email';
  start?: string;
  end?: string;
  /** Applied to the typed text before it is kept (a module-level function, so it stays the same). */
  transform?: (text: string) => string;
  autoFocus?: boolean;
};

/** A one-line text field; the typed text is cut to maxLength whatever the browser lets through. */
export const FormTextField = memo(function FormTextField(props: FormTextFieldProps) {
  const { name, maxLength, transform, onChanged, onVisited } = props;
  return (
    <Controller
      control={props.control}
      name={name}
      render={({ field }) => (
        <TextField
          id={props.id}
          name={field.name}
          inputRef={field.ref}
          label={props.label}
          type={props.type ?? 'text'}
          autoComplete="off"
          autoFocus={props.autoFocus}
          value={field.value ?? ''}
          onChange={(event) => {
            let text = transform ? transform(event.target.value) : event.target.value;
            if (maxLength) text = text.slice(0, maxLength);
            field.onChange(text);
            onChanged(name);
          }}
          onBlur={() => {
            field.onBlur();
            onVisited(name);
          }}
          required={props.required}
          error={Boolean(props.error)}
          helperText={props.error}
          fullWidth
          slotProps={{
            htmlInput: { maxLength, inputMode: props.numeric ? 'numeric' : undefined },
            input: {
              startAdornment: props.start ? (
                <InputAdornment position="start">{props.start}</InputAdornment>
              ) : undefined,
              endAdornment: props.end ? (
                <InputAdornment position="end">{props.end}</InputAdornment>
              ) : undefined,
            },
          }}
        />
      )}
    />
  );
});

/** The note: several lines, at most 300 characters, with a counter. */
export const FormNoteField = memo(function FormNoteField(props: FieldBase) {
  const { t } = useTranslation();
  const { onChanged, onVisited } = props;
  return (
    <Controller
      control={props.control}
      name="note"
      render={({ field }) => (
        <TextField
          id={props.id}
          name={field.name}
          inputRef={field.ref}
          label={props.label}
          value={field.value ?? ''}
          onChange={(event) => {
            field.onChange(event.target.value.slice(0, MAX_NOTE_LENGTH));
            onChanged('note');
          }}
          onBlur={() => {
            field.onBlur();
            onVisited('note');
          }}
          multiline
          minRows={2}
          maxRows={6}
          fullWidth
          error={Boolean(props.error)}
          helperText={
            <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <span>{props.error}</span>
              <span data-testid="note-counter">
                {t('loadForm.noteCounter', { count: (field.value ?? '').length, max: MAX_NOTE_LENGTH })}
              </span>
            </Box>
          }
          slotProps={{ htmlInput: { maxLength: MAX_NOTE_LENGTH } }}
        />
      )}
    />
  );
});

/** The vehicle type the load needs (optional). */
export const FormVehicleTypeField = memo(function FormVehicleTypeField(props: FieldBase & { lang: Lang }) {
  const { t } = useTranslation();
  const { onChanged, onVisited } = props;
  return (
    <Controller
      control={props.control}
      name="car"
      render={({ field }) => (
        <TextField
          select
          id={props.id}
          name={field.name}
          inputRef={field.ref}
          label={props.label}
          value={field.value ?? ''}
          onChange={(event) => {
            field.onChange(event.target.value === '' ? null : (event.target.value as VehicleType));
            onChanged('car');
          }}
          onBlur={() => {
            field.onBlur();
            onVisited('car');
          }}
          error={Boolean(props.error)}
          helperText={props.error}
          fullWidth
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('loadForm.fields.anyVehicle')}</option>
          {VEHICLE_TYPES.map((type) => (
            <option key={type.id} value={type.id}>
              {type[props.lang]}
            </option>
          ))}
        </TextField>
      )}
    />
  );
});

export type FlagName = 'dock_level' | 'isDanger' | 'isUrgent' | 'isCanPutOnTop';

export const FormFlag = memo(function FormFlag(props: {
  control: Control<LoadFormValues>;
  name: FlagName;
  label: string;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <FormControlLabel
          label={props.label}
          control={
            <Checkbox
              size="small"
              name={field.name}
              checked={Boolean(field.value)}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
            />
          }
        />
      )}
    />
  );
});

/** The equipment the load needs, as toggle chips. */
export const EquipmentChips = memo(function EquipmentChips(props: {
  control: Control<LoadFormValues>;
  label: string;
  lang: Lang;
}) {
  const labelId = useId();
  return (
    <Controller
      control={props.control}
      name="equipment"
      render={({ field }) => (
        <Box role="group" aria-labelledby={labelId}>
          <Typography id={labelId} variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
            {props.label}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
            {EQUIPMENT_FLAGS.map((equipment) => {
              const on = Boolean(field.value?.[equipment.id]);
              return (
                <Chip
                  key={equipment.id}
                  label={equipment[props.lang]}
                  variant={on ? 'filled' : 'outlined'}
                  color={on ? 'primary' : 'default'}
                  aria-pressed={on}
                  onClick={() => {
                    const next = { ...field.value };
                    if (on) delete next[equipment.id];
                    else next[equipment.id] = true;
                    field.onChange(next);
                  }}
                />
              );
            })}
          </Box>
        </Box>
      )}
    />
  );
});

/** The load's pick-up or delivery date; delivery dates are offered from the first point's date. */
export const FormDateField = memo(function FormDateField(
  props: FieldBase & {
    name: 'pick_up_datetime' | 'delivery_datetime';
    /** The first point's date (picker text), the earliest delivery date. */
    earliest?: string | null;
  },
) {
  const { name, onChanged, onVisited, earliest } = props;
  const min = earliest ? formDateToWallTime(earliest) : null;
  return (
    <Controller
      control={props.control}
      name={name}
      render={({ field }) => (
        <DateTimeInput
          id={props.id}
          name={field.name}
          inputRef={field.ref}
          label={props.label}
          value={field.value}
          onChange={(date) => {
            field.onChange(date);
            onChanged(name);
          }}
          onBlur={() => {
            field.onBlur();
            onVisited(name);
          }}
          range={min ? { min } : undefined}
          required
          error={Boolean(props.error)}
          helperText={props.error}
        />
      )}
    />
  );
});

/** A broker company chosen from the company's brokers; on an active load the broker company is fixed. */
export const FormBrokerField = memo(function FormBrokerField(
  props: FieldBase & {
    name: 'accounting_broker_company' | 'broker_company';
    required?: boolean;
    disabled?: boolean;
    helperText?: string;
  },
) {
  const { name, onChanged, onVisited } = props;
  return (
    <Controller
      control={props.control}
      name={name}
      render={({ field }) => (
        <BrokerCompanyField
          id={props.id}
          label={props.label}
          value={field.value}
          onChange={(choice) => {
            field.onChange(choice);
            onChanged(name);
          }}
          onBlur={() => {
            field.onBlur();
            onVisited(name);
          }}
          required={props.required}
          disabled={props.disabled}
          helperText={props.helperText}
          error={props.error}
        />
      )}
    />
  );
});
