import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { CapacitySearchResult } from '@app/domain/units/units.schema';
import { currentLang } from '@/i18n/i18n';
import { formatDateTime } from '@/lib/format';
import { vehicleStatusColor } from './map-vehicle-status';
import { currentDriver, placeText, vehicleStatusName, vehicleTypeName } from './vehicle-display';

// The capacity search's results beside the map, in the server's order (fewest deadhead miles first): unit,
// type, status, driver, where the truck is (or will be free), the deadhead miles and the ETA at 50 mph in
// Eastern time. A row opens the vehicle's card; pointing at it marks the truck on the map.

type MapCapacityListProps = {
  results: readonly CapacitySearchResult[];
  selectedId: number | null;
  onOpen: (id: number) => void;
  onPoint: (id: number | null) => void;
  label: string;
};

export function MapCapacityList({ results, selectedId, onOpen, onPoint, label }: MapCapacityListProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const lang = currentLang();
  const selectedRow = useRef<HTMLDivElement | null>(null);

  // A marker chosen on the map brings its row into view.
  useEffect(() => {
    selectedRow.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedId]);

  return (
    <List dense disablePadding aria-label={label} onMouseLeave={() => onPoint(null)}>
      {results.map((result) => {
        const place = result.uses_planned_location ? result.future_location : result.location;
        const driver = currentDriver(result);
        const selected = result.id === selectedId;
        return (
          <ListItemButton
            key={result.id}
            ref={selected ? selectedRow : undefined}
            selected={selected}
            onClick={() => onOpen(result.id)}
            onMouseEnter={() => onPoint(result.id)}
            onFocus={() => onPoint(result.id)}
            aria-label={t('unitMaps.rowLabel', {
              unit: result.unit_id,
              status: vehicleStatusName(result.status.id, lang),
              miles: result.deadhead_miles,
            })}
            divider
            sx={{ alignItems: 'flex-start', gap: 1.5, py: 1 }}
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
                    bgcolor: vehicleStatusColor(result.status.id, theme),
                  }}
                />
                <Typography variant="subtitle2" noWrap sx={{ flexShrink: 0 }}>
                  {result.unit_id}
                </Typography>
                <Typography variant="caption" color="text.secondary" noWrap>
                  {vehicleTypeName(result.transport_type, lang)} · {vehicleStatusName(result.status.id, lang)}
                </Typography>
              </Box>
              <Typography variant="body2" noWrap>
                {driver?.full_name ?? (
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {t('unitMaps.noDriver')}
                  </Box>
                )}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div" noWrap>
                {result.uses_planned_location && result.future_location
                  ? t('unitMaps.plannedAt', {
                      place: placeText(result.future_location) || result.future_location.address,
                      date: formatDateTime(result.future_location.available_date),
                    })
                  : placeText(place) || place?.address}
              </Typography>
            </Box>
            <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
              <Typography variant="subtitle2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {t('unitMaps.miles', { miles: result.deadhead_miles })}
              </Typography>
              <Tooltip title={t('unitMaps.etaHint')} placement="left">
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="div"
                  sx={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {t('unitMaps.eta', { time: formatDateTime(result.eta) })}
                </Typography>
              </Tooltip>
            </Box>
          </ListItemButton>
        );
      })}
    </List>
  );
}
