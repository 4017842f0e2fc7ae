import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { kmToDegrees } from '@app/domain/geo/geo.rules';
import { loadGoogleMaps, type GoogleMapsApi } from '@/lib/geo/google-places';
import { clusterColor, clusterPoints, clusterRadiusPx } from './map-clustering';
import { MAP_COLORS, MAP_PIN_PATH } from './map-style';
import type { LatLon, MapMarker, MapViewProps } from './map-types';

// The same map content on Google Maps, for a company with a maps key. The one Maps script of the app is
// loaded through lib/geo (the address inputs use it too). Markers are grouped by the same clustering as the
// offline map, on Web Mercator pixels at the current zoom. Only the few parts of the Maps API used here are
// typed. When the script cannot be loaded (no network, a bad key) the page falls back to the offline map.

type LatLngLiteral = { lat: number; lng: number };
type Listener = { remove(): void };
type Overlay = { setMap(map: GoogleMapInstance | null): void };
type GoogleMapInstance = {
  fitBounds(bounds: LatLngBoundsInstance, padding?: number): void;
  setCenter(center: LatLngLiteral): void;
  setZoom(zoom: number): void;
  getZoom(): number | undefined;
  addListener(event: string, handler: () => void): Listener;
};
type LatLngBoundsInstance = { extend(point: LatLngLiteral): LatLngBoundsInstance };
type MarkerSymbol = {
  path: number | string;
  fillColor: string;
  fillOpacity: number;
  strokeColor: string;
  strokeWeight: number;
  scale: number;
  anchor?: unknown;
  labelOrigin?: unknown;
};
type MarkerOptions = {
  map: GoogleMapInstance;
  position: LatLngLiteral;
  title: string;
  icon: MarkerSymbol;
  label?: { text: string; color: string; fontSize: string; fontWeight: string };
  zIndex?: number;
  clickable: boolean;
};
type MarkerInstance = Overlay & { addListener(event: 'click', handler: () => void): Listener };
type Libraries = {
  Map: new (element: HTMLElement, options: Record<string, unknown>) => GoogleMapInstance;
  Polyline: new (options: Record<string, unknown>) => Overlay;
  Circle: new (options: Record<string, unknown>) => Overlay;
  Marker: new (options: MarkerOptions) => MarkerInstance;
  LatLngBounds: new () => LatLngBoundsInstance;
};

/** google.maps.SymbolPath.CIRCLE */
const CIRCLE_PATH = 0;
const SQUARE_PATH = 'M -1 -1 L 1 -1 L 1 1 L -1 1 Z';
const TILE_SIZE = 256;

async function loadLibraries(google: GoogleMapsApi): Promise<Libraries> {
  const [maps, marker, core] = (await Promise.all([
    google.maps.importLibrary('maps'),
    google.maps.importLibrary('marker'),
    google.maps.importLibrary('core'),
  ])) as [
    Pick<Libraries, 'Map' | 'Polyline' | 'Circle'>,
    Pick<Libraries, 'Marker'>,
    Pick<Libraries, 'LatLngBounds'>,
  ];
  return { ...maps, ...marker, ...core };
}

/** Web Mercator pixels of a place at a zoom level, as Google Maps lays out its tiles. */
export function mercatorPixels({ lat, lon }: LatLon, zoom: number): [number, number] {
  const scale = TILE_SIZE * 2 ** zoom;
  const sin = Math.min(Math.max(Math.sin((lat * Math.PI) / 180), -0.9999), 0.9999);
  return [((lon + 180) / 360) * scale, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale];
}

const toLatLng = ({ lat, lon }: LatLon): LatLngLiteral => ({ lat, lng: lon });

function markerIcon(marker: MapMarker, selected: boolean): MarkerSymbol {
  const shape = marker.shape ?? 'circle';
  const base = {
    fillColor: marker.color,
    fillOpacity: 1,
    strokeColor: '#ffffff',
    strokeWeight: selected ? 3 : 2,
  };
  if (shape === 'square') return { ...base, path: SQUARE_PATH, scale: 6 };
  if (shape === 'pin') return { ...base, path: MAP_PIN_PATH, scale: 1.2 };
  return { ...base, path: CIRCLE_PATH, scale: selected ? 9 : 7 };
}

type GoogleMapViewProps = MapViewProps & {
  mapsKey: string;
  onUnavailable: () => void;
};

export function GoogleMapView({
  mapsKey,
  onUnavailable,
  markers,
  lines = [],
  circles = [],
  selectedId = null,
  onMarkerClick,
  fitKey = '',
  label,
  height,
  interactive = true,
  overlay,
}: GoogleMapViewProps) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement | null>(null);
  const [map, setMap] = useState<{ instance: GoogleMapInstance; libraries: Libraries } | null>(null);
  const [zoom, setZoom] = useState(4);
  const unavailable = useRef(onUnavailable);
  useEffect(() => {
    unavailable.current = onUnavailable;
  }, [onUnavailable]);

  useEffect(() => {
    let cancelled = false;
    const listeners: Listener[] = [];
    loadGoogleMaps(mapsKey)
      .then(loadLibraries)
      .then((libraries) => {
        if (cancelled || !element.current) return;
        const instance = new libraries.Map(element.current, {
          center: { lat: 39.5, lng: -96 },
          zoom: 4,
          disableDefaultUI: !interactive,
          gestureHandling: interactive ? 'greedy' : 'none',
          keyboardShortcuts: interactive,
          clickableIcons: false,
          streetViewControl: false,
          mapTypeControl: false,
          fullscreenControl: false,
        });
        listeners.push(instance.addListener('zoom_changed', () => setZoom(instance.getZoom() ?? 4)));
        setMap({ instance, libraries });
      })
      .catch(() => {
        if (!cancelled) unavailable.current();
      });
    return () => {
      cancelled = true;
      listeners.forEach((listener) => listener.remove());
    };
  }, [mapsKey, interactive]);

  // The view is fitted when fitKey changes, as on the offline map.
  const fittedKey = useRef<string | null>(null);
  useEffect(() => {
    if (!map || fittedKey.current === fitKey) return;
    fittedKey.current = fitKey;
    const points: LatLon[] = [
      ...markers,
      ...lines.flatMap((line) => line.points),
      ...circles.flatMap((circle) => {
        const degrees = kmToDegrees(circle.radiusKm);
        return [
          { lat: circle.lat - degrees, lon: circle.lon },
          { lat: circle.lat + degrees, lon: circle.lon },
        ];
      }),
    ].filter((point) => Number.isFinite(point.lat) && Number.isFinite(point.lon));
    if (points.length === 0) return;
    if (points.length === 1) {
      map.instance.setCenter(toLatLng(points[0]!));
      map.instance.setZoom(8);
      return;
    }
    const bounds = new map.libraries.LatLngBounds();
    points.forEach((point) => bounds.extend(toLatLng(point)));
    map.instance.fitBounds(bounds, 40);
  }, [map, fitKey, markers, lines, circles]);

  // The content is drawn anew when it or the zoom (the clusters) changes.
  useEffect(() => {
    if (!map) return;
    const { instance, libraries } = map;
    const overlays: Overlay[] = [];
    const listeners: Listener[] = [];
    for (const circle of circles) {
      overlays.push(
        new libraries.Circle({
          map: instance,
          center: toLatLng(circle),
          radius: circle.radiusKm * 1000,
          strokeColor: circle.color,
          strokeOpacity: 0.55,
          strokeWeight: 1,
          fillColor: circle.color,
          fillOpacity: 0.07,
          clickable: false,
        }),
      );
    }
    for (const line of lines) {
      overlays.push(
        new libraries.Polyline({
          map: instance,
          path: line.points.map(toLatLng),
          geodesic: true,
          strokeColor: line.color,
          strokeOpacity: line.dashed ? 0 : 0.9,
          strokeWeight: 3,
          icons: line.dashed
            ? [{ icon: { path: 'M 0,-1 0,1', strokeOpacity: 0.9, scale: 3 }, offset: '0', repeat: '12px' }]
            : [],
          clickable: false,
        }),
      );
    }
    const clusterable = markers.filter((marker) => marker.clusterable !== false);
    const groups = clusterPoints(
      clusterable.map((marker) => {
        const [x, y] = mercatorPixels(marker, zoom);
        return { id: marker.id, x, y, item: marker };
      }),
    );
    const place = (marker: MapMarker) => {
      const clickable = marker.clickable !== false && Boolean(onMarkerClick);
      const created = new libraries.Marker({
        map: instance,
        position: toLatLng(marker),
        title: marker.label,
        icon: markerIcon(marker, marker.id === selectedId),
        zIndex: marker.id === selectedId ? 1000 : undefined,
        clickable,
      });
      if (clickable) listeners.push(created.addListener('click', () => onMarkerClick?.(marker.id)));
      overlays.push(created);
    };
    for (const group of groups) {
      if (group.kind === 'single') {
        place(group.item);
        continue;
      }
      const count = group.items.length;
      const cluster = new libraries.Marker({
        map: instance,
        position: toLatLng({
          lat: group.items.reduce((sum, item) => sum + item.lat, 0) / count,
          lon: group.items.reduce((sum, item) => sum + item.lon, 0) / count,
        }),
        title: t('map.cluster', { count }),
        icon: {
          path: CIRCLE_PATH,
          fillColor: clusterColor(group.items.map((item) => item.color)),
          fillOpacity: 0.88,
          strokeColor: group.ids.includes(selectedId ?? '') ? MAP_COLORS.selected : '#ffffff',
          strokeWeight: 2,
          scale: clusterRadiusPx(count),
        },
        label: { text: String(count), color: '#ffffff', fontSize: '12px', fontWeight: '600' },
        clickable: true,
      });
      listeners.push(
        cluster.addListener('click', () => {
          const bounds = new libraries.LatLngBounds();
          group.items.forEach((item) => bounds.extend(toLatLng(item)));
          instance.fitBounds(bounds, 60);
        }),
      );
      overlays.push(cluster);
    }
    markers.filter((marker) => marker.clusterable === false).forEach(place);
    return () => {
      listeners.forEach((listener) => listener.remove());
      overlays.forEach((overlay) => overlay.setMap(null));
    };
  }, [map, markers, lines, circles, zoom, selectedId, onMarkerClick, t]);

  return (
    <Box
      role="region"
      aria-label={label}
      sx={{
        position: 'relative',
        height,
        minHeight: 0,
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: MAP_COLORS.water,
      }}
    >
      <Box ref={element} sx={{ position: 'absolute', inset: 0 }} />
      {overlay && (
        <Box sx={{ position: 'absolute', left: 8, bottom: 24, maxWidth: 'calc(100% - 16px)' }}>{overlay}</Box>
      )}
    </Box>
  );
}
