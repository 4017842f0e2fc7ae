import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { REGIONS } from '@app/domain/common/lookups';
import type { RegionEntry } from '@app/domain/common/lookups';
import { addDriverSchema } from '@app/domain/units/units.schema';
import type { AddDriverInput } from '@app/domain/units/units.schema';
import { SearchPicker } from '@/components/search-picker/search-picker';
import type { PickerOption } from '@/components/search-picker/search-picker';
import { currentLang } from '@/i18n/i18n';
import { toastSuccess } from '@/lib/messages';
import { useAddDriver } from '../api/add-driver';
import { searchOwners } from '../api/owner-list';
import { searchVehicles } from '../api/vehicle-list';
import { ActionError } from './action-error';
import { fieldErrorOf, useUnitsMessageText } from './units-messages';

type TextName = 'first_name' | 'last_name' | 'phone_number' | 'email' | 'license_number' | 'license_expiry';

type Values = Record<TextName, string> & {
  license_state: string | null;
  owner: PickerOption | null;
  car: PickerOption | null;
};

const EMPTY: Values = {
  first_name: '',
  last_name: '',
  phone_number: '',
  email: '',
  license_number: '',
  license_expiry: '',
  license_state: null,
  owner: null,
  car: null,
};

function bodyOf(values: Values): AddDriverInput {
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    phone_number: values.phone_number,
    email: values.email,
    owner: values.owner?.id ?? null,
    car: values.car?.id ?? null,
    license_number: values.license_number,
    license_state: values.license_state,
    license_expiry: values.license_expiry,
  };
}

/**
 * HR and managers add a driver: name and phone are required; e-mail, owner, the vehicle he drives and his
 * licence are optional. A refused save keeps everything typed.
 */
export function AddDriverDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const messageText = useUnitsMessageText();
  const add = useAddDriver();
  const [values, setValues] = useState<Values>(EMPTY);
  const [submitted, setSubmitted] = useState(false);

  const body = bodyOf(values);
  const parsed = addDriverSchema.safeParse(body);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  }
  const error = (field: string) => {
    const own = submitted ? errors[field] : undefined;
    return own ? messageText(own) : fieldErrorOf(add.error, field, messageText);
  };
  const set = <Name extends keyof Values>(name: Name, value: Values[Name]) =>
    setValues((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.success || add.isPending) return;
    add.mutate(body, {
      onSuccess: () => {
        toastSuccess();
        onClose();
      },
    });
  };

  const field = (name: TextName, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={values[name]}
      onChange={(event) => set(name, event.target.value)}
      error={Boolean(error(name))}
      helperText={error(name)}
      fullWidth
      {...extra}
    />
  );
  const region = REGIONS.find((entry) => entry.id === values.license_state) ?? null;

  return (
    <Dialog
      open
      onClose={add.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="add-driver-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="add-driver-title">{t('drivers.add.title')}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 0.5 }}>
            {field('first_name', t('drivers.fields.firstName'), { required: true, autoFocus: true })}
            {field('last_name', t('drivers.fields.lastName'), { required: true })}
            {field('phone_number', t('drivers.fields.phone'), {
              required: true,
              type: 'tel',
              placeholder: '(555) 123-4567',
            })}
            {field('email', t('drivers.fields.email'), { type: 'email' })}
            <SearchPicker
              kind="owner"
              label={t('drivers.fields.owner')}
              search={searchOwners}
              value={values.owner}
              onChange={(owner) => set('owner', owner)}
              error={error('owner')}
            />
            <SearchPicker
              kind="vehicle"
              label={t('drivers.fields.car')}
              search={searchVehicles}
              value={values.car}
              onChange={(car) => set('car', car)}
              error={error('car')}
            />
            {field('license_number', t('drivers.fields.licenseNumber'))}
            <Autocomplete<RegionEntry>
              value={region}
              options={REGIONS}
              getOptionLabel={(option) => `${option[lang]} (${option.id})`}
              groupBy={(option) => t(`vehicles.country.${option.country}`)}
              isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
              onChange={(_event, option) => set('license_state', option?.id ?? null)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('drivers.fields.licenseState')}
                  error={Boolean(error('license_state'))}
                  helperText={error('license_state')}
                />
              )}
            />
            {field('license_expiry', t('drivers.fields.licenseExpiry'), {
              type: 'date',
              slotProps: { inputLabel: { shrink: true } },
            })}
          </Box>
          <Box sx={{ mt: 1.5 }}>
            <ActionError error={add.error} onClose={() => add.reset()} />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={add.isPending}>
            {t('unitsCommon.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={add.isPending}>
            {t('drivers.add.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
