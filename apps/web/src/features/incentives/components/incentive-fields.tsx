import { useTranslation } from 'react-i18next';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  INCENTIVE_PERSON_TYPES,
  INCENTIVE_REASON_MAX,
  type IncentivePersonType,
  type IncentiveType,
} from '@app/domain/accounting/incentives.schema';
import { INCENTIVE_TYPES, lookupName } from '@app/domain/common/lookups';
import { currentLang } from '@/i18n/i18n';

/** What the incentive and template forms hold: the amount as typed. */
export type IncentiveFieldValues = {
  type: IncentiveType;
  person_type: IncentivePersonType;
  amount: string;
  reason: string;
};

export const EMPTY_INCENTIVE: IncentiveFieldValues = {
  type: 'Bonus',
  person_type: 'driver',
  amount: '',
  reason: '',
};

type IncentiveFieldsProps<Values extends IncentiveFieldValues> = {
  values: Values;
  set: <Name extends keyof Values>(name: Name, value: Values[Name]) => void;
  error: (field: string) => string | undefined;
  autoFocusAmount?: boolean;
};

/** Bonus or fine, whose (driver, owner, dispatcher), the amount in dollars and the reason. */
export function IncentiveFields<Values extends IncentiveFieldValues>({
  values,
  set,
  error,
  autoFocusAmount,
}: IncentiveFieldsProps<Values>) {
  const { t } = useTranslation();
  const lang = currentLang();
  const radioError = (field: 'type' | 'person_type') => {
    const message = error(field);
    return message ? <FormHelperText error>{message}</FormHelperText> : null;
  };
  return (
    <Stack spacing={1.5}>
      <FormControl error={Boolean(error('type'))}>
        <FormLabel id="incentive-type-label">{t('incentives.fields.type')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="incentive-type-label"
          value={values.type}
          onChange={(event) => set('type', event.target.value as IncentiveType as Values['type'])}
        >
          {INCENTIVE_TYPES.map((type) => (
            <FormControlLabel
              key={type.id}
              value={type.id}
              control={<Radio size="small" />}
              label={lookupName(INCENTIVE_TYPES, type.id, lang)}
            />
          ))}
        </RadioGroup>
        {radioError('type')}
      </FormControl>
      <FormControl error={Boolean(error('person_type'))}>
        <FormLabel id="incentive-person-label">{t('incentives.fields.personType')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="incentive-person-label"
          value={values.person_type}
          onChange={(event) =>
            set('person_type', event.target.value as IncentivePersonType as Values['person_type'])
          }
        >
          {INCENTIVE_PERSON_TYPES.map((person) => (
            <FormControlLabel
              key={person}
              value={person}
              control={<Radio size="small" />}
              label={t(`incentives.personTypes.${person}`)}
            />
          ))}
        </RadioGroup>
        {radioError('person_type')}
      </FormControl>
      <TextField
        label={t('incentives.fields.amount')}
        value={values.amount}
        onChange={(event) => set('amount', event.target.value as Values['amount'])}
        required
        autoFocus={autoFocusAmount}
        error={Boolean(error('amount'))}
        helperText={error('amount')}
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        }}
      />
      <TextField
        label={t('incentives.fields.reason')}
        value={values.reason}
        onChange={(event) => set('reason', event.target.value as Values['reason'])}
        required
        multiline
        minRows={2}
        error={Boolean(error('reason'))}
        helperText={error('reason') ?? `${values.reason.trim().length}/${INCENTIVE_REASON_MAX}`}
      />
    </Stack>
  );
}
