import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { EQUIPMENT_FLAGS, VEHICLE_TYPES } from '@app/domain/common/lookups';
import type { EquipmentFlag } from '@app/domain/common/lookups';
import { MAX_VEHICLE_DRIVERS, vehicleUpdateSchema } from '@app/domain/units/units.schema';
import type { Vehicle, VehicleUpdateInput } from '@app/domain/units/units.schema';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { FormSection } from '@/components/form-dialog/form-section';
import { useDialogForm } from '@/components/form-dialog/use-dialog-form';
import { RegionField } from '@/components/region-field/region-field';
import { DispatcherPicker } from '@/components/search-picker/dispatcher-picker';
import { SearchMultiPicker, SearchPicker } from '@/components/search-picker/search-picker';
import type { PickerOption } from '@/components/search-picker/search-picker';
import { currentLang } from '@/i18n/i18n';
import { searchDrivers } from '@/lib/driver-search';
import { searchOwners } from '../api/owner-list';
import { useUpdateVehicle } from '../api/update-vehicle';
import { ActionError } from './action-error';
import { useUnitsMessageText } from './units-messages';
import { personName } from './vehicle-display';

type TextFieldName =
  | 'unit_id'
  | 'model'
  | 'year'
  | 'width'
  | 'height'
  | 'length'
  | 'payload'
  | 'vin'
  | 'license_plate'
  | 'license_expiry'
  | 'insurance_expiry';

type FormValues = Record<TextFieldName, string> & {
  transport_type: Vehicle['transport_type'];
  license_state: string | null;
  equipment: Partial<Record<EquipmentFlag, boolean>>;
  dispatcher: number | null;
  owner: PickerOption | null;
  drivers: PickerOption[];
  active_driver: number | null;
};

const text = (value: string | number | null) => (value === null ? '' : String(value));

function initialValues(vehicle: Vehicle): FormValues {
  return {
    unit_id: vehicle.unit_id,
    transport_type: vehicle.transport_type,
    model: text(vehicle.model),
    year: text(vehicle.year),
    width: text(vehicle.width),
    height: text(vehicle.height),
    length: text(vehicle.length),
    payload: text(vehicle.payload),
    vin: text(vehicle.vin),
    license_plate: text(vehicle.license_plate),
    license_state: vehicle.license_state,
    license_expiry: text(vehicle.license_expiry),
    insurance_expiry: text(vehicle.insurance_expiry),
    equipment: { ...vehicle.equipment },
    dispatcher: vehicle.dispatcher?.id ?? null,
    owner: vehicle.owner
      ? { id: vehicle.owner.id, label: vehicle.owner.full_name, detail: vehicle.owner.company_name }
      : null,
    drivers: vehicle.drivers.map((driver) => ({ id: driver.id, label: driver.full_name, detail: null })),
    active_driver: vehicle.active_driver?.id ?? null,
  };
}

/** The body of PUT cars/{id}/update: every field, empty ones cleared. */
export function vehicleUpdateBody(values: FormValues): VehicleUpdateInput {
  return {
    unit_id: values.unit_id,
    transport_type: values.transport_type,
    model: values.model,
    year: values.year,
    width: values.width,
    height: values.height,
    length: values.length,
    payload: values.payload,
    vin: values.vin,
    license_plate: values.license_plate,
    license_state: values.license_state,
    license_expiry: values.license_expiry,
    insurance_expiry: values.insurance_expiry,
    equipment: values.equipment,
    dispatcher: values.dispatcher,
    owner: values.owner?.id ?? null,
    drivers: values.drivers.map((driver) => driver.id),
    active_driver: values.active_driver,
  };
}

/**
 * Every detail of a vehicle as the spec names them: unit ID, transport type, model, year, dimensions and
 * payload, VIN, licence plate and state, licence and insurance expiry, equipment, dispatcher, owner,
 * drivers (at most five) and the active driver among them. Checked with the API's own schema as the user
 * types once Save has been pressed; a refused save keeps the dialog open and filled.
 */
export function VehicleEditDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const save = useUpdateVehicle();
  const form = useDialogForm({
    initial: () => initialValues(vehicle),
    check: (values) => vehicleUpdateSchema.safeParse(vehicleUpdateBody(values)),
    save,
    messageText: useUnitsMessageText(),
    onClose,
  });
  const { values, setValues, set, error, bind, textField } = form;

  const submit = (event: FormEvent) =>
    form.submit(event, (done) => save.mutate({ id: vehicle.id, body: vehicleUpdateBody(values) }, done));

  const unitAdornment = (unit: string) => ({
    input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
    htmlInput: { inputMode: 'numeric' as const },
  });
  const dateProps = { type: 'date', slotProps: { inputLabel: { shrink: true } } } as const;

  // The vehicle's own dispatcher is named before the company's list is fetched.
  const dispatcherLabel =
    vehicle.dispatcher?.id === values.dispatcher ? personName(vehicle.dispatcher) : undefined;

  return (
    <FormDialog
      titleId="vehicle-edit-title"
      title={t('vehicles.edit.title', { unit: vehicle.unit_id })}
      size="md"
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      cancelLabel={t('unitsCommon.cancel')}
      submitLabel={t('common.save')}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 0.5 }}>
        <Group title={t('vehicles.edit.unit')}>
          {textField('unit_id', t('vehicles.fields.unitId'), { required: true, autoFocus: true })}
          <TextField
            select
            label={t('vehicles.fields.transportType')}
            value={values.transport_type}
            onChange={(event) => set('transport_type', event.target.value as FormValues['transport_type'])}
            required
            fullWidth
          >
            {VEHICLE_TYPES.map((type) => (
              <MenuItem key={type.id} value={type.id}>
                {type[lang]}
              </MenuItem>
            ))}
          </TextField>
          {textField('model', t('vehicles.fields.model'))}
          {textField('year', t('vehicles.fields.year'), {
            slotProps: { htmlInput: { inputMode: 'numeric' } },
          })}
        </Group>
        <Group title={t('vehicles.edit.dimensions')}>
          {textField('length', t('vehicles.fields.length'), {
            slotProps: unitAdornment(t('vehicles.units.inches')),
          })}
          {textField('width', t('vehicles.fields.width'), {
            slotProps: unitAdornment(t('vehicles.units.inches')),
          })}
          {textField('height', t('vehicles.fields.height'), {
            slotProps: unitAdornment(t('vehicles.units.inches')),
          })}
          {textField('payload', t('vehicles.fields.payload'), {
            slotProps: unitAdornment(t('vehicles.units.pounds')),
          })}
        </Group>
        <Group title={t('vehicles.edit.documents')}>
          {textField('vin', t('vehicles.fields.vin'), {
            slotProps: { htmlInput: { maxLength: 17, style: { textTransform: 'uppercase' } } },
          })}
          {textField('license_plate', t('vehicles.fields.licensePlate'), {
            slotProps: { htmlInput: { maxLength: 15, style: { textTransform: 'uppercase' } } },
          })}
          <RegionField label={t('vehicles.fields.licenseState')} {...bind('license_state')} />
          <Box />
          {textField('license_expiry', t('vehicles.fields.licenseExpiry'), dateProps)}
          {textField('insurance_expiry', t('vehicles.fields.insuranceExpiry'), dateProps)}
        </Group>
        <Group title={t('vehicles.edit.people')}>
          <DispatcherPicker
            label={t('vehicles.fields.dispatcher')}
            value={values.dispatcher}
            valueLabel={dispatcherLabel}
            onChange={(id) => set('dispatcher', id)}
            error={error('dispatcher')}
          />
          <SearchPicker
            kind="owner"
            label={t('vehicles.fields.owner')}
            search={searchOwners}
            {...bind('owner')}
          />
          <Box sx={{ gridColumn: { sm: 'span 2' } }}>
            <SearchMultiPicker
              kind="driver"
              label={t('vehicles.fields.drivers')}
              search={searchDrivers}
              value={values.drivers}
              max={MAX_VEHICLE_DRIVERS}
              onChange={(drivers) =>
                setValues((current) => ({
                  ...current,
                  drivers,
                  // The active driver is one of the drivers; removing him leaves none active.
                  active_driver: drivers.some((driver) => driver.id === current.active_driver)
                    ? current.active_driver
                    : drivers.length === 1
                      ? drivers[0]!.id
                      : null,
                }))
              }
              error={error('drivers')}
            />
          </Box>
          <TextField
            select
            label={t('vehicles.fields.activeDriver')}
            value={values.active_driver ?? ''}
            onChange={(event) =>
              set('active_driver', event.target.value === '' ? null : Number(event.target.value))
            }
            disabled={values.drivers.length === 0}
            error={Boolean(error('active_driver'))}
            helperText={error('active_driver')}
            fullWidth
          >
            <MenuItem value="">{t('vehicles.edit.noActiveDriver')}</MenuItem>
            {values.drivers.map((driver) => (
              <MenuItem key={driver.id} value={driver.id}>
                {driver.label}
              </MenuItem>
            ))}
          </TextField>
        </Group>
        <FormSection title={t('vehicles.fields.equipment')}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
            {EQUIPMENT_FLAGS.map((flag) => (
              <FormControlLabel
                key={flag.id}
                control={
                  <Checkbox
                    size="small"
                    checked={values.equipment[flag.id] === true}
                    onChange={(event) =>
                      set('equipment', { ...values.equipment, [flag.id]: event.target.checked })
                    }
                  />
                }
                label={flag[lang]}
              />
            ))}
          </Box>
        </FormSection>
        <ActionError error={save.error} onClose={() => save.reset()} />
      </Box>
    </FormDialog>
  );
}

/** A titled group of fields, two or four in a row as the screen allows. */
function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <FormSection title={title}>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        {children}
      </Box>
    </FormSection>
  );
}
