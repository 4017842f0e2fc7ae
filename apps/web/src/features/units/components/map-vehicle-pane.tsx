import { useTranslation } from 'react-i18next';
import { MapLegend, type MapLegendItem } from '@/components/map/map-legend';
import { MapPane } from '@/components/map/map-side-list';
import type { MapContentProps } from '@/components/map/map-types';
import { MapView } from '@/components/map/map-view';

// The map of a units map page (the capacity search and the delivery map), filling its part of the page.
// The markers that can be clicked are the vehicles, each with its vehicle's ID: a click opens the vehicle,
// and the vehicle opened or pointed at in the list is drawn marked.

type MapVehiclePaneProps = Pick<MapContentProps, 'label' | 'markers' | 'lines' | 'circles' | 'fitKey'> & {
  /** The vehicle opened or pointed at. */
  selectedId: number | null;
  onOpen: (id: number) => void;
  /** Shown in the map's corner when it has items. */
  legend: readonly MapLegendItem[];
};

export function MapVehiclePane({ selectedId, onOpen, legend, ...content }: MapVehiclePaneProps) {
  const { t } = useTranslation();
  return (
    <MapPane>
      <MapView
        {...content}
        height="100%"
        selectedId={selectedId === null ? null : String(selectedId)}
        onMarkerClick={(id) => onOpen(Number(id))}
        overlay={legend.length > 0 ? <MapLegend title={t('unitMaps.legend')} items={legend} /> : undefined}
      />
    </MapPane>
  );
}
