import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import type { Vehicle } from '@app/domain/units/units.schema';
import { isUnitNotActive, locationAgeLabel } from '@app/domain/units/vehicle.rules';
import {
  ActionsColumnHeader,
  CardList,
  ListTable,
  onOpenableCardKeyDown,
  OPENABLE_CARD_SX,
  OpenableRow,
} from '@/components/lists/list-table';
import { currentLang } from '@/i18n/i18n';
import { formatDateTime } from '@/lib/format';
import { DocumentFlags, NotActiveChip, TrackingText, VehicleStatusChip } from './vehicle-chips';
import { currentDriver, fullAddress, personName, placeText, vehicleTypeName } from './vehicle-display';
import { VehicleActionsMenu } from './vehicle-actions-menu';
import type { VehicleDialog } from './vehicle-actions-menu';

export type VehicleRowsProps = {
  vehicles: readonly Vehicle[];
  label: string;
  now: Date;
  onOpen: (vehicle: Vehicle) => void;
  onOpenDialog: (vehicle: Vehicle, dialog: VehicleDialog) => void;
  onActionError: (lines: string[]) => void;
  /** Set when the user may change statuses in bulk. */
  selection?: { ids: ReadonlySet<number>; onToggle: (id: number) => void; onToggleAll: () => void };
  /** Set when the user may open the location dialog. */
  canEditLocation: boolean;
};

function Lines({ main, detail }: { main: ReactNode; detail?: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <div>{main}</div>
      {detail && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {detail}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The vehicles table: status chips, where each truck is and how old that is, where and when it will be
 * free, who drives and owns it, its dispatcher, tracking and flagged documents. A row opens the vehicle's
 * card on click or Enter; the arrow keys, Home and End move between rows.
 */
export function VehiclesTable(props: VehicleRowsProps) {
  const { vehicles, label, now, onOpen, selection } = props;
  const { t } = useTranslation();
  const lang = currentLang();
  const documentLabels = { license: t('vehicles.license'), insurance: t('vehicles.insurance') };
  const allSelected =
    selection !== undefined && vehicles.length > 0 && vehicles.every((v) => selection.ids.has(v.id));
  const someSelected = selection !== undefined && vehicles.some((v) => selection.ids.has(v.id));

  return (
    <ListTable
      label={label}
      minWidth={960}
      endPadding={1}
      columns={
        <>
          {selection && (
            <TableCell padding="checkbox">
              <Checkbox
                checked={allSelected}
                indeterminate={someSelected && !allSelected}
                onChange={selection.onToggleAll}
                slotProps={{ input: { 'aria-label': t('vehicles.bulk.selectAll') } }}
              />
            </TableCell>
          )}
          <TableCell>{t('vehicles.columns.unit')}</TableCell>
          <TableCell>{t('vehicles.columns.statusTracking')}</TableCell>
          <TableCell>{t('vehicles.columns.location')}</TableCell>
          <TableCell>{t('vehicles.columns.planned')}</TableCell>
          <TableCell>{t('vehicles.columns.driverOwner')}</TableCell>
          <TableCell>{t('vehicles.columns.dispatcher')}</TableCell>
          <TableCell>{t('vehicles.columns.documents')}</TableCell>
          <ActionsColumnHeader label={t('vehicles.columns.actions')} />
        </>
      }
    >
      {vehicles.map((vehicle) => {
        const driver = currentDriver(vehicle);
        return (
          <OpenableRow
            key={vehicle.id}
            selected={selection?.ids.has(vehicle.id)}
            aria-label={vehicle.unit_id}
            onOpen={() => onOpen(vehicle)}
          >
            {selection && (
              <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                <Checkbox
                  checked={selection.ids.has(vehicle.id)}
                  onChange={() => selection.onToggle(vehicle.id)}
                  slotProps={{
                    input: { 'aria-label': t('vehicles.bulk.select', { unit: vehicle.unit_id }) },
                  }}
                />
              </TableCell>
            )}
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Lines
                main={
                  <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center' }}>
                    <Box component="span" sx={{ fontWeight: 600 }}>
                      {vehicle.unit_id}
                    </Box>
                    {isUnitNotActive(vehicle) && <NotActiveChip />}
                  </Box>
                }
                detail={vehicleTypeName(vehicle.transport_type, lang)}
              />
            </TableCell>
            <TableCell>
              <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
                <VehicleStatusChip status={vehicle.status.id} />
                <TrackingText vehicle={vehicle} now={now} caption />
              </Box>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {vehicle.location ? (
                <Lines
                  main={
                    <Box component="span" title={fullAddress(vehicle.location)} sx={{ whiteSpace: 'nowrap' }}>
                      {placeText(vehicle.location)}
                    </Box>
                  }
                  detail={locationAgeLabel(vehicle.location.last_update_time, now, lang)}
                />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('vehicles.noLocation')}
                </Typography>
              )}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {vehicle.future_location ? (
                <Lines
                  main={
                    <span title={fullAddress(vehicle.future_location)}>
                      {placeText(vehicle.future_location)}
                    </span>
                  }
                  detail={t('vehicles.availableFrom', {
                    date: formatDateTime(vehicle.future_location.available_date),
                  })}
                />
              ) : (
                '—'
              )}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Lines
                main={driver?.full_name ?? '—'}
                detail={
                  <>
                    {driver?.phone_number && <div>{driver.phone_number}</div>}
                    {vehicle.owner && <div>{t('vehicles.ownerIs', { name: vehicle.owner.full_name })}</div>}
                  </>
                }
              />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{personName(vehicle.dispatcher) || '—'}</TableCell>
            <TableCell>
              <DocumentFlags vehicle={vehicle} labels={documentLabels} />
            </TableCell>
            <TableCell
              align="right"
              sx={{ whiteSpace: 'nowrap' }}
              onClick={(event) => event.stopPropagation()}
            >
              {props.canEditLocation && (
                <Tooltip title={t('vehicles.actions.location')}>
                  <IconButton
                    aria-label={t('vehicles.actions.locationFor', { unit: vehicle.unit_id })}
                    onClick={() => props.onOpenDialog(vehicle, 'location')}
                  >
                    <PlaceOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
              <VehicleActionsMenu
                vehicle={vehicle}
                onOpenDialog={(dialog) => props.onOpenDialog(vehicle, dialog)}
                onError={props.onActionError}
              />
            </TableCell>
          </OpenableRow>
        );
      })}
    </ListTable>
  );
}

/** The vehicles on a phone: one card per vehicle with its status, place and driver. */
export function VehicleCardList(props: VehicleRowsProps) {
  const { vehicles, label, now, onOpen } = props;
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <CardList label={label}>
      {vehicles.map((vehicle) => {
        const driver = currentDriver(vehicle);
        return (
          <Box
            component="li"
            key={vehicle.id}
            sx={{ borderBottom: 1, borderColor: 'divider', display: 'flex', alignItems: 'flex-start' }}
          >
            <Box
              role="button"
              tabIndex={0}
              aria-label={vehicle.unit_id}
              onClick={() => onOpen(vehicle)}
              onKeyDown={(event) => onOpenableCardKeyDown(event, () => onOpen(vehicle))}
              sx={{
                flex: 1,
                minWidth: 0,
                display: 'flex',
                flexDirection: 'column',
                gap: 0.5,
                pl: 2,
                py: 1.25,
                ...OPENABLE_CARD_SX,
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="subtitle2">{vehicle.unit_id}</Typography>
                <VehicleStatusChip status={vehicle.status.id} />
                {isUnitNotActive(vehicle) && <NotActiveChip />}
                <Typography variant="caption" color="text.secondary">
                  {vehicleTypeName(vehicle.transport_type, lang)}
                </Typography>
              </Box>
              <TrackingText vehicle={vehicle} now={now} caption />
              <Typography variant="body1">
                {vehicle.location ? placeText(vehicle.location) : t('vehicles.noLocation')}
                {vehicle.location && (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {' · '}
                    {locationAgeLabel(vehicle.location.last_update_time, now, lang)}
                  </Typography>
                )}
              </Typography>
              {vehicle.future_location && (
                <Typography variant="body2" color="text.secondary">
                  {t('vehicles.plannedShort', {
                    place: placeText(vehicle.future_location),
                    date: formatDateTime(vehicle.future_location.available_date),
                  })}
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary">
                {[driver?.full_name, driver?.phone_number, personName(vehicle.dispatcher)]
                  .filter(Boolean)
                  .join(' · ') || '—'}
              </Typography>
              <DocumentFlags
                vehicle={vehicle}
                labels={{ license: t('vehicles.license'), insurance: t('vehicles.insurance') }}
              />
            </Box>
            <Box sx={{ py: 1, pr: 1 }}>
              {props.canEditLocation && (
                <IconButton
                  aria-label={t('vehicles.actions.locationFor', { unit: vehicle.unit_id })}
                  onClick={() => props.onOpenDialog(vehicle, 'location')}
                >
                  <PlaceOutlined fontSize="small" />
                </IconButton>
              )}
              <VehicleActionsMenu
                vehicle={vehicle}
                onOpenDialog={(dialog) => props.onOpenDialog(vehicle, dialog)}
                onError={props.onActionError}
              />
            </Box>
          </Box>
        );
      })}
    </CardList>
  );
}
