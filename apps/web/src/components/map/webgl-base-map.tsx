import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { addProtocol, Map as MapLibreMap, prewarm, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { PMTiles, Protocol } from 'pmtiles';
import builtInTilesUrl from './geodata/base-map.pmtiles?url';
import { buildBaseStyle, pmtilesArchiveUrl, type BaseStyleInput } from './map-base-style';
import type { LatLon } from './map-types';

// The WebGL base map under the markers (MapLibre GL): a picture that follows the camera base-map.tsx gives
// it. It takes no input of its own: panning, zooming, the keyboard and the markers stay in base-map.tsx, on
// the same Web Mercator plane (map-projection.ts), so there is one way the maps move whichever base map is
// drawn. This module, MapLibre and the map data are fetched only by pages that show a map.

// MapLibre's worker is its own file; the bundle gives its URL (the library cannot find it once bundled).
// Its workers start now, while the page is still being drawn, rather than with the first map.
setWorkerUrl(workerUrl);
prewarm();

// Both base maps are PMTiles archives: the built-in one shipped with the app, or the company's own.
const archives = new Protocol();
addProtocol('pmtiles', archives.tile);
// The built-in archive's header and directory (one read of 16 kB) are read now, while MapLibre starts,
// rather than once its style asks for them.
// Known by the address the style's pmtiles:// source names, so the map reads this one.
const builtInArchive = new PMTiles(pmtilesArchiveUrl(builtInTilesUrl, location.origin));
archives.add(builtInArchive);
void builtInArchive.getHeader().catch(() => undefined);

export type BaseMapCamera = { center: LatLon; zoom: number };

export type WebGlBaseMapProps = {
  camera: BaseMapCamera;
  /** The company's PMTiles archive; null draws the built-in map (as does an archive that cannot be read). */
  tilesUrl: string | null;
  language: 'en' | 'ru';
  /** A new picture is being made (the first one, or the built-in map after an archive failed). */
  onLoading: () => void;
  /** The picture is drawn. */
  onReady: () => void;
  /** WebGL could not start (or was lost): the caller draws the outline map instead. */
  onUnavailable: () => void;
};

export default function WebGlBaseMap({
  camera,
  tilesUrl: requestedTilesUrl,
  language,
  onLoading,
  onReady,
  onUnavailable,
}: WebGlBaseMapProps) {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const cameraRef = useRef(camera);
  const callbacks = useRef({ onLoading, onReady, onUnavailable });
  useLayoutEffect(() => {
    cameraRef.current = camera;
    callbacks.current = { onLoading, onReady, onUnavailable };
  });
  // An archive that cannot be read (a wrong address, a bucket that refuses this site) leaves the built-in map.
  const [failedTilesUrl, setFailedTilesUrl] = useState<string | null>(null);
  const tilesUrl = requestedTilesUrl === failedTilesUrl ? null : requestedTilesUrl;
  // Only the street map has names in the user's language: a change of language redraws it alone.
  const labelLanguage = tilesUrl ? language : null;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
    callbacks.current.onLoading();
    const input: BaseStyleInput = tilesUrl
      ? { kind: 'tiles', tilesUrl, language: labelLanguage ?? 'en' }
      : { kind: 'built-in', tilesUrl: builtInTilesUrl };
    const { center, zoom } = cameraRef.current;
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container,
        style: buildBaseStyle(input),
        center: [center.lon, center.lat],
        zoom,
        interactive: false,
        attributionControl: { compact: true },
        renderWorldCopies: false,
        maxZoom: 17,
        // Labels appear at once when the view settles, as on the markers above them.
        fadeDuration: 0,
      });
    } catch {
      callbacks.current.onUnavailable();
      return;
    }
    mapRef.current = map;
    map.once('load', () => !cancelled && callbacks.current.onReady());
    map.on('webglcontextlost', () => !cancelled && callbacks.current.onUnavailable());
    if (tilesUrl) {
      let tileRead = false;
      map.on('sourcedata', (event) => {
        if (event.sourceId === 'protomaps' && event.tile) tileRead = true;
      });
      map.on('error', (event) => {
        // A source's errors carry its id (MapLibre's ErrorEvent type leaves it out).
        const sourceId = (event as { sourceId?: string }).sourceId;
        if (!cancelled && !tileRead && sourceId === 'protomaps') setFailedTilesUrl(tilesUrl);
      });
    }
    return () => {
      cancelled = true;
      map.remove();
      mapRef.current = null;
    };
  }, [tilesUrl, labelLanguage]);

  // In the commit that draws the new view, and drawn at once: the SVG layer above moves in the same commit
  // and drops the CSS transform a gesture moved both layers by (base-map.tsx), so the two never disagree
  // for a frame.
  useLayoutEffect(() => {
    mapRef.current?.jumpTo({ center: [camera.center.lon, camera.center.lat], zoom: camera.zoom }).redraw();
  }, [camera]);

  return <div ref={containerRef} aria-hidden style={{ position: 'absolute', inset: 0 }} />;
}
