import { useTranslation } from 'react-i18next';
import type { CapacitySearchResult } from '@app/domain/units/units.schema';
import { MapRowLine, MapSideList, useSelectedRowRef } from '@/components/map/map-side-list';
import type { MapSideListProps } from '@/components/map/map-side-list';
import { currentLang } from '@/i18n/i18n';
import { formatDateTime } from '@/lib/format';
import { MapVehicleRow } from './map-vehicle-row';
import { currentDriver, placeText, vehicleStatusName, vehicleTypeName } from './vehicle-display';

// The capacity search's results beside the map, in the server's order (fewest deadhead miles first): unit,
// type, status, driver, where the truck is (or will be free), the deadhead miles and the ETA at 50 mph in
// Eastern time. A row opens the vehicle's card; pointing at it marks the truck on the map.

type MapCapacityListProps = MapSideListProps & { results: readonly CapacitySearchResult[] };

export function MapCapacityList({ results, selectedId, onOpen, onPoint, label }: MapCapacityListProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const selectedRow = useSelectedRowRef<HTMLDivElement>(selectedId);

  return (
    <MapSideList
      label={label}
      onPoint={onPoint}
      selectedIndex={results.findIndex((result) => result.id === selectedId)}
      rowCount={results.length}
      renderRow={(index) => {
        const result = results[index]!;
        const place = result.uses_planned_location ? result.future_location : result.location;
        const selected = result.id === selectedId;
        return (
          <MapVehicleRow
            key={result.id}
            ref={selected ? selectedRow : undefined}
            vehicle={result}
            label={t('unitMaps.rowLabel', {
              unit: result.unit_id,
              status: vehicleStatusName(result.status.id, lang),
              miles: result.deadhead_miles,
            })}
            caption={`${vehicleTypeName(result.transport_type, lang)} · ${vehicleStatusName(result.status.id, lang)}`}
            driverName={currentDriver(result)?.full_name}
            miles={result.deadhead_miles}
            eta={result.eta}
            selected={selected}
            onOpen={onOpen}
            onPoint={onPoint}
            divider
          >
            <MapRowLine>
              {result.uses_planned_location && result.future_location
                ? t('unitMaps.plannedAt', {
                    place: placeText(result.future_location) || result.future_location.address,
                    date: formatDateTime(result.future_location.available_date),
                  })
                : placeText(place) || place?.address}
            </MapRowLine>
          </MapVehicleRow>
        );
      }}
    />
  );
}
