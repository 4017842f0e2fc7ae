import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BLACKLISTED_BROKER_LABEL, brokerRating, formatMcNumber } from '@app/domain/brokers/brokers.rules';
import type { BrokerCompany } from '@app/domain/brokers/brokers.schema';
import { currentLang } from '@/i18n/i18n';
import { searchBrokerCompanies } from '@/lib/broker-search';
import { BlacklistedChip } from '../load-status-chip';
import { useDebouncedValue } from '@/components/address-autocomplete/use-debounced-value';

// A broker company chosen from the company's brokers by name or MC number, through the spec's
// GET brokers/broker-company/search {name}. The first brokers are listed as soon as the list opens; typed
// text is searched once the user pauses. Each choice shows its MC number, its rating colour and, for a
// blacklisted broker, the mark the load lists show, so that nobody books with one unawares. Until the
// search has answered for the text as typed, the list shows only that it is searching: a quick click must
// never pick a broker of the previous, unfiltered answer.

const SEARCH_DEBOUNCE_MS = 300;

export type BrokerCompanyChoice = { id: number; name: string };

/** The broker's own phone and e-mail, for the form's contact fields that are still empty. */
export type BrokerContact = { phone: string | null; email: string | null };

/** A broker as the picker lists it: name, MC number, rating, blacklist mark and its contact. */
type BrokerChoice = Pick<BrokerCompany, 'id' | 'name' | 'mc_number' | 'in_blacklist' | 'phone' | 'email'> & {
  rating: BrokerCompany['rating']['id'];
};

/**
 * The search's cache key: under ['loads'], so that a change of a broker (the broker screens invalidate
 * ['loads']) refreshes the marks shown here.
 */
const searchKey = (text: string) => ['loads', 'lookups', 'search', 'broker-company', text] as const;

async function searchChoices(name: string, signal: AbortSignal): Promise<BrokerChoice[]> {
  const brokers = await searchBrokerCompanies(name, null, signal);
  return brokers.map((broker) => ({
    id: broker.id,
    name: broker.name,
    mc_number: broker.mc_number,
    in_blacklist: broker.in_blacklist,
    phone: broker.phone,
    email: broker.email,
    rating: broker.rating.id,
  }));
}

export type BrokerCompanyFieldProps = {
  id: string;
  label: string;
  value: { id?: number | null; name?: string | null } | null;
  onChange: (value: BrokerCompanyChoice | null) => void;
  /** A broker was chosen from the search: its phone and e-mail. */
  onContact?: (contact: BrokerContact) => void;
  onBlur?: () => void;
  error?: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
};

function asChoice(value: BrokerCompanyFieldProps['value']): BrokerChoice | null {
  return value && typeof value.id === 'number' && value.name
    ? {
        id: value.id,
        name: value.name,
        mc_number: null,
        in_blacklist: false,
        phone: null,
        email: null,
        rating: 1,
      }
    : null;
}

function RatingDot({ rating }: { rating: number }) {
  const { name, color } = brokerRating(rating, currentLang());
  return (
    <Box
      component="span"
      title={name}
      aria-label={name}
      sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: color, flex: 'none', alignSelf: 'center' }}
    />
  );
}

export function BrokerCompanyField(props: BrokerCompanyFieldProps) {
  const { t } = useTranslation();
  const given = asChoice(props.value);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  // The broker as the search found it (rating, blacklist), while it is the chosen one.
  const [picked, setPicked] = useState<BrokerChoice | null>(null);
  const searchText = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);

  const search = useQuery({
    queryKey: searchKey(searchText),
    queryFn: ({ signal }) => searchChoices(searchText, signal),
    enabled: (open || searchText.length > 0) && !props.disabled,
    staleTime: 60_000,
    retry: false,
  });

  // While the debounce waits or the search for the typed text runs, the last answer is for other text.
  const typing = text.trim() !== searchText;
  const current = !typing && !search.isFetching;
  const found = current ? (search.data ?? []) : [];
  const selected =
    given === null
      ? null
      : (found.find((option) => option.id === given.id) ?? (picked?.id === given.id ? picked : given));
  const options =
    current && selected && !found.some((option) => option.id === selected.id) ? [selected, ...found] : found;
  const blacklisted = selected?.in_blacklist === true;
  const noOptionsText = search.isError ? t('loadForm.broker.searchFailed') : t('loadForm.broker.noneFound');
  const hint = props.error ?? (blacklisted ? BLACKLISTED_BROKER_LABEL[currentLang()] : props.helperText);

  return (
    <Autocomplete<BrokerChoice, false, false, false>
      id={props.id}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={selected}
      onInputChange={(_event, next, reason) => {
        // Typing searches; the chosen name written into the box after a choice does not.
        if (reason === 'input' || reason === 'clear') setText(next);
        if (reason === 'reset') setText('');
      }}
      onChange={(_event, option) => {
        setPicked(option);
        props.onChange(option ? { id: option.id, name: option.name } : null);
        if (option) props.onContact?.({ phone: option.phone, email: option.email });
      }}
      onBlur={props.onBlur}
      filterOptions={(list) => list}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.id}
      autoHighlight
      disabled={props.disabled}
      loading={!current}
      loadingText={t('loadForm.broker.searching')}
      noOptionsText={noOptionsText}
      renderOption={(optionProps, option) => {
        const { key, ...rest } = optionProps;
        return (
          <li key={key} {...rest}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', minWidth: 0, width: '100%' }}>
              <RatingDot rating={option.rating} />
              <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
                {option.name}
              </Typography>
              {option.mc_number && (
                <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMcNumber(option.mc_number)}
                </Typography>
              )}
              {option.in_blacklist && (
                <Box component="span" sx={{ ml: 'auto', alignSelf: 'center' }}>
                  <BlacklistedChip />
                </Box>
              )}
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          required={props.required}
          error={Boolean(props.error)}
          helperText={hint}
          placeholder={t('loadForm.broker.typeToSearch')}
          slotProps={{
            ...params.slotProps,
            formHelperText: { sx: blacklisted && !props.error ? { color: 'error.main' } : undefined },
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {!current && <CircularProgress color="inherit" size={16} aria-hidden />}
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
