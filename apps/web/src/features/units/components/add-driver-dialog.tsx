import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { addDriverSchema } from '@app/domain/units/units.schema';
import type { AddDriverInput } from '@app/domain/units/units.schema';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { useDialogForm } from '@/components/form-dialog/use-dialog-form';
import { RegionField } from '@/components/region-field/region-field';
import { SearchPicker } from '@/components/search-picker/search-picker';
import type { PickerOption } from '@/components/search-picker/search-picker';
import { searchVehicles } from '@/lib/vehicle-search';
import { useAddDriver } from '../api/add-driver';
import { searchOwners } from '../api/owner-list';
import { ActionError } from './action-error';
import { useUnitsMessageText } from './units-messages';

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
  const add = useAddDriver();
  const form = useDialogForm({
    initial: () => EMPTY,
    check: (values) => addDriverSchema.safeParse(bodyOf(values)),
    save: add,
    messageText: useUnitsMessageText(),
    onClose,
  });
  const { values, bind, textField } = form;

  const submit = (event: FormEvent) => form.submit(event, (done) => add.mutate(bodyOf(values), done));

  return (
    <FormDialog
      titleId="add-driver-title"
      title={t('drivers.add.title')}
      size="sm"
      pending={add.isPending}
      onSubmit={submit}
      onClose={onClose}
      cancelLabel={t('unitsCommon.cancel')}
      submitLabel={t('drivers.add.submit')}
    >
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 0.5 }}>
        {textField('first_name', t('drivers.fields.firstName'), { required: true, autoFocus: true })}
        {textField('last_name', t('drivers.fields.lastName'), { required: true })}
        {textField('phone_number', t('drivers.fields.phone'), {
          required: true,
          type: 'tel',
          placeholder: '(555) 123-4567',
        })}
        {textField('email', t('drivers.fields.email'), { type: 'email' })}
        <SearchPicker
          kind="owner"
          label={t('drivers.fields.owner')}
          search={searchOwners}
          {...bind('owner')}
        />
        <SearchPicker
          kind="vehicle"
          label={t('drivers.fields.car')}
          search={searchVehicles}
          {...bind('car')}
        />
        {textField('license_number', t('drivers.fields.licenseNumber'))}
        <RegionField label={t('drivers.fields.licenseState')} {...bind('license_state')} />
        {textField('license_expiry', t('drivers.fields.licenseExpiry'), {
          type: 'date',
          slotProps: { inputLabel: { shrink: true } },
        })}
      </Box>
      <Box sx={{ mt: 1.5 }}>
        <ActionError error={add.error} onClose={() => add.reset()} />
      </Box>
    </FormDialog>
  );
}
