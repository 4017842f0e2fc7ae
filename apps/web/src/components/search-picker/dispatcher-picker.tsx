import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { dispatcherName, useDispatchers } from '@/lib/team-lookups';
import type { Dispatcher } from '@/lib/team-lookups';

type DispatcherPickerProps = {
  label: string;
  /** Only the dispatchers of this team; all of the company's when null. */
  workingGroup?: number | null;
  value: number | null;
  /** The name of the chosen dispatcher, shown until the list is fetched (a saved filter). */
  valueLabel?: string;
  onChange: (id: number | null, label: string | undefined) => void;
  autoFocus?: boolean;
  required?: boolean;
  /** Why the choice was refused (a form's message). */
  error?: string;
};

/**
 * Picks a dispatcher or manager of the company (users/my/?dispatchers=true), for the list filters, the
 * change of a load's dispatcher and a vehicle's dispatcher. The company has few, so the whole list is fetched and filtered as typed.
 */
export function DispatcherPicker({
  label,
  workingGroup = null,
  value,
  valueLabel,
  onChange,
  autoFocus,
  required,
  error,
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
      getOptionLabel={(option) => dispatcherName(option)}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onChange={(_event, option) => onChange(option?.id ?? null, option ? dispatcherName(option) : undefined)}
      noOptionsText={dispatchers.isError ? t('common.loadFailed') : t('searchPicker.noOptions')}
      loadingText={t('searchPicker.searching')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          autoFocus={autoFocus}
          required={required}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
