import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDebouncedValue } from '@/components/address-autocomplete/use-debounced-value';
import { useOwnerCompanies } from '../api/owner-companies';

export const OWNER_COMPANY_DEBOUNCE_MS = 300;

type OwnerCompanyFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
};

/**
 * The owner's company: typed freely, with the company names other owners already have offered as the user
 * types, so that one fleet is spelled one way.
 */
export function OwnerCompanyField({ label, value, onChange, error }: OwnerCompanyFieldProps) {
  const { t } = useTranslation();
  const name = useDebouncedValue(value.trim(), OWNER_COMPANY_DEBOUNCE_MS);
  const companies = useOwnerCompanies(name);
  const options = (companies.data?.results ?? []).filter((company) => company.company_name !== value);

  return (
    <Autocomplete
      freeSolo
      options={options}
      inputValue={value}
      onInputChange={(_event, input) => onChange(input.slice(0, 150))}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.company_name)}
      filterOptions={(list) => list}
      loading={companies.isFetching}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex' }}>
            <span>{option.company_name}</span>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 'auto', pl: 1 }}>
              {t('owners.companyOwners', { count: option.owners_count })}
            </Typography>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField {...params} label={label} error={Boolean(error)} helperText={error} />
      )}
    />
  );
}
