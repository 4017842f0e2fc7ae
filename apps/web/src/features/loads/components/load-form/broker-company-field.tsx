import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { http } from '@/lib/api';

// A broker company chosen from the company's brokers by name or MC number. The search is the spec's
// GET brokers/broker-company/search {name}; until the brokers issue builds it, the list stays empty and
// says the search failed, and nothing else on the form depends on it.

export const BROKER_COMPANY_SEARCH_PATH = '/backend/api/v2/brokers/broker-company/search';
const SEARCH_DEBOUNCE_MS = 300;

export type BrokerCompanyChoice = { id: number; name: string };

type BrokerCompanyOption = BrokerCompanyChoice & { mc_number: string | null };

type BrokerSearchAnswer =
  | { id: number; name: string; mc_number: string | null }[]
  | { results: { id: number; name: string; mc_number: string | null }[] };

export async function searchBrokerCompanies(
  name: string,
  signal?: AbortSignal,
): Promise<BrokerCompanyOption[]> {
  // Silent: a failed search is shown in the list, not as a page-wide error.
  const answer = await http.get<BrokerSearchAnswer>(BROKER_COMPANY_SEARCH_PATH, {
    query: { name },
    signal,
    silent: true,
  });
  const brokers = Array.isArray(answer) ? answer : answer.results;
  return brokers.map(({ id, name: brokerName, mc_number }) => ({ id, name: brokerName, mc_number }));
}

export type BrokerCompanyFieldProps = {
  id: string;
  label: string;
  value: { id?: number | null; name?: string | null } | null;
  onChange: (value: BrokerCompanyChoice | null) => void;
  onBlur?: () => void;
  error?: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
};

function asChoice(value: BrokerCompanyFieldProps['value']): BrokerCompanyOption | null {
  return value && typeof value.id === 'number' && value.name
    ? { id: value.id, name: value.name, mc_number: null }
    : null;
}

export function BrokerCompanyField(props: BrokerCompanyFieldProps) {
  const { t } = useTranslation();
  const selected = asChoice(props.value);
  const [text, setText] = useState(selected?.name ?? '');
  const [searchText, setSearchText] = useState('');

  useEffect(() => {
    const typed = text.trim();
    const timer = setTimeout(
      () => setSearchText(typed && typed !== selected?.name ? typed : ''),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [text, selected?.name]);

  const search = useQuery({
    queryKey: ['brokers', 'broker-company', 'search', searchText] as const,
    queryFn: ({ signal }) => searchBrokerCompanies(searchText, signal),
    enabled: searchText.length > 0 && !props.disabled,
    staleTime: 60_000,
    retry: false,
  });

  const found = search.data ?? [];
  const options =
    selected && !found.some((option) => option.id === selected.id) ? [selected, ...found] : found;
  const noOptionsText = search.isError
    ? t('loadForm.broker.searchFailed')
    : searchText
      ? t('loadForm.broker.noneFound')
      : t('loadForm.broker.typeToSearch');

  return (
    <Autocomplete<BrokerCompanyOption, false, false, false>
      id={props.id}
      options={options}
      value={selected}
      inputValue={text}
      onInputChange={(_event, next) => setText(next)}
      onChange={(_event, option) => props.onChange(option ? { id: option.id, name: option.name } : null)}
      onBlur={props.onBlur}
      filterOptions={(list) => list}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.id}
      autoHighlight
      disabled={props.disabled}
      loading={search.isFetching}
      loadingText={t('loadForm.broker.searching')}
      noOptionsText={noOptionsText}
      renderOption={(optionProps, option) => {
        const { key, ...rest } = optionProps;
        return (
          <li key={key} {...rest}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', minWidth: 0 }}>
              <Typography variant="body2" noWrap>
                {option.name}
              </Typography>
              {option.mc_number && (
                <Typography variant="caption" color="text.secondary">
                  MC-{option.mc_number}
                </Typography>
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
          helperText={props.error ?? props.helperText}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {search.isFetching && <CircularProgress color="inherit" size={16} aria-hidden />}
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
