import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { dateTimeInputToIso, isoToDateTimeInput } from '@app/domain/loads/load-form.rules';
import type { Vehicle } from '@app/domain/units/units.schema';
import { trackingPauseError, trackingState } from '@app/domain/units/vehicle.rules';
import { DateTimeInput } from '@/components/date-time-input/date-time-input';
import { toastSuccess } from '@/lib/messages';
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
  const untilIso = dateTimeInputToIso(until);
  const pauseError =
    choice !== 'paused'
      ? null
      : untilIso === null
        ? t('vehicles.tracking.untilRequired')
        : (() => {
            const error = trackingPauseError(untilIso, new Date());
            return error ? messageText(error) : null;
          })();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pauseError || save.isPending) return;
    save.mutate(
      {
        id: vehicle.id,
        body: {
          is_tracking_active: choice === 'on',
          inactive_tracking_until: choice === 'paused' ? untilIso : null,
        },
      },
      {
        onSuccess: () => {
          toastSuccess();
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="tracking-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="tracking-title">
          {t('vehicles.tracking.title', { unit: vehicle.unit_id })}
        </DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <RadioGroup
              aria-label={t('vehicles.tracking.title', { unit: vehicle.unit_id })}
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
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('unitsCommon.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={Boolean(pauseError) || save.isPending}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
