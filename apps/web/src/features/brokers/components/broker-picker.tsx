import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMcNumber } from '@app/domain/brokers/brokers.rules';
import type { BrokerCompany } from '@app/domain/brokers/brokers.schema';
import { useDebouncedValue } from '@/components/address-autocomplete/use-debounced-value';
import { useBrokerSearch } from '../api/search-brokers';
import { BlacklistChip } from './blacklist-chip';
import { RatingChip } from './rating-chip';

export const BROKER_SEARCH_DEBOUNCE_MS = 300;

type BrokerPickerProps = {
  label: string;
  value: BrokerCompany | null;
  onChange: (broker: BrokerCompany | null) => void;
  /** false: only brokers off the blacklist; true: only blacklisted ones; null: every broker. */
  inBlacklist?: boolean | null;
  autoFocus?: boolean;
  error?: string;
  /** Empties itself after each choice (a 'find and open' box). */
  clearOnChoose?: boolean;
};

/**
 * A broker company found by name or MC number (GET brokers/broker-company/search, debounced). The first
 * brokers are listed as soon as it opens; each shows its MC number, rating and blacklist mark. While a
 * search is waiting or running the list shows only that it is searching.
 */
export function BrokerPicker({
  label,
  value,
  onChange,
  inBlacklist = null,
  autoFocus,
  error,
  clearOnChoose = false,
}: BrokerPickerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const searchText = useDebouncedValue(text.trim(), BROKER_SEARCH_DEBOUNCE_MS);
  const search = useBrokerSearch(searchText, inBlacklist);
  const typing = text.trim() !== searchText;
  // Only an answer for the text as typed can be chosen: the previous one may list another broker first.
  const current = !typing && !search.isFetching;

  return (
    <Autocomplete<BrokerCompany>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      inputValue={clearOnChoose ? text : undefined}
      options={current ? (search.data ?? []) : []}
      loading={!current}
      filterOptions={(list) => list}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.id}
      autoHighlight
      onInputChange={(_event, input, reason) => {
        if (reason === 'input' || reason === 'clear') setText(input);
        if (reason === 'reset' && clearOnChoose) setText('');
      }}
      onChange={(_event, option) => {
        onChange(option);
        if (clearOnChoose) setText('');
      }}
      loadingText={t('brokers.picker.searching')}
      noOptionsText={search.isError ? t('brokers.picker.failed') : t('brokers.picker.none')}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="body1" noWrap>
                {option.name}
              </Typography>
              {option.mc_number && (
                <Typography variant="caption" color="text.secondary">
                  {formatMcNumber(option.mc_number)}
                </Typography>
              )}
            </Box>
            {option.in_blacklist && <BlacklistChip />}
            <RatingChip rating={option.rating.id} />
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={error}
          placeholder={t('brokers.picker.placeholder')}
        />
      )}
    />
  );
}
