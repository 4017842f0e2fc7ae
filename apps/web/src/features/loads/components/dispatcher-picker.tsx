import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDispatchers } from '../api/dispatchers';
import type { Dispatcher } from '../api/dispatchers';
import { personName } from './load-display';

type DispatcherPickerProps = {
  label: string;
  /** Only the dispatchers of this team; all of the company's when null. */
  workingGroup: number | null;
  value: number | null;
  valueLabel?: string;
  onChange: (id: number | null, label: string | undefined) => void;
  autoFocus?: boolean;
  required?: boolean;
};

/** Picks a dispatcher or manager of the company (users/my/?dispatchers=true). */
export function DispatcherPicker({
  label,
  workingGroup,
  value,
  valueLabel,
  onChange,
  autoFocus,
  required,
}: DispatcherPickerProps) {
  const { t } = useTranslation();
  const dispatchers = useDispatchers(workingGroup);
  const options = dispatchers.data ?? [];
  const selected: Dispatcher | null =
    value === null
      ? null
      : (options.find((option) => option.id === value) ?? {
          id: value,
          first_name: valueLabel ?? `#${value}`,
          last_name: '',
          role: null,
        });

  return (
    <Autocomplete<Dispatcher>
      value={selected}
      options={options}
      loading={dispatchers.isFetching}
      getOptionLabel={(option) => personName(option)}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onChange={(_event, option) => onChange(option?.id ?? null, option ? personName(option) : undefined)}
      noOptionsText={dispatchers.isError ? t('common.loadFailed') : t('loads.picker.noOptions')}
      loadingText={t('loads.picker.searching')}
      renderInput={(params) => (
        <TextField {...params} label={label} autoFocus={autoFocus} required={required} />
      )}
    />
  );
}
