import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { dateTimeInputToIso, isoToDateTimeInput } from '@app/domain/loads/load-form.rules';
import type { Vehicle } from '@app/domain/units/units.schema';
import { trackingPauseError, trackingState } from '@app/domain/units/vehicle.rules';
import { DateTimeInput } from '@/components/date-time-input/date-time-input';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { closeOnSuccess } from '@/components/form-dialog/use-dialog-form';
import { useUpdateVehicleTracking } from '../api/update-vehicle-tracking';
import { ActionError } from './action-error';
import { useUnitsMessageText } from './units-messages';

type TrackingChoice = 'on' | 'paused' | 'off';

/**
 * Switches the vehicle's tracking on, pauses it until a date-time (Eastern, in the future), or switches it
 * off until someone switches it on again.
 */
export function TrackingDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  const { t } = useTranslation();
  const messageText = useUnitsMessageText();
  const save = useUpdateVehicleTracking();
  const [choice, setChoice] = useState<TrackingChoice>(() => trackingState(vehicle, new Date()).state);
  const [until, setUntil] = useState<string | null>(() =>
    vehicle.inactive_tracking_until ? isoToDateTimeInput(vehicle.inactive_tracking_until) : null,
  );

  /** Why the pause cannot be saved: no whole date-time yet, or one not in the future. */
  function untilError(iso: string | null): string | null {
    if (iso === null) return t('vehicles.tracking.untilRequired');
    const error = trackingPauseError(iso, new Date());
    return error ? messageText(error) : null;
  }

  const untilIso = dateTimeInputToIso(until);
  const pauseError = choice === 'paused' ? untilError(untilIso) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pauseError || save.isPending) return;
    const body = {
      is_tracking_active: choice === 'on',
      inactive_tracking_until: choice === 'paused' ? untilIso : null,
    };
    save.mutate({ id: vehicle.id, body }, closeOnSuccess(onClose));
  };

  const title = t('vehicles.tracking.title', { unit: vehicle.unit_id });
  return (
    <FormDialog
      titleId="tracking-title"
      title={title}
      size="xs"
      pending={save.isPending}
      submitDisabled={Boolean(pauseError)}
      onSubmit={submit}
      onClose={onClose}
      cancelLabel={t('unitsCommon.cancel')}
      submitLabel={t('common.save')}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <RadioGroup
          aria-label={title}
          value={choice}
          onChange={(event) => setChoice(event.target.value as TrackingChoice)}
        >
          <FormControlLabel
            value="on"
            control={<Radio size="small" />}
            label={t('vehicles.tracking.switchOn')}
          />
          <FormControlLabel
            value="paused"
            control={<Radio size="small" />}
            label={t('vehicles.tracking.pause')}
          />
          <FormControlLabel
            value="off"
            control={<Radio size="small" />}
            label={t('vehicles.tracking.switchOff')}
          />
        </RadioGroup>
        {choice === 'paused' && (
          <DateTimeInput
            label={t('vehicles.tracking.until')}
            value={until}
            onChange={setUntil}
            exactTime
            autoFocus
            error={Boolean(pauseError) && until !== null}
            helperText={(until !== null && pauseError) || t('shell.easternTimeNote')}
          />
        )}
        <ActionError error={save.error} onClose={() => save.reset()} />
      </Box>
    </FormDialog>
  );
}
