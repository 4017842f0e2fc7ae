import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import { lookupName } from '@app/domain/common/lookups';
import { LOAD_POINT_TYPES } from '@app/domain/loads/loads.rules';
import type { VehicleMapItem } from '@app/domain/units/units.schema';
import { currentLang } from '@/i18n/i18n';
import { formatDateTime } from '@/lib/format';
import { vehicleStatusColor } from './map-vehicle-status';
import { vehicleTypeName } from './vehicle-display';

// The vehicles on loads beside the delivery map: unit, driver, load, the next point with its appointment,
// the miles still to drive there and the ETA at 50 mph (Eastern time), flagged when it is after the
// appointment. A row opens the vehicle's card; the icon opens the load.

export type DeliveryRow = {
  vehicle: VehicleMapItem;
  /** Miles to the next point by the product's road estimate, or null without a located next point. */
  milesLeft: number | null;
  eta: Date | null;
  /** The ETA is after the next point's appointment. */
  late: boolean;
};

type MapDeliveryListProps = {
  rows: readonly DeliveryRow[];
  selectedId: number | null;
  onOpen: (id: number) => void;
  onPoint: (id: number | null) => void;
  label: string;
};

export function MapDeliveryList({ rows, selectedId, onOpen, onPoint, label }: MapDeliveryListProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const lang = currentLang();
  const selectedRow = useRef<HTMLLIElement | null>(null);

  useEffect(() => {
    selectedRow.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedId]);

  return (
    <List dense disablePadding aria-label={label} onMouseLeave={() => onPoint(null)}>
      {rows.map(({ vehicle, milesLeft, eta, late }) => {
        const next = vehicle.load?.next_point ?? null;
        const selected = vehicle.id === selectedId;
        return (
          <ListItem
            key={vehicle.id}
            ref={selected ? selectedRow : undefined}
            disablePadding
            divider
            secondaryAction={
              vehicle.load && (
                <Tooltip title={t('unitMaps.delivery.openLoad')}>
                  <IconButton
                    component={RouterLink}
                    to={`/load/active/${vehicle.load.id}/`}
                    aria-label={t('unitMaps.delivery.openLoadNumber', { id: vehicle.load.id })}
                    size="small"
                  >
                    <OpenInNewOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              )
            }
          >
            <ListItemButton
              selected={selected}
              onClick={() => onOpen(vehicle.id)}
              onMouseEnter={() => onPoint(vehicle.id)}
              onFocus={() => onPoint(vehicle.id)}
              aria-label={t('unitMaps.delivery.rowLabel', {
                unit: vehicle.unit_id,
                id: vehicle.load?.id ?? '',
              })}
              sx={{ alignItems: 'flex-start', gap: 1.5, py: 1, pr: 6 }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
                  <Box
                    aria-hidden
                    sx={{
                      width: 10,
                      height: 10,
                      borderRadius: '50%',
                      flexShrink: 0,
                      bgcolor: vehicleStatusColor(vehicle.status.id, theme),
                    }}
                  />
                  <Typography variant="subtitle2" noWrap sx={{ flexShrink: 0 }}>
                    {vehicle.unit_id}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" noWrap>
                    {vehicleTypeName(vehicle.transport_type, lang)}
                    {vehicle.load && ` · ${t('unitMaps.delivery.load', { id: vehicle.load.id })}`}
                  </Typography>
                </Box>
                <Typography variant="body2" noWrap>
                  {vehicle.active_driver?.full_name ?? (
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {t('unitMaps.noDriver')}
                    </Box>
                  )}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div" noWrap>
                  {next
                    ? t('unitMaps.delivery.next', {
                        type: lookupName(LOAD_POINT_TYPES, next.type, lang),
                        place: next.address,
                      })
                    : t('unitMaps.delivery.noNextPoint')}
                </Typography>
                {next?.date && (
                  <Typography variant="caption" color="text.secondary" component="div" noWrap>
                    {t('unitMaps.delivery.appointment', { time: formatDateTime(next.date) })}
                  </Typography>
                )}
              </Box>
              <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
                {milesLeft !== null && (
                  <Typography variant="subtitle2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {t('unitMaps.miles', { miles: milesLeft })}
                  </Typography>
                )}
                {eta && (
                  <Tooltip title={t('unitMaps.etaHint')} placement="left">
                    <Typography
                      variant="caption"
                      component="div"
                      sx={{
                        fontVariantNumeric: 'tabular-nums',
                        color: late ? 'error.main' : 'text.secondary',
                        fontWeight: late ? 600 : undefined,
                      }}
                    >
                      {t('unitMaps.eta', { time: formatDateTime(eta) })}
                    </Typography>
                  </Tooltip>
                )}
                {late && (
                  <Typography variant="caption" component="div" sx={{ color: 'error.main' }}>
                    {t('unitMaps.delivery.late')}
                  </Typography>
                )}
              </Box>
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
