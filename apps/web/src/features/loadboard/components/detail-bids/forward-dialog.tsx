import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { forwardAudience } from '@app/domain/bids/driver-bids.rules';
import type { BoardLoad } from '@app/domain/loadboard/loadboard.schema';
import type { Vehicle } from '@app/domain/units/units.schema';
import { showBidSnackbar } from '@/components/bid-snackbar/bid-snackbar';
import { ErrorAlert } from '@/components/error-messages/error-alert';
import { FormDialog } from '@/components/form-dialog/form-dialog';
import { useDialogAction } from '@/components/form-dialog/use-dialog-action';
import { useFleet, useForwardLoad } from './detail-bids-api';
import { loadNumberOf, useDetailBidMessageText } from './detail-bids-display';

/** A unit whose driver and owner see no loads (the units' switch) is not active: no forward reaches it. */
export function isNotActive(vehicle: Vehicle): boolean {
  return (
    forwardAudience({
      active_driver_id: vehicle.active_driver?.id ?? null,
      owner_id: vehicle.owner?.id ?? null,
      loads_allowed_for_driver: vehicle.loads_allowed_for_driver,
      loads_allowed_for_owner: vehicle.loads_allowed_for_owner,
    }).skip === 'not_active'
  );
}

/** Forward to trucks: the drivers and owners of the chosen units see the load on their phone page and bid. */
export function ForwardDialog({ load, onClose }: { load: BoardLoad; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useDetailBidMessageText();
  const [search, setSearch] = useState('');
  const fleet = useFleet(search.trim());
  const forward = useForwardLoad();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const { pending, error, run } = useDialogAction(onClose);
  const number = loadNumberOf(load);

  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = () => {
    if (chosen.size === 0 || pending) return;
    void run(async () => {
      const answer = await forward.mutateAsync({ load_id: load.id, vehicle_ids: [...chosen] });
      showBidSnackbar({
        messageKey: answer.skipped.length > 0 ? 'bids.snackbar.forwardedSkipped' : 'bids.snackbar.forwarded',
        values: {
          number,
          count: answer.forwarded.length,
          units: answer.skipped.map((skip) => skip.unit_id).join(', '),
        },
        severity: answer.skipped.length > 0 ? 'warning' : 'success',
      });
    });
  };

  return (
    <FormDialog
      titleId="forward-dialog-title"
      title={t('bids.section.forwardTitle', { number })}
      pending={pending}
      submitDisabled={chosen.size === 0}
      onConfirm={submit}
      onClose={onClose}
      cancelLabel={t('bids.actions.cancel')}
      submitLabel={t('bids.section.forwardSubmit', { count: chosen.size })}
      size="sm"
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, pt: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t('bids.section.forwardHint')}
        </Typography>
        <TextField
          type="search"
          autoFocus
          label={t('bids.section.searchUnits')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {fleet.isFetching && <LinearProgress aria-label={t('common.loading')} sx={{ height: 2 }} />}
        {fleet.isError && <Alert severity="error">{t('bids.section.fleetFailed')}</Alert>}
        <Box
          component="ul"
          aria-label={t('bids.section.units')}
          sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 360, overflowY: 'auto' }}
        >
          {(fleet.data?.results ?? []).map((vehicle) => {
            const notActive = isNotActive(vehicle);
            const label = [vehicle.unit_id, vehicle.active_driver?.full_name, vehicle.owner?.full_name]
              .filter(Boolean)
              .join(' · ');
            const row = (
              <Box
                component="li"
                key={vehicle.id}
                sx={{ display: 'flex', alignItems: 'center', gap: 0.5, opacity: notActive ? 0.6 : 1 }}
              >
                <Checkbox
                  size="small"
                  checked={chosen.has(vehicle.id)}
                  disabled={notActive}
                  onChange={() => toggle(vehicle.id)}
                  slotProps={{ input: { 'aria-label': vehicle.unit_id } }}
                />
                <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }}>
                  {label}
                </Typography>
                {notActive && <Chip size="small" label={t('bids.section.notActive')} />}
              </Box>
            );
            return notActive ? (
              <Tooltip key={vehicle.id} title={t('bids.section.notActiveTooltip')} placement="left">
                {row}
              </Tooltip>
            ) : (
              row
            );
          })}
        </Box>
        <ErrorAlert error={error} messageText={message} />
      </Box>
    </FormDialog>
  );
}
