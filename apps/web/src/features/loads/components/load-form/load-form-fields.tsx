import { memo, useId } from 'react';
import type { ReactElement } from 'react';
import { Controller } from 'react-hook-form';
import type { Control, FieldPath, FieldPathValue, RefCallBack } from 'react-hook-form';
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
import type { BrokerContact } from './broker-company-field';

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

type LoadFieldPath = FieldPath<LoadFormValues>;

/** What an input gets from its field: its id, name and ref, label, leaving it, and its message. */
type InputBinding = {
  id: string;
  name: string;
  inputRef: RefCallBack;
  label: string;
  onBlur: () => void;
  error: boolean;
  helperText?: string;
};

type TrackedFieldState<Name extends LoadFieldPath> = {
  value: FieldPathValue<LoadFormValues, Name>;
  /** Keeps the new value and tells the form the user changed it. */
  change: (value: FieldPathValue<LoadFormValues, Name>) => void;
  /** Tells the form the user left the field. */
  blur: () => void;
  input: InputBinding;
};

/** A field of the form that reports its changes (onChanged) and the user leaving it (onVisited). */
function TrackedField<Name extends LoadFieldPath>({
  base,
  name,
  render,
}: {
  base: FieldBase;
  name: Name;
  render: (field: TrackedFieldState<Name>) => ReactElement;
}) {
  const { onChanged, onVisited } = base;
  return (
    <Controller
      control={base.control}
      name={name}
      render={({ field }) => {
        const blur = () => {
          field.onBlur();
          onVisited(name);
        };
        return render({
          value: field.value,
          change: (value) => {
            field.onChange(value);
            onChanged(name);
          },
          blur,
          input: {
            id: base.id,
            name: field.name,
            inputRef: field.ref,
            label: base.label,
            onBlur: blur,
            error: Boolean(base.error),
            helperText: base.error,
          },
        });
      }}
    />
  );
}

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
  /** Shown under the field while it has no message. */
  hint?: string;
};

/** A one-line text field; the typed text is cut to maxLength whatever the browser lets through. */
export const FormTextField = memo(function FormTextField(props: FormTextFieldProps) {
  const { name, maxLength, transform } = props;
  return (
    <TrackedField
      base={props}
      name={name}
      render={(field) => (
        <TextField
          {...field.input}
          helperText={field.input.helperText ?? props.hint}
          type={props.type ?? 'text'}
          autoComplete="off"
          autoFocus={props.autoFocus}
          value={field.value ?? ''}
          onChange={(event) => {
            let text = transform ? transform(event.target.value) : event.target.value;
            if (maxLength) text = text.slice(0, maxLength);
            field.change(text);
          }}
          required={props.required}
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
  return (
    <TrackedField
      base={props}
      name="note"
      render={(field) => (
        <TextField
          {...field.input}
          value={field.value ?? ''}
          onChange={(event) => field.change(event.target.value.slice(0, MAX_NOTE_LENGTH))}
          multiline
          minRows={2}
          maxRows={6}
          fullWidth
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
  return (
    <TrackedField
      base={props}
      name="car"
      render={(field) => (
        <TextField
          select
          {...field.input}
          value={field.value ?? ''}
          onChange={(event) =>
            field.change(event.target.value === '' ? null : (event.target.value as VehicleType))
          }
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
  const min = props.earliest ? formDateToWallTime(props.earliest) : null;
  return (
    <TrackedField
      base={props}
      name={props.name}
      render={(field) => (
        <DateTimeInput
          {...field.input}
          value={field.value}
          onChange={field.change}
          range={min ? { min } : undefined}
          required
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
    /** A broker was chosen: its phone and e-mail (a stable callback). */
    onContact?: (contact: BrokerContact) => void;
  },
) {
  return (
    <TrackedField
      base={props}
      name={props.name}
      render={(field) => (
        <BrokerCompanyField
          id={props.id}
          label={props.label}
          value={field.value}
          onChange={field.change}
          onContact={props.onContact}
          onBlur={field.blur}
          required={props.required}
          disabled={props.disabled}
          helperText={props.helperText}
          error={props.error}
        />
      )}
    />
  );
});
