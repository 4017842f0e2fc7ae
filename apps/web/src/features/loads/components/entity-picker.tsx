import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorStatus } from '@/lib/api-error';
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
 * Picks a driver, a vehicle or a broker by searching for it; the first names are fetched on mount so the
 * list opens at once. Where the server has no search for that kind of record (it answers 404), the picker
 * falls back to a plain id field, so the filter still works. A parent that resets the value remounts it
 * (a new key).
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
    staleTime: 60_000,
  });
  const [idText, setIdText] = useState(value === null ? '' : String(value));

  if (errorStatus(options.error) === 404) {
    return (
      <TextField
        label={t('loads.picker.idLabel', { label })}
        value={idText}
        required={required}
        autoFocus={autoFocus}
        fullWidth={fullWidth}
        error={Boolean(error)}
        helperText={error}
        sx={{ minWidth }}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '').slice(0, 12);
          setIdText(digits);
          const id = digits ? Number(digits) : null;
          onChange(id && id > 0 ? id : null, id ? `#${id}` : undefined);
        }}
      />
    );
  }

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
      options={options.data ?? []}
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
