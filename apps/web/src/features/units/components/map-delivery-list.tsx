import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import Tooltip from '@mui/material/Tooltip';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import { lookupName } from '@app/domain/common/lookups';
import { LOAD_POINT_TYPES } from '@app/domain/loads/loads.rules';
import type { VehicleMapItem } from '@app/domain/units/units.schema';
import { MapRowLine, MapSideList, useSelectedRowRef } from '@/components/map/map-side-list';
import type { MapSideListProps } from '@/components/map/map-side-list';
import { currentLang } from '@/i18n/i18n';
import { formatDateTime } from '@/lib/format';
import { MapVehicleRow } from './map-vehicle-row';
import { fullAddress, vehicleTypeName } from './vehicle-display';

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

type MapDeliveryListProps = MapSideListProps & { rows: readonly DeliveryRow[] };

export function MapDeliveryList({ rows, selectedId, onOpen, onPoint, label }: MapDeliveryListProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const selectedRow = useSelectedRowRef<HTMLLIElement>(selectedId);

  return (
    <MapSideList
      label={label}
      onPoint={onPoint}
      selectedIndex={rows.findIndex((row) => row.vehicle.id === selectedId)}
      rowCount={rows.length}
      renderRow={(index) => {
        const { vehicle, milesLeft, eta, late } = rows[index]!;
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
            <MapVehicleRow
              vehicle={vehicle}
              label={t('unitMaps.delivery.rowLabel', {
                unit: vehicle.unit_id,
                id: vehicle.load?.id ?? '',
              })}
              caption={
                <>
                  {vehicleTypeName(vehicle.transport_type, lang)}
                  {vehicle.load && ` · ${t('unitMaps.delivery.load', { id: vehicle.load.id })}`}
                </>
              }
              driverName={vehicle.active_driver?.full_name}
              miles={milesLeft}
              eta={eta}
              late={late}
              selected={selected}
              onOpen={onOpen}
              onPoint={onPoint}
              besideAction
            >
              <MapRowLine>
                {next
                  ? t('unitMaps.delivery.next', {
                      type: lookupName(LOAD_POINT_TYPES, next.type, lang),
                      place: fullAddress(next),
                    })
                  : t('unitMaps.delivery.noNextPoint')}
              </MapRowLine>
              {next?.date && (
                <MapRowLine>
                  {t('unitMaps.delivery.appointment', { time: formatDateTime(next.date) })}
                </MapRowLine>
              )}
            </MapVehicleRow>
          </ListItem>
        );
      }}
    />
  );
}
