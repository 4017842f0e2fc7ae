import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { loadQueryKeys } from '../api/load-query-keys';
import type { PickerOption, PickerSearch } from '../api/picker-option';
import { useDebouncedValue } from './use-debounced-value';

export const PICKER_SEARCH_DEBOUNCE_MS = 300;

type EntityPickerProps = {
  /** Names the search in the cache: 'driver', 'vehicle', 'broker'. */
  kind: string;
  label: string;
  search: PickerSearch;
  value: number | null;
  /** The name of the chosen record, shown before any search is made. */
  valueLabel?: string;
  onChange: (id: number | null, label: string | undefined) => void;
  required?: boolean;
  error?: string;
  autoFocus?: boolean;
  fullWidth?: boolean;
  minWidth?: number;
};

/**
 * Picks a driver (GET users/drivers?search), a vehicle (GET cars/all?search) or a broker (GET
 * brokers/broker-company/search?name) by searching for it; the first names are fetched when the list
 * opens, and typed text is searched once the user pauses. A failed search says so in the
 * list. A parent that resets the value remounts it (a new key).
 */
export function EntityPicker({
  kind,
  label,
  search,
  value,
  valueLabel,
  onChange,
  required,
  error,
  autoFocus,
  fullWidth,
  minWidth = 180,
}: EntityPickerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const searchText = useDebouncedValue(text.trim(), PICKER_SEARCH_DEBOUNCE_MS);
  const options = useQuery({
    queryKey: loadQueryKeys.search(kind, searchText),
    queryFn: ({ signal }) => search(searchText, signal),
    // Asked when the list opens or the user types, not for every filter a list page shows.
    enabled: open || searchText !== '',
    staleTime: 60_000,
  });
  const selected: PickerOption | null =
    value === null
      ? null
      : (options.data?.find((option) => option.id === value) ?? {
          id: value,
          label: valueLabel ?? `#${value}`,
          detail: null,
        });

  return (
    <Autocomplete<PickerOption>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={selected}
      options={
        selected && !options.data?.some((option) => option.id === selected.id)
          ? [selected, ...(options.data ?? [])]
          : (options.data ?? [])
      }
      loading={options.isFetching}
      filterOptions={(list) => list}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => option.label}
      onInputChange={(_event, input, reason) => {
        if (reason === 'input') setText(input);
        if (reason === 'clear') setText('');
      }}
      onChange={(_event, option) => {
        setText('');
        onChange(option?.id ?? null, option?.label);
      }}
      loadingText={t('loads.picker.searching')}
      noOptionsText={options.isError ? t('common.loadFailed') : t('loads.picker.noOptions')}
      fullWidth={fullWidth}
      sx={{ minWidth }}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1 }}>
            <span>{option.label}</span>
            {option.detail && (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
                {option.detail}
              </Typography>
            )}
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
