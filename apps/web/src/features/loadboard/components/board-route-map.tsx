import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { lookupName } from '@app/domain/common/lookups';
import type { BoardLoad, BoardPoint } from '@app/domain/loadboard/loadboard.schema';
import { LOAD_POINT_TYPES } from '@app/domain/loads/loads.rules';
import { MAP_COLORS } from '@/components/map/map-style';
import type { MapLine, MapMarker } from '@/components/map/map-types';
import { currentLang } from '@/i18n/i18n';
import { boardPlaceText, orderedBoardPoints } from './board-display';

// The board load's route on the app's map (the offline base map, or Google Maps with the company's key):
// its points in order joined by a line, pick-ups green and deliveries red. A still picture: the detail
// scrolls over it.

type LocatedPoint = BoardPoint & { lat: number; lon: number };

// The map code is fetched when the first load is opened, not with the board.
const MapView = lazy(() =>
  import('@/components/map/map-view').then((module) => ({ default: module.MapView })),
);

const MAP_HEIGHT = 200;

export function BoardRouteMap({ load }: { load: BoardLoad }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const located = useMemo(
    () =>
      orderedBoardPoints(load).filter(
        (point): point is LocatedPoint => point.lat !== null && point.lon !== null,
      ),
    [load],
  );
  const markers = useMemo(
    () =>
      located.map((point, index): MapMarker => ({
        id: `${load.id}-${point.order}`,
        lat: point.lat,
        lon: point.lon,
        shape: 'square',
        color: point.type === 'pick_up' ? MAP_COLORS.pickUp : MAP_COLORS.delivery,
        text: String(index + 1),
        clusterable: false,
        clickable: false,
        label: `${index + 1}. ${lookupName(LOAD_POINT_TYPES, point.type, lang)}: ${boardPlaceText(point)}`,
      })),
    [located, load.id, lang],
  );
  const lines = useMemo(
    (): MapLine[] => (located.length > 1 ? [{ id: 'route', points: located, color: MAP_COLORS.route }] : []),
    [located],
  );
  if (located.length === 0) return null;
  return (
    <Suspense fallback={<Box sx={{ height: MAP_HEIGHT, bgcolor: MAP_COLORS.water, borderRadius: 1 }} />}>
      <MapView
        label={t('loadboard.detail.map')}
        height={MAP_HEIGHT}
        interactive={false}
        markers={markers}
        lines={lines}
        fitKey={located.map((point) => `${point.lat},${point.lon}`).join(';')}
      />
    </Suspense>
  );
}
