import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { REGIONS } from '@app/domain/common/lookups';
import type { RegionEntry } from '@app/domain/common/lookups';
import { currentLang } from '@/i18n/i18n';

type RegionFieldProps = {
  label: string;
  /** The state's or province's code (TX, ON), or null. */
  value: string | null;
  onChange: (code: string | null) => void;
  error?: string;
};

/**
 * A US state or Canadian province, e.g. of a licence plate or a driver's licence: typed to narrow, shown
 * as "Texas (TX)" in the user's language and grouped by country.
 */
export function RegionField({ label, value, onChange, error }: RegionFieldProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const region = REGIONS.find((entry) => entry.id === value) ?? null;
  return (
    <Autocomplete<RegionEntry>
      value={region}
      options={REGIONS}
      getOptionLabel={(option) => `${option[lang]} (${option.id})`}
      groupBy={(option) => t(`regionField.country.${option.country}`)}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onChange={(_event, option) => onChange(option?.id ?? null)}
      noOptionsText={t('searchPicker.noOptions')}
      renderInput={(params) => (
        <TextField {...params} label={label} error={Boolean(error)} helperText={error} />
      )}
    />
  );
}
