import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { Vehicle } from '@app/domain/units/units.schema';
import { MAP_ROW_SX, MapRowFigures, MapRowPerson, MapRowText } from '@/components/map/map-side-list';
import { formatDateTime } from '@/lib/format';
import { vehicleStatusColor } from './map-vehicle-status';

// A vehicle's row in the list beside a units map (the capacity search and the delivery map): the colour of
// its marker, the unit ID, the driver, the lines about where it is or goes, and at the right the miles to
// drive and the ETA at 50 mph in Eastern time. The row opens the vehicle's card; pointing at it or focusing
// it marks the vehicle on the map.

type MapVehicleRowProps = {
  vehicle: Pick<Vehicle, 'id' | 'unit_id' | 'status'>;
  /** The row's accessible name. */
  label: string;
  /** Beside the unit ID: the vehicle type and what the list adds. */
  caption: ReactNode;
  driverName: string | undefined;
  /** Null without a place to drive to. */
  miles: number | null;
  eta: Date | string | null;
  /** The ETA is after the next point's appointment: it is marked and a note is shown under it. */
  late?: boolean;
  selected: boolean;
  onOpen: (id: number) => void;
  onPoint: (id: number | null) => void;
  /** The row has an action at its right (a list item's secondary action): leave room for it. */
  besideAction?: boolean;
  divider?: boolean;
  ref?: Ref<HTMLDivElement>;
  /** The lines under the driver. */
  children: ReactNode;
};

export function MapVehicleRow({
  vehicle,
  label,
  caption,
  driverName,
  miles,
  eta,
  late = false,
  selected,
  onOpen,
  onPoint,
  besideAction,
  divider,
  ref,
  children,
}: MapVehicleRowProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <ListItemButton
      ref={ref}
      selected={selected}
      onClick={() => onOpen(vehicle.id)}
      onMouseEnter={() => onPoint(vehicle.id)}
      onFocus={() => onPoint(vehicle.id)}
      aria-label={label}
      divider={divider}
      sx={besideAction ? { ...MAP_ROW_SX, pr: 6 } : MAP_ROW_SX}
    >
      <MapRowText
        color={vehicleStatusColor(vehicle.status.id, theme)}
        title={vehicle.unit_id}
        caption={caption}
      >
        <MapRowPerson name={driverName} none={t('unitMaps.noDriver')} />
        {children}
      </MapRowText>
      <MapRowFigures
        distance={miles !== null ? t('unitMaps.miles', { miles }) : null}
        eta={eta ? t('unitMaps.eta', { time: formatDateTime(eta) }) : null}
        etaHint={t('unitMaps.etaHint')}
        late={late}
      >
        {late && (
          <Typography variant="caption" component="div" sx={{ color: 'error.main' }}>
            {t('unitMaps.delivery.late')}
          </Typography>
        )}
      </MapRowFigures>
    </ListItemButton>
  );
}
