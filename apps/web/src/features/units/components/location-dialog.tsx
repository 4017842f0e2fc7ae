import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { LOCATION_STATUSES } from '@app/domain/common/lookups';
import type { LocationStatusId } from '@app/domain/common/lookups';
import { dateTimeInputToIso, isoToDateTimeInput } from '@app/domain/loads/load-form.rules';
import {
  canChangeLocationType,
  isLocationSaveDisabled,
  isLocationTypeOptionDisabled,
  isOnLoad,
  locationTypeAfterPlannedCleared,
  locationTypeHint,
  locationUpdateRefusal,
  locationUpdateStatus,
  selectableVehicleStatuses,
} from '@app/domain/units/location-dialog.rules';
import type { LocationUpdateInput, Vehicle } from '@app/domain/units/units.schema';
import { locationAgeLabel } from '@app/domain/units/vehicle.rules';
import { AddressAutocomplete } from '@/components/address-autocomplete/address-autocomplete';
import type { AddressValue } from '@/components/address-autocomplete/address-value';
import { DateTimeInput } from '@/components/date-time-input/date-time-input';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { FormSection } from '@/components/form-dialog/form-section';
import { closeOnSuccess } from '@/components/form-dialog/use-dialog-form';
import { currentLang } from '@/i18n/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { useCompanyMapsKey } from '@/lib/geo/use-maps-key';
import { useUpdateVehicleLocation } from '../api/update-vehicle-location';
import { ActionError } from './action-error';
import { addressValueOf, personName, placeInputOf, vehicleStatusName } from './vehicle-display';

type LocationDialogProps = {
  vehicle: Vehicle;
  onClose: () => void;
};

/**
 * The vehicle location dialog of the spec: the current location, the planned location with the date-time
 * the vehicle is free there, the location type (current, planned or both) and the status chips (only
 * Available and Not available; an On load vehicle shows a fixed On load chip). Save follows the domain's
 * rules as the user edits; the server applies them again and a refusal is shown here, with nothing typed
 * lost.
 */
export function LocationDialog({ vehicle, onClose }: LocationDialogProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const user = useCurrentUser();
  const mapsKey = useCompanyMapsKey();
  const save = useUpdateVehicleLocation();

  const vehicleStatus = vehicle.status.id;
  const [current, setCurrent] = useState<AddressValue | null>(() => addressValueOf(vehicle.location));
  const [planned, setPlanned] = useState<AddressValue | null>(() => addressValueOf(vehicle.future_location));
  const [availableDate, setAvailableDate] = useState<string | null>(() =>
    vehicle.future_location ? isoToDateTimeInput(vehicle.future_location.available_date) : null,
  );
  const [locationType, setLocationType] = useState<LocationStatusId>(vehicle.location_status);
  const [chosenStatus, setChosenStatus] = useState<number>(vehicleStatus);

  const onLoad = isOnLoad(vehicleStatus);
  const lockInput = {
    vehicleStatus: vehicleStatus,
    role: user.role,
    isSuperuser: user.is_superuser,
    companyAllowsDispatchersOnLoadSearch:
      user.company_instance?.can_dispatchers_search_loads_for_on_load_unit === true,
  };
  const locked = !canChangeLocationType(lockInput);
  const hint = locationTypeHint(lockInput, lang);
  // Text typed in the date input that is not yet a whole date-time counts as no date.
  const availableIso = dateTimeInputToIso(availableDate);
  const plannedAddress = planned?.formatted_address ?? null;

  const saveDisabled = isLocationSaveDisabled({
    currentAddress: current?.formatted_address,
    plannedAddress,
    availableDate: availableIso,
    locationType,
    vehicleStatus: vehicleStatus,
  });
  const status = locationUpdateStatus(vehicleStatus, chosenStatus);
  // Why Save is disabled, in the words the server would use.
  const blockReason = saveDisabled
    ? locationUpdateRefusal({
        vehicle: { status: vehicleStatus, location_status: vehicle.location_status },
        update: {
          location: current ? { address: current.formatted_address } : null,
          future_location: planned
            ? { address: planned.formatted_address, available_date: availableIso }
            : null,
          location_status: locationType,
          status,
        },
        ...lockInput,
      })
    : null;

  const choosePlanned = (value: AddressValue | null) => {
    setPlanned(value);
    setLocationType((type) => locationTypeAfterPlannedCleared(value?.formatted_address, type));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saveDisabled || save.isPending || !current) return;
    const body: LocationUpdateInput = {
      location: placeInputOf(current),
      future_location: planned ? { ...placeInputOf(planned), available_date: availableIso } : null,
      location_status: locationType,
      // locationUpdateStatus only answers a selectable status (Available or Not available).
      ...(status !== undefined && { status: status as LocationUpdateInput['status'] }),
    };
    save.mutate({ id: vehicle.id, body }, closeOnSuccess(onClose));
  };

  const now = new Date();
  const stamp = (place: Vehicle['location'] | Vehicle['future_location']) =>
    place && place.last_update_time
      ? t('locationDialog.updatedBy', {
          name: personName(place.updated_by) || t('locationDialog.someone'),
          age: locationAgeLabel(place.last_update_time, now, lang),
        })
      : undefined;

  return (
    <FormDialog
      titleId="location-dialog-title"
      title={t('locationDialog.title', { unit: vehicle.unit_id })}
      size="sm"
      pending={save.isPending}
      submitDisabled={saveDisabled}
      onSubmit={submit}
      onClose={onClose}
      cancelLabel={t('unitsCommon.cancel')}
      submitLabel={t('common.save')}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 0.5 }}>
        <Box role="radiogroup" aria-label={t('locationDialog.status')} sx={{ display: 'flex', gap: 1 }}>
          {onLoad ? (
            <Chip
              role="radio"
              aria-checked
              aria-disabled
              color="primary"
              label={vehicleStatusName(vehicleStatus, lang)}
            />
          ) : (
            selectableVehicleStatuses.map((option) => {
              const selected = chosenStatus === option.id;
              return (
                <Chip
                  key={option.id}
                  role="radio"
                  aria-checked={selected}
                  label={option[lang]}
                  color={selected ? (option.id === 1 ? 'success' : 'secondary') : 'default'}
                  variant={selected ? 'filled' : 'outlined'}
                  onClick={() => setChosenStatus(option.id)}
                />
              );
            })
          )}
          {!onLoad && !selectableVehicleStatuses.some((option) => option.id === vehicleStatus) && (
            <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
              {t('locationDialog.statusNow', { status: vehicleStatusName(vehicleStatus, lang) })}
            </Typography>
          )}
        </Box>

        <FormSection title={t('locationDialog.current')}>
          <AddressAutocomplete
            label={t('locationDialog.currentAddress')}
            value={current}
            onChange={setCurrent}
            error={current ? undefined : t('locationDialog.currentRequired')}
            helperText={stamp(vehicle.location)}
            googleMapsKey={mapsKey}
            autoFocus={!current}
          />
        </FormSection>

        <FormSection title={t('locationDialog.planned')}>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '3fr 2fr' } }}>
            <AddressAutocomplete
              label={t('locationDialog.plannedAddress')}
              value={planned}
              onChange={choosePlanned}
              helperText={stamp(vehicle.future_location)}
              googleMapsKey={mapsKey}
            />
            <DateTimeInput
              label={t('locationDialog.availableDate')}
              value={availableDate}
              onChange={setAvailableDate}
              error={Boolean(planned) && !availableIso}
              helperText={
                planned && !availableIso
                  ? t('locationDialog.availableDateRequired')
                  : t('shell.easternTimeNote')
              }
            />
          </Box>
        </FormSection>

        <FormSection title={t('locationDialog.locationType')}>
          <RadioGroup
            row
            aria-label={t('locationDialog.locationType')}
            value={locationType}
            onChange={(event) => setLocationType(Number(event.target.value) as LocationStatusId)}
          >
            {LOCATION_STATUSES.map((option) => (
              <FormControlLabel
                key={option.id}
                value={option.id}
                control={<Radio size="small" />}
                label={t(`locationDialog.type.${option.name}`)}
                disabled={isLocationTypeOptionDisabled(option.id, { plannedAddress, locked })}
              />
            ))}
          </RadioGroup>
          {hint && (
            <Typography variant="body2" color="text.secondary" role="note">
              {hint}
            </Typography>
          )}
        </FormSection>

        {blockReason && (
          <Alert severity="info" variant="outlined" role="status">
            {t(`errors.codes.${blockReason.code}`)}
          </Alert>
        )}
        <ActionError error={save.error} onClose={() => save.reset()} />
      </Box>
    </FormDialog>
  );
}
