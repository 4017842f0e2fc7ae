import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { selectableVehicleStatuses } from '@app/domain/units/location-dialog.rules';
import type { Vehicle } from '@app/domain/units/units.schema';
import { vehicleStatusChangeRefusal } from '@app/domain/units/vehicle.rules';
import { currentLang } from '@/i18n/i18n';
import { toastSuccess } from '@/lib/messages';
import { useBulkUpdateVehicleStatus } from '../api/bulk-update-vehicle-status';
import { ActionError } from './action-error';

type BulkStatusBarProps = {
  vehicles: readonly Vehicle[];
  onDone: () => void;
  onCancel: () => void;
};

/**
 * Sets the chosen vehicles to Available or Not available at once, all or none: vehicles on load keep their
 * status, so the change is refused (and named) when any of them is on load.
 */
export function BulkStatusBar({ vehicles, onDone, onCancel }: BulkStatusBarProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const bulk = useBulkUpdateVehicleStatus();
  // The server would refuse the change with vehicles_on_load: say so, and why, before it is sent.
  const onLoad = vehicles.filter((vehicle) => vehicleStatusChangeRefusal(vehicle.status.id) !== null);
  const refusal =
    onLoad.length > 0
      ? t('errors.codes.vehicles_on_load', { units: onLoad.map((vehicle) => vehicle.unit_id).join(', ') })
      : null;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, flex: 1, py: 0.75 }}>
      <Box
        role="toolbar"
        aria-label={t('vehicles.bulk.toolbar')}
        sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="subtitle2">{t('vehicles.bulk.selected', { count: vehicles.length })}</Typography>
        {selectableVehicleStatuses.map((status) => (
          <Button
            key={status.id}
            variant="outlined"
            disabled={bulk.isPending || refusal !== null}
            onClick={() =>
              bulk.mutate(
                { ids: vehicles.map((vehicle) => vehicle.id), status: status.id as 1 | 2 },
                {
                  onSuccess: () => {
                    toastSuccess();
                    onDone();
                  },
                },
              )
            }
          >
            {t('vehicles.actions.setStatus', { status: status[lang] })}
          </Button>
        ))}
        <Button color="inherit" onClick={onCancel} disabled={bulk.isPending}>
          {t('vehicles.bulk.clear')}
        </Button>
      </Box>
      {refusal && (
        <Typography variant="body2" color="warning.main" role="status">
          {refusal}
        </Typography>
      )}
      <ActionError error={bulk.error} onClose={() => bulk.reset()} />
    </Box>
  );
}
