import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDebouncedValue } from '@/components/address-autocomplete/use-debounced-value';

/** One choice of a search picker: the id sent, the name shown and a hint beside it (a unit, a company). */
export type PickerOption = { id: number; label: string; detail: string | null };

export type PickerSearch = (text: string, signal?: AbortSignal) => Promise<PickerOption[]>;

export const SEARCH_PICKER_DEBOUNCE_MS = 300;

type CommonProps = {
  /** Names the search in the cache: 'driver', 'owner', 'vehicle'. */
  kind: string;
  label: string;
  search: PickerSearch;
  required?: boolean;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  autoFocus?: boolean;
};

function useSearchOptions(kind: string, search: PickerSearch, text: string, enabled: boolean) {
  const searchText = useDebouncedValue(text.trim(), SEARCH_PICKER_DEBOUNCE_MS);
  return useQuery({
    queryKey: ['search-picker', kind, searchText] as const,
    queryFn: ({ signal }) => search(searchText, signal),
    staleTime: 60_000,
    enabled,
  });
}

function OptionRow({ option }: { option: PickerOption }) {
  return (
    <>
      <span>{option.label}</span>
      {option.detail && (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 'auto', pl: 1 }}>
          {option.detail}
        </Typography>
      )}
    </>
  );
}

type SearchPickerProps = CommonProps & {
  /** The chosen record; its label is shown before any search is made. */
  value: PickerOption | null;
  onChange: (option: PickerOption | null) => void;
};

/**
 * Picks one record (a driver, an owner, a vehicle) by searching for it on the server. The first names are
 * fetched when the list opens; typed text is searched after a short pause.
 */
export function SearchPicker({ kind, label, search, value, onChange, ...field }: SearchPickerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const options = useSearchOptions(kind, search, text, open);

  return (
    <Autocomplete<PickerOption>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      options={options.data ?? []}
      loading={options.isFetching}
      disabled={field.disabled}
      filterOptions={(list) => list}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => option.label}
      onInputChange={(_event, input, reason) => {
        if (reason === 'input') setText(input);
        if (reason === 'clear' || reason === 'reset') setText('');
      }}
      onChange={(_event, option) => onChange(option)}
      loadingText={t('searchPicker.searching')}
      noOptionsText={options.isError ? t('common.loadFailed') : t('searchPicker.noOptions')}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex' }}>
            <OptionRow option={option} />
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={field.required}
          autoFocus={field.autoFocus}
          error={Boolean(field.error)}
          helperText={field.error ?? field.helperText}
        />
      )}
    />
  );
}

type SearchMultiPickerProps = CommonProps & {
  value: PickerOption[];
  onChange: (options: PickerOption[]) => void;
  /** At most this many may be chosen; the search is closed once they are. */
  max?: number;
};

/** Picks several records by searching for them, shown as chips (the drivers of a vehicle). */
export function SearchMultiPicker({
  kind,
  label,
  search,
  value,
  onChange,
  max,
  ...field
}: SearchMultiPickerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const full = max !== undefined && value.length >= max;
  const options = useSearchOptions(kind, search, text, open && !full);

  return (
    <Autocomplete<PickerOption, true>
      multiple
      open={open && !full}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      options={options.data ?? []}
      loading={options.isFetching}
      disabled={field.disabled}
      filterOptions={(list) => list}
      filterSelectedOptions
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => option.label}
      inputValue={text}
      onInputChange={(_event, input, reason) => {
        if (reason === 'input') setText(input);
        if (reason === 'clear' || reason === 'reset' || reason === 'selectOption') setText('');
      }}
      onChange={(_event, options) => onChange(max === undefined ? options : options.slice(0, max))}
      loadingText={t('searchPicker.searching')}
      noOptionsText={options.isError ? t('common.loadFailed') : t('searchPicker.noOptions')}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex' }}>
            <OptionRow option={option} />
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={field.required}
          autoFocus={field.autoFocus}
          error={Boolean(field.error)}
          helperText={field.error ?? (full ? t('searchPicker.full', { max }) : field.helperText)}
        />
      )}
    />
  );
}
