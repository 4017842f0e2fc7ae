import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { REGIONS } from '@app/domain/common/lookups';
import type { RegionEntry } from '@app/domain/common/lookups';
import { currentLang } from '@/i18n/i18n';

// The fields of the board's filter panel that no other list has: several states at once, a keep/leave-out
// switch for vehicle types and brokers, and a number of miles typed freely and applied when it is whole.

type RegionsFieldProps = { label: string; value: readonly string[]; onChange: (codes: string[]) => void };

/** Several US states or Canadian provinces, typed to narrow; chips show the codes to save room. */
export function RegionsField({ label, value, onChange }: RegionsFieldProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const chosen = REGIONS.filter((entry) => value.includes(entry.id));
  return (
    <Autocomplete<RegionEntry, true>
      multiple
      size="small"
      value={chosen}
      options={REGIONS}
      disableCloseOnSelect
      limitTags={4}
      getOptionLabel={(option) => `${option[lang]} (${option.id})`}
      groupBy={(option) => t(`regionField.country.${option.country}`)}
      isOptionEqualToValue={(option, picked) => option.id === picked.id}
      onChange={(_event, options) => onChange(options.map((option) => option.id))}
      noOptionsText={t('searchPicker.noOptions')}
      renderValue={(options, getItemProps) =>
        options.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={option.id} title={option[lang]} {...itemProps} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

type IncludeExcludeProps = {
  label: string;
  exclude: boolean;
  onChange: (exclude: boolean) => void;
};

/** Whether the values picked beside it are the ones to keep or the ones to leave out. */
export function IncludeExcludeSwitch({ label, exclude, onChange }: IncludeExcludeProps) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      aria-label={label}
      value={exclude ? 'exclude' : 'include'}
      onChange={(_event, next: 'include' | 'exclude' | null) => {
        if (next) onChange(next === 'exclude');
      }}
      sx={{ alignSelf: 'center', '& .MuiToggleButton-root': { py: 0.25, px: 1, textTransform: 'none' } }}
    >
      <ToggleButton value="include">{t('loadboard.filters.include')}</ToggleButton>
      <ToggleButton value="exclude">{t('loadboard.filters.exclude')}</ToggleButton>
    </ToggleButtonGroup>
  );
}

type MilesFieldProps = {
  label: string;
  value: number | null;
  max: number;
  disabled?: boolean;
  helperText?: string;
  onChange: (miles: number | null) => void;
};

/**
 * Miles typed freely: a whole number from 1 to `max` is applied when the field is left or Enter is pressed,
 * an empty field clears the filter, and anything else is flagged under the field and not sent.
 */
export function MilesField({ label, value, max, disabled, helperText, onChange }: MilesFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value === null ? '' : String(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // Another template was picked: the field shows its miles.
    setShown(value);
    setText(value === null ? '' : String(value));
  }
  const trimmed = text.trim();
  const miles = /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : NaN;
  const invalid = trimmed !== '' && !(miles >= 1 && miles <= max);
  const apply = () => {
    if (invalid) return;
    const next = trimmed === '' ? null : miles;
    if (next !== value) onChange(next);
  };
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      disabled={disabled}
      error={invalid}
      helperText={invalid ? t('loadboard.filters.milesInvalid', { max }) : helperText}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      onChange={(event) => setText(event.target.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
    />
  );
}
