import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { lookupName } from '@app/domain/common/lookups';
import type { LoadPoint } from '@app/domain/loads/loads.schema';
import { LOAD_POINT_TYPES } from '@app/domain/loads/loads.rules';
import { MAP_COLORS } from '@/components/map/map-style';
import type { MapLine, MapMarker } from '@/components/map/map-types';
import { currentLang } from '@/i18n/i18n';

// The load's route on the app's map (the offline base map, or Google Maps with the company's key): its
// points in order joined by a line, pick-ups green and deliveries red, the active point larger. A still
// picture fitted to the route: the page scrolls over it, and the maps screens are where one pans.

type LocatedPoint = LoadPoint & { lat: number; lon: number };

// The map code is fetched with the first load page opened, not with the app.
const MapView = lazy(() =>
  import('@/components/map/map-view').then((module) => ({ default: module.MapView })),
);

const PREVIEW_HEIGHT = 220;

export function RoutePreview({ points }: { points: readonly LoadPoint[] }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const located = useMemo(
    () =>
      [...points]
        .sort((a, b) => a.order - b.order)
        .filter((point): point is LocatedPoint => point.lat !== null && point.lon !== null),
    [points],
  );

  const markers = useMemo(
    () =>
      located.map((point, index): MapMarker => ({
        id: String(point.id),
        lat: point.lat,
        lon: point.lon,
        shape: 'square',
        color: point.type === 'pick_up' ? MAP_COLORS.pickUp : MAP_COLORS.delivery,
        text: String(index + 1),
        clusterable: false,
        clickable: false,
        label: `${index + 1}. ${lookupName(LOAD_POINT_TYPES, point.type, lang)}: ${[point.city, point.state]
          .filter(Boolean)
          .join(', ')}`,
      })),
    [located, lang],
  );
  const lines = useMemo(
    (): MapLine[] => (located.length > 1 ? [{ id: 'route', points: located, color: MAP_COLORS.route }] : []),
    [located],
  );
  const active = located.find((point) => point.is_active);

  return (
    <Suspense fallback={<Box sx={{ height: PREVIEW_HEIGHT, bgcolor: MAP_COLORS.water, borderRadius: 1 }} />}>
      <MapView
        label={t('loads.points.mapPreview')}
        height={PREVIEW_HEIGHT}
        interactive={false}
        markers={markers}
        lines={lines}
        selectedId={active ? String(active.id) : null}
        fitKey={located.map((point) => `${point.lat},${point.lon}`).join(';')}
      />
    </Suspense>
  );
}
