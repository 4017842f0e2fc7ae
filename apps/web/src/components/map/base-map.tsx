import {
  Suspense,
  useDeferredValue,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import Box from '@mui/material/Box';
import { OutlineLand, useBaseMap, WebGlBaseMap } from './base-map-picture';
import { BaseMapPreview } from './base-map-preview';
import { clusterPoints, type MarkerGroup } from './map-clustering';
import { MapControls } from './map-controls';
import { MapLoadingOverlay } from './map-loading-overlay';
import { MarkerLayer, type MarkerCluster } from './map-marker-layer';
import {
  cameraOf,
  fitTransform,
  homeTransform,
  MAX_ZOOM,
  toPlane,
  type ViewTransform,
  type ViewportSize,
} from './map-projection';
import { circlePath, contentPoints, linePath, type PlacedMarker } from './map-shapes';
import { MAP_COLORS } from './map-style';
import type { MapViewProps } from './map-types';
import { hasPreview } from './preview-tiles';
import { useElementSize } from './use-element-size';
import { useMapZoom } from './use-map-zoom';
import { currentLang } from '@/i18n/i18n';

// The app's own map (no key needed): a WebGL base map (webgl-base-map.tsx: land, water, states and
// provinces, towns and cities by size, or full street maps from the company's PMTiles archive) under an
// SVG layer with pan and zoom (wheel, drag, pinch, the buttons, and the keyboard: + and - zoom, the arrows
// pan, 0 shows everything again), markers that group into numbered clusters when they would overlap,
// route lines and search circles. The SVG layer owns the view transform and the base map follows it, so
// markers are real buttons (keyboard, screen readers) on any base map. A browser without WebGL gets the
// outlines of the same geography drawn in the SVG layer instead (base-map-picture.tsx).
//
// The first picture is the built-in map's preview (base-map-preview.tsx), pictures of the same map drawn
// at build time; the WebGL map, started once the preview is drawn, replaces it (base-map-picture.tsx).
//
// While a gesture lasts the layers are not redrawn but moved by a CSS transform (use-map-zoom.ts):
// redrawing the base map and hundreds of markers on every frame of a drag is what a laptop without a fast
// GPU cannot do sixty times a second.

/** One zoom step of the buttons and keys. */
const ZOOM_STEP = 2;
/** One arrow key moves the view this many pixels. */
const PAN_STEP = 80;
/** Text beside markers is shown only while this few are on screen, so it never turns into a smear. */
const MAX_LABELED_MARKERS = 40;
/** The view fitted to the content keeps this many pixels free around it. */
const FIT_OPTIONS = { padding: 40 };
/** Before the container is measured (and in tests, where nothing is laid out). */
const FALLBACK_SIZE: ViewportSize = { width: 800, height: 500 };

export function BaseMap({
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
  tilesUrl = null,
}: MapViewProps & { tilesUrl?: string | null }) {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  // The base map and the SVG layer, moved together by a CSS transform while a gesture lasts.
  const layersRef = useRef<HTMLDivElement | null>(null);
  const measured = useElementSize(container);
  const size = measured && measured.width > 0 && measured.height > 0 ? measured : FALLBACK_SIZE;
  const [transform, setTransform] = useState<ViewTransform | null>(null);
  const sizeRef = useRef(size);
  useLayoutEffect(() => {
    sizeRef.current = size;
  }, [size]);
  // The markers are drawn a render after the rest: the page's commit, with the preview's pictures, is not
  // held by hundreds of markers (drawn in the same commit, they held the pictures' load events back).
  const shownMarkers = useDeferredValue(markers);
  const placed = useMemo(
    () =>
      shownMarkers.flatMap((marker): PlacedMarker[] => {
        const plane = toPlane(marker);
        return plane ? [{ marker, plane }] : [];
      }),
    [shownMarkers],
  );
  const fitPoints = useMemo(() => contentPoints(placed, lines, circles), [placed, lines, circles]);
  const fitPointsRef = useRef(fitPoints);
  useLayoutEffect(() => {
    fitPointsRef.current = fitPoints;
  }, [fitPoints]);

  // Until the fit below has run (after the first commit), the view is that fit already: the first frame
  // drawn, and the preview's pictures it fetches, are those of the content.
  const firstView = useMemo(
    () => (measured ? fitTransform(fitPoints, size, FIT_OPTIONS) : homeTransform(size)),
    [measured, fitPoints, size],
  );
  const view = transform ?? firstView;
  const camera = useMemo(() => cameraOf(view, size), [view, size]);
  // The view the layers show as drawn; a gesture's CSS transform is relative to it and is cleared in the
  // commit that draws the next view (the base map redraws in the same commit, see webgl-base-map.tsx).
  const drawnView = useRef(view);
  useLayoutEffect(() => {
    drawnView.current = view;
    if (layersRef.current) layersRef.current.style.transform = '';
  }, [view]);

  // Not before the container is measured: its first view is the one fitted to its real size.
  const base = useBaseMap(measured !== null && hasPreview(view));

  const { applyTransform, zoomBy, panBy } = useMapZoom({
    container,
    interactive,
    layersRef,
    sizeRef,
    drawnView,
    setTransform,
  });

  // The view is fitted on first show, when the container changes size before the user moved it, and
  // whenever fitKey changes.
  const fitted = useRef<{ key: string; size: ViewportSize; moved: boolean } | null>(null);
  const fitToContent = useCallback(
    () => applyTransform(fitTransform(fitPointsRef.current, size, FIT_OPTIONS)),
    [applyTransform, size],
  );
  useEffect(() => {
    const previous = fitted.current;
    const sizeChanged =
      previous && (previous.size.width !== size.width || previous.size.height !== size.height);
    if (previous && previous.key === fitKey && !sizeChanged) return;
    if (previous && previous.key === fitKey && sizeChanged && previous.moved) return;
    fitted.current = { key: fitKey, size, moved: false };
    fitToContent();
  }, [fitKey, size, fitToContent]);

  const markMoved = useCallback(() => {
    if (fitted.current) fitted.current.moved = true;
  }, []);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!interactive || event.altKey || event.ctrlKey || event.metaKey) return;
    const step = PAN_STEP / view.k;
    const actions: Record<string, () => void> = {
      '+': () => zoomBy(ZOOM_STEP),
      '=': () => zoomBy(ZOOM_STEP),
      '-': () => zoomBy(1 / ZOOM_STEP),
      _: () => zoomBy(1 / ZOOM_STEP),
      '0': fitToContent,
      ArrowLeft: () => panBy(step, 0),
      ArrowRight: () => panBy(-step, 0),
      ArrowUp: () => panBy(0, step),
      ArrowDown: () => panBy(0, -step),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    markMoved();
    action();
  };

  // Clustering works on the plane scaled by the zoom (not the pan), so panning never regroups markers.
  const groups = useMemo(() => {
    const clusterable: { id: string; x: number; y: number; item: PlacedMarker }[] = [];
    const fixed: MarkerGroup<PlacedMarker>[] = [];
    for (const entry of placed) {
      const point = {
        id: entry.marker.id,
        x: entry.plane[0] * view.k,
        y: entry.plane[1] * view.k,
        item: entry,
      };
      if (entry.marker.clusterable === false) fixed.push({ kind: 'single', ...point });
      else clusterable.push(point);
    }
    return [...clusterPoints(clusterable), ...fixed];
  }, [placed, view.k]);

  // Every group is drawn (the browser skips painting what is off screen); only the count of single markers
  // on screen is measured, to decide whether their unit IDs fit.
  const singlesShown = groups.filter((group) => {
    if (group.kind !== 'single') return false;
    const x = group.x + view.x;
    const y = group.y + view.y;
    return x >= -40 && y >= -40 && x <= size.width + 40 && y <= size.height + 40;
  }).length;
  const showText = singlesShown <= MAX_LABELED_MARKERS;

  // Read through a ref so that the memoised marker layer keeps one handler while the view moves.
  const latestView = useRef({ view, size });
  useLayoutEffect(() => {
    latestView.current = { view, size };
  });
  const zoomToCluster = useCallback(
    (cluster: MarkerCluster) => {
      markMoved();
      const { view: current, size: viewport } = latestView.current;
      const fit = fitTransform(
        cluster.items.map((item) => item.plane),
        viewport,
        { padding: 60 },
      );
      // Always at least one step closer, so a tight group still opens up.
      const k = Math.min(MAX_ZOOM, Math.max(fit.k, current.k * ZOOM_STEP));
      const centreX = (fit.x - viewport.width / 2) / -fit.k;
      const centreY = (fit.y - viewport.height / 2) / -fit.k;
      applyTransform({ k, x: viewport.width / 2 - centreX * k, y: viewport.height / 2 - centreY * k });
    },
    [applyTransform, markMoved],
  );

  return (
    <Box
      ref={setContainer}
      role="region"
      aria-label={label}
      tabIndex={interactive ? 0 : undefined}
      onKeyDown={handleKeyDown}
      onWheel={interactive ? markMoved : undefined}
      onPointerDown={interactive ? markMoved : undefined}
      sx={{
        position: 'relative',
        height,
        minHeight: 0,
        overflow: 'hidden',
        bgcolor: MAP_COLORS.water,
        borderRadius: 1,
        outline: 'none',
        '&:focus-visible': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
        userSelect: 'none',
        touchAction: interactive ? 'none' : 'auto',
      }}
    >
      <Box
        ref={layersRef}
        data-map-layers=""
        sx={{ position: 'absolute', inset: 0, transformOrigin: '0 0', willChange: 'transform' }}
      >
        {base.kind === 'webgl' && base.webGlStarted && (
          <Suspense fallback={null}>
            <WebGlBaseMap
              camera={camera}
              tilesUrl={tilesUrl}
              language={currentLang()}
              onLoading={base.onLoading}
              onReady={base.onReady}
              onUnavailable={base.onUnavailable}
            />
          </Suspense>
        )}
        {/* Above the WebGL map's canvas, which shows its background until its tiles are drawn. */}
        {base.showPreview && <BaseMapPreview view={view} size={size} onDrawn={base.onPreviewDrawn} />}
        <svg
          width="100%"
          height="100%"
          data-zoom={view.k.toFixed(3)}
          data-base-map={base.kind}
          data-base-picture={base.picture}
          style={{
            position: 'absolute',
            inset: 0,
            display: 'block',
            cursor: interactive ? 'grab' : 'default',
          }}
        >
          <g transform={`translate(${view.x},${view.y}) scale(${view.k})`}>
            {base.paths && <OutlineLand paths={base.paths} />}
            {circles.map((circle) => (
              <path
                key={circle.id}
                d={circlePath(circle)}
                fill={circle.color}
                fillOpacity={0.05}
                stroke={circle.color}
                strokeOpacity={0.55}
                strokeDasharray="6 4"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {lines.map((line) => (
              <path
                key={line.id}
                d={linePath(line)}
                fill="none"
                stroke={line.color}
                strokeWidth={2.5}
                strokeLinecap="round"
                strokeDasharray={line.dashed ? '6 5' : undefined}
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </g>
          <g transform={`translate(${view.x},${view.y})`}>
            <MarkerLayer
              groups={groups}
              selectedId={selectedId}
              showText={showText}
              onMarkerClick={onMarkerClick}
              onClusterClick={zoomToCluster}
            />
          </g>
        </svg>
      </Box>

      {base.picture === 'none' && <MapLoadingOverlay failed={base.failed} onRetry={base.retry} />}

      {interactive && (
        <MapControls
          onZoomIn={() => {
            markMoved();
            zoomBy(ZOOM_STEP);
          }}
          onZoomOut={() => {
            markMoved();
            zoomBy(1 / ZOOM_STEP);
          }}
          onFit={fitToContent}
        />
      )}
      {overlay && (
        // On a phone the map's credits take the bottom right: the legend sits above their line.
        <Box sx={{ position: 'absolute', left: 8, bottom: { xs: 36, sm: 8 }, maxWidth: 'calc(100% - 16px)' }}>
          {overlay}
        </Box>
      )}
    </Box>
  );
}
