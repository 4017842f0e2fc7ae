import { useState } from 'react';
import type { HTMLAttributes, Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import type {
  AutocompleteInputChangeReason,
  AutocompleteRenderInputParams,
} from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDebouncedValue } from '@/components/address-autocomplete/use-debounced-value';
import { searchPickerKey } from './search-picker-keys';

/** One choice of a search picker: the id sent, the name shown and a hint beside it (a unit, a company). */
export type PickerOption = { id: number; label: string; detail: string | null };

export type PickerSearch = (text: string, signal?: AbortSignal) => Promise<PickerOption[]>;

export const SEARCH_PICKER_DEBOUNCE_MS = 300;

/**
 * The chosen record of a picker whose value is kept as an id with its name (a saved list filter): its name
 * when known, `#id` otherwise, shown before any search is made.
 */
export function pickedOption(id: number | null, label: string | undefined): PickerOption | null {
  return id === null ? null : { id, label: label ?? `#${id}`, detail: null };
}

type CommonProps = {
  /**
   * Names the search in the cache: 'driver', 'owner', 'vehicle', 'broker'. Two searches of one record
   * that answer differently (drivers with the fired ones, for a filter) need names of their own.
   */
  kind: string;
  label: string;
  search: PickerSearch;
  required?: boolean;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Takes the whole width of a dialog instead of its grid cell or its content. */
  fullWidth?: boolean;
};

/**
 * What the single and the several-record pickers share: the typed text, searched on the server once the
 * user pauses (the first names when the list opens), and the open state; a chosen option or a cleared
 * field starts the next search afresh.
 */
function useSearch(kind: string, search: PickerSearch, enabled: boolean) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const searchText = useDebouncedValue(text.trim(), SEARCH_PICKER_DEBOUNCE_MS);
  const options = useQuery({
    queryKey: searchPickerKey(kind, searchText),
    queryFn: ({ signal }) => search(searchText, signal),
    staleTime: 60_000,
    enabled: open && enabled,
  });
  // Only the answer for the text as typed may be chosen: while the pause runs or the search is on its way
  // the previous answer (the first names, say) is for other text, and a quick click would pick from it.
  const current = text.trim() === searchText && !options.isFetching;
  return {
    text,
    open: open && enabled,
    found: current ? (options.data ?? []) : [],
    /** The Autocomplete props both pickers set alike. */
    props: {
      onOpen: () => setOpen(true),
      onClose: () => setOpen(false),
      loading: !current,
      filterOptions: (list: PickerOption[]) => list,
      isOptionEqualToValue: (option: PickerOption, chosen: PickerOption) => option.id === chosen.id,
      getOptionLabel: (option: PickerOption) => option.label,
      onInputChange: (_event: unknown, input: string, reason: AutocompleteInputChangeReason) => {
        if (reason === 'input') setText(input);
        if (reason === 'clear' || reason === 'reset' || reason === 'selectOption') setText('');
      },
      loadingText: t('searchPicker.searching'),
      noOptionsText: options.isError ? t('common.loadFailed') : t('searchPicker.noOptions'),
      renderOption: renderOptionRow,
    },
  };
}

function renderOptionRow(props: HTMLAttributes<HTMLLIElement> & { key: Key }, option: PickerOption) {
  const { key, ...rest } = props;
  return (
    <Box component="li" key={key} {...rest} sx={{ display: 'flex' }}>
      <span>{option.label}</span>
      {option.detail && (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 'auto', pl: 1 }}>
          {option.detail}
        </Typography>
      )}
    </Box>
  );
}

function renderField(params: AutocompleteRenderInputParams, field: CommonProps, helperText?: string) {
  return (
    <TextField
      {...params}
      label={field.label}
      required={field.required}
      autoFocus={field.autoFocus}
      error={Boolean(field.error)}
      helperText={field.error ?? helperText}
    />
  );
}

type SearchPickerProps = CommonProps & {
  /** The chosen record; its label is shown before any search is made. */
  value: PickerOption | null;
  onChange: (option: PickerOption | null) => void;
};

/**
 * Picks one record (a driver, an owner, a vehicle, a broker) by searching for it on the server. The first
 * names are fetched when the list opens; typed text is searched after a short pause. A failed search says
 * so in the list. A parent that resets the value from outside remounts it (a new key).
 */
export function SearchPicker({ value, onChange, ...field }: SearchPickerProps) {
  const search = useSearch(field.kind, field.search, true);
  // The chosen record stays among the options while a search does not return it.
  const options =
    value && !search.found.some((option) => option.id === value.id) ? [value, ...search.found] : search.found;

  return (
    <Autocomplete<PickerOption>
      {...search.props}
      open={search.open}
      value={value}
      options={options}
      disabled={field.disabled}
      fullWidth={field.fullWidth}
      onChange={(_event, option) => onChange(option)}
      renderInput={(params) => renderField(params, field, field.helperText)}
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
export function SearchMultiPicker({ value, onChange, max, ...field }: SearchMultiPickerProps) {
  const { t } = useTranslation();
  const full = max !== undefined && value.length >= max;
  const search = useSearch(field.kind, field.search, !full);

  return (
    <Autocomplete<PickerOption, true>
      {...search.props}
      multiple
      open={search.open}
      value={value}
      options={search.found}
      disabled={field.disabled}
      fullWidth={field.fullWidth}
      filterSelectedOptions
      inputValue={search.text}
      onChange={(_event, options) => onChange(max === undefined ? options : options.slice(0, max))}
      renderInput={(params) =>
        renderField(params, field, full ? t('searchPicker.full', { max }) : field.helperText)
      }
    />
  );
}
