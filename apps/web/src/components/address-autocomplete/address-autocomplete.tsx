import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Autocomplete, { type AutocompleteInputChangeReason } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import type { AddressLookupResult } from '@app/domain/geo/geo.schema';
import { ADDRESS_LOOKUP_MIN_LENGTH, addressLookupQueryOptions } from '@/lib/geo/address-lookup';
import type { PlaceSuggestion } from '@/lib/geo/google-places';
import { addressValueFromLookup, type AddressValue } from './address-value';
import { useDebouncedValue } from './use-debounced-value';
import { useGooglePlaces } from './use-google-places';

export type { AddressValue } from './address-value';

/** Typing pauses this long before the places are looked up. */
export const ADDRESS_INPUT_DEBOUNCE_MS = 250;

export type AddressAutocompleteProps = {
  /** Also the input's accessible name. */
  label: string;
  /** The chosen address; null while none is chosen (typed text alone is not an address). */
  value: AddressValue | null;
  /** A chosen suggestion, or null as soon as the text is changed or cleared. */
  onChange: (value: AddressValue | null) => void;
  /** Shown under the input in red. */
  error?: string;
  helperText?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  size?: 'small' | 'medium';
  id?: string;
  /** The company's maps key (company_instance.google_maps_key): Google Places answers instead. */
  googleMapsKey?: string | null;
};

type AddressOption =
  | { kind: 'lookup'; key: string; label: string; secondary: string; result: AddressLookupResult }
  | { kind: 'place'; key: string; label: string; secondary: string; place: PlaceSuggestion }
  | { kind: 'chosen'; key: string; label: string; secondary: string };

const CHOSEN_KEY = 'chosen';

/** The same place: a form may rebuild the value object on each render. */
function sameAddress(a: AddressValue | null, b: AddressValue | null): boolean {
  if (!a || !b) return a === b;
  return a.formatted_address === b.formatted_address && a.lat === b.lat && a.lon === b.lon;
}

function lookupOption(result: AddressLookupResult, index: number): AddressOption {
  const { components } = result;
  const street = [components.street_number, components.route].filter(Boolean).join(' ');
  const city = components.locality ?? components.name ?? '';
  const region = [components.administrative_area_level_1, components.postal_code].filter(Boolean).join(' ');
  return {
    kind: 'lookup',
    key: `${index}:${result.formatted_address}`,
    label: result.formatted_address,
    secondary: [street ? city : '', region, components.country].filter(Boolean).join(', '),
    result,
  };
}

/**
 * An address input with suggestions of US and Canadian places: from the server's gazetteer, or from Google
 * Places when the company has a maps key. A street line typed before the city ('1200 W Industrial Ave,
 * Chicago') is kept in the chosen address. Only a chosen suggestion is a value: editing the text emits null,
 * so the form shows its 'choose an address' error until one is chosen again.
 */
export function AddressAutocomplete({
  label,
  value,
  onChange,
  error,
  helperText,
  disabled = false,
  autoFocus = false,
  size = 'small',
  id,
  googleMapsKey,
}: AddressAutocompleteProps) {
  const { t } = useTranslation();
  const generatedId = useId();
  const inputId = id ?? `address-${generatedId}`;
  const chosenText = value?.formatted_address ?? '';
  const [text, setText] = useState(chosenText);
  const [resolving, setResolving] = useState(false);
  const [resolveFailed, setResolveFailed] = useState(false);
  // The last value this input emitted, to tell a form reset from its own answer.
  const emitted = useRef<AddressValue | null>(value);

  // A value set from outside (a load opened for editing, a form reset) is shown as it is.
  useEffect(() => {
    if (sameAddress(value, emitted.current)) return;
    emitted.current = value;
    setText(value?.formatted_address ?? '');
  }, [value]);

  const emit = (next: AddressValue | null) => {
    emitted.current = next;
    onChange(next);
  };

  const places = useGooglePlaces(googleMapsKey);
  const debouncedText = useDebouncedValue(text.trim(), ADDRESS_INPUT_DEBOUNCE_MS);
  const settled = debouncedText === text.trim();
  // Nothing is looked up for the text of the chosen address, or for text too short to search.
  const searchText =
    debouncedText.length >= ADDRESS_LOOKUP_MIN_LENGTH && debouncedText !== chosenText ? debouncedText : '';

  const gazetteer = useQuery({
    ...addressLookupQueryOptions({ query: searchText }),
    enabled: Boolean(searchText) && !places && !disabled,
  });
  const google = useQuery({
    queryKey: ['geo', 'google-places', searchText] as const,
    queryFn: () => places!.suggest(searchText),
    enabled: Boolean(searchText) && Boolean(places) && !disabled,
    staleTime: 5 * 60_000,
    retry: false,
  });

  const found: AddressOption[] = places
    ? (google.data ?? []).map((place) => ({
        kind: 'place',
        key: place.placeId,
        label: place.label,
        secondary: place.secondary,
        place,
      }))
    : (gazetteer.data?.results ?? []).map(lookupOption);
  const chosenOption: AddressOption | null = value
    ? { kind: 'chosen', key: CHOSEN_KEY, label: chosenText, secondary: '' }
    : null;
  // The chosen option is listed (hidden by filterSelectedOptions) so that the input knows its value.
  const options = chosenOption ? [chosenOption, ...found] : found;

  const active = places ? google : gazetteer;
  const searching = Boolean(searchText) && active.isFetching;
  const waiting = text.trim().length >= ADDRESS_LOOKUP_MIN_LENGTH && text.trim() !== chosenText && !settled;
  const failed = (Boolean(searchText) && active.isError) || resolveFailed;

  const noOptionsText = failed
    ? t('address.lookupFailed')
    : text.trim().length < ADDRESS_LOOKUP_MIN_LENGTH
      ? t('address.typeMore')
      : t('address.noPlaces');

  const handleInputChange = (_event: SyntheticEvent, next: string, reason: AutocompleteInputChangeReason) => {
    setText(next);
    setResolveFailed(false);
    // Typed text is not an address: the chosen one is dropped as soon as the text changes.
    if ((reason === 'input' || reason === 'clear') && value && next !== chosenText) emit(null);
  };

  const handleChange = (_event: SyntheticEvent, option: AddressOption | null) => {
    if (!option) {
      if (value) emit(null);
      return;
    }
    if (option.kind === 'lookup') {
      emit(addressValueFromLookup(option.result));
      setText(option.result.formatted_address);
      return;
    }
    if (option.kind === 'place') {
      setResolving(true);
      option.place
        .resolve()
        .then((result) => {
          if (!result) {
            setResolveFailed(true);
            return;
          }
          emit(addressValueFromLookup(result));
          setText(result.formatted_address);
        })
        .catch(() => setResolveFailed(true))
        .finally(() => setResolving(false));
    }
  };

  return (
    <Autocomplete<AddressOption, false, false, false>
      id={inputId}
      options={options}
      value={chosenOption}
      inputValue={text}
      onInputChange={handleInputChange}
      onChange={handleChange}
      // The server and Google have already matched the text.
      filterOptions={(list) => list}
      filterSelectedOptions
      isOptionEqualToValue={(option, selected) => option.key === selected.key}
      getOptionLabel={(option) => option.label}
      getOptionKey={(option) => option.key}
      autoHighlight
      clearOnBlur={false}
      disabled={disabled}
      size={size}
      loading={searching || waiting || resolving}
      loadingText={t('address.searching')}
      noOptionsText={noOptionsText}
      renderOption={(props, option) => {
        const { key, ...optionProps } = props;
        return (
          <li key={key} {...optionProps}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
              <PlaceOutlined fontSize="small" sx={{ color: 'text.secondary', flexShrink: 0 }} />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" noWrap>
                  {option.label}
                </Typography>
                {option.secondary && (
                  <Typography variant="caption" color="text.secondary" noWrap component="div">
                    {option.secondary}
                  </Typography>
                )}
              </Box>
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          autoFocus={autoFocus}
          error={Boolean(error) || resolveFailed}
          helperText={error ?? (resolveFailed ? t('address.lookupFailed') : helperText)}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {(searching || resolving) && <CircularProgress color="inherit" size={16} aria-hidden />}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
