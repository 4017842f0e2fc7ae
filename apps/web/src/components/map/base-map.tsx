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
import { useTranslation } from 'react-i18next';
import { select } from 'd3-selection';
import { zoom, zoomIdentity, type ZoomBehavior } from 'd3-zoom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { OutlineLand, useBaseMap, WebGlBaseMap } from './base-map-picture';
import { clusterPoints, type MarkerGroup } from './map-clustering';
import { MapControls } from './map-controls';
import { MarkerLayer, type MarkerCluster } from './map-marker-layer';
import {
  cameraOf,
  fitTransform,
  homeTransform,
  MAX_ZOOM,
  MIN_ZOOM,
  PAN_LIMITS,
  toPlane,
  type ViewTransform,
  type ViewportSize,
} from './map-projection';
import { circlePath, contentPoints, linePath, type PlacedMarker } from './map-shapes';
import { MAP_COLORS } from './map-style';
import type { MapViewProps } from './map-types';
import { currentLang } from '@/i18n/i18n';

// The app's own map (no key needed): a WebGL base map (webgl-base-map.tsx: land, water, states and
// provinces, towns and cities by size, or full street maps from the company's PMTiles archive) under an
// SVG layer with pan and zoom (wheel, drag, pinch, the buttons, and the keyboard: + and - zoom, the arrows
// pan, 0 shows everything again), markers that group into numbered clusters when they would overlap,
// route lines and search circles. The SVG layer owns the view transform and the base map follows it, so
// markers are real buttons (keyboard, screen readers) on any base map. A browser without WebGL gets the
// outlines of the same geography drawn in the SVG layer instead (base-map-picture.tsx).
//
// While a gesture lasts (a drag, a pinch, a run of wheel turns) the two layers are not redrawn: the picture
// React last drew is moved and scaled by a CSS transform, which the browser's compositor applies without
// painting, and the view is drawn anew when the gesture ends (or when it has moved the picture so far that
// its edges would show). Redrawing the base map and hundreds of markers on every frame of a drag is what a
// laptop without a fast GPU cannot do sixty times a second.

/** One zoom step of the buttons and keys. */
const ZOOM_STEP = 2;
/** One arrow key moves the view this many pixels. */
const PAN_STEP = 80;
/** Text beside markers is shown only while this few are on screen, so it never turns into a smear. */
const MAX_LABELED_MARKERS = 40;
/** A gesture's picture is drawn anew once it has moved this share of the map's width or height... */
const REDRAW_AFTER_SHARE = 0.35;
/** ...or been scaled beyond these factors. */
const REDRAW_OUTSIDE_SCALE: [number, number] = [0.6, 1.7];
/** Before the container is measured (and in tests, where nothing is laid out). */
const FALLBACK_SIZE: ViewportSize = { width: 800, height: 500 };

function useElementSize(element: HTMLElement | null): ViewportSize | null {
  const [size, setSize] = useState<ViewportSize | null>(null);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth;
      const height = element.clientHeight;
      setSize((previous) =>
        previous && previous.width === width && previous.height === height ? previous : { width, height },
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

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
  const { t } = useTranslation();
  const base = useBaseMap();
  const { paths, failed, retry } = base;
  const ready = base.ready;
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const containerRef = useRef<HTMLDivElement | null>(null);
  const attachContainer = useCallback((element: HTMLDivElement | null) => {
    containerRef.current = element;
    setContainer(element);
  }, []);
  // The base map and the SVG layer, moved together by a CSS transform while a gesture lasts.
  const layersRef = useRef<HTMLDivElement | null>(null);
  const zoomRef = useRef<ZoomBehavior<HTMLDivElement, unknown> | null>(null);
  const measured = useElementSize(container);
  const size = measured && measured.width > 0 && measured.height > 0 ? measured : FALLBACK_SIZE;
  const [transform, setTransform] = useState<ViewTransform | null>(null);
  const sizeRef = useRef(size);
  useLayoutEffect(() => {
    sizeRef.current = size;
  }, [size]);
  const view = transform ?? homeTransform(size);
  const camera = useMemo(() => cameraOf(view, size), [view, size]);
  // The view the layers show as drawn; a gesture's CSS transform is relative to it and is cleared in the
  // commit that draws the next view (the base map redraws in the same commit, see webgl-base-map.tsx).
  const drawnView = useRef(view);
  const gesturing = useRef(false);
  useLayoutEffect(() => {
    drawnView.current = view;
    if (layersRef.current) layersRef.current.style.transform = '';
  }, [view]);

  // The markers are drawn a render after the rest: the base map starts (and fetches its tiles) first.
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

  const applyTransform = useCallback((next: ViewTransform) => {
    const element = containerRef.current;
    const behavior = zoomRef.current;
    if (element && behavior)
      behavior.transform(select(element), zoomIdentity.translate(next.x, next.y).scale(next.k));
    else setTransform(next);
  }, []);

  // Pan and zoom by d3-zoom: wheel, drag, pinch and double click, held to the scale and pan limits. The
  // behaviour sits on the container, which never moves, so pointer positions stay true while the layers
  // inside it are moved by the gesture's transform.
  useEffect(() => {
    if (!container || !interactive) return;
    const moveDrawnPicture = (next: ViewTransform): boolean => {
      const layers = layersRef.current;
      const from = drawnView.current;
      if (!layers) return false;
      const scale = next.k / from.k;
      const dx = next.x - from.x * scale;
      const dy = next.y - from.y * scale;
      const { width, height } = sizeRef.current;
      const far =
        Math.abs(dx) > width * REDRAW_AFTER_SHARE ||
        Math.abs(dy) > height * REDRAW_AFTER_SHARE ||
        scale < REDRAW_OUTSIDE_SCALE[0] ||
        scale > REDRAW_OUTSIDE_SCALE[1];
      if (far) return false;
      layers.style.transform = `translate(${dx}px, ${dy}px) scale(${scale})`;
      return true;
    };
    const behavior = zoom<HTMLDivElement, unknown>()
      // The measured size, not the SVG's own (a percentage, which d3 cannot read everywhere).
      .extent(() => [
        [0, 0],
        [sizeRef.current.width, sizeRef.current.height],
      ])
      .scaleExtent([MIN_ZOOM, MAX_ZOOM])
      .translateExtent(PAN_LIMITS)
      // Clicks on markers stay clicks; the map itself is dragged.
      .clickDistance(4)
      .on('start', (event: { sourceEvent: unknown }) => {
        // A change made by the app (the buttons, the keys, a fit) has no source event: drawn at once.
        gesturing.current = Boolean(event.sourceEvent);
      })
      .on('zoom', (event: { transform: ViewTransform }) => {
        const { k, x, y } = event.transform;
        if (gesturing.current && moveDrawnPicture({ k, x, y })) return;
        setTransform({ k, x, y });
      })
      .on('end', (event: { transform: ViewTransform }) => {
        gesturing.current = false;
        const { k, x, y } = event.transform;
        setTransform({ k, x, y });
      });
    const selection = select(container);
    selection.call(behavior);
    // The behaviour starts from the view already shown (a fit may have come before the container).
    const shown = drawnView.current;
    behavior.transform(selection, zoomIdentity.translate(shown.x, shown.y).scale(shown.k));
    zoomRef.current = behavior;
    return () => {
      selection.on('.zoom', null);
      zoomRef.current = null;
    };
  }, [interactive, container]);

  // The view is fitted on first show, when the container changes size before the user moved it, and
  // whenever fitKey changes.
  const fitted = useRef<{ key: string; size: ViewportSize; moved: boolean } | null>(null);
  const fitToContent = useCallback(
    () => applyTransform(fitTransform(fitPointsRef.current, size, { padding: 40 })),
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

  const zoomBy = useCallback((factor: number) => {
    const element = containerRef.current;
    const behavior = zoomRef.current;
    if (element && behavior) behavior.scaleBy(select(element), factor);
  }, []);
  const panBy = useCallback((dx: number, dy: number) => {
    const element = containerRef.current;
    const behavior = zoomRef.current;
    // translateBy works in plane units at the current scale.
    if (element && behavior) behavior.translateBy(select(element), dx, dy);
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
      ref={attachContainer}
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
        {base.kind === 'webgl' && (
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
        <svg
          width="100%"
          height="100%"
          data-zoom={view.k.toFixed(3)}
          data-base-map={base.kind}
          style={{
            position: 'absolute',
            inset: 0,
            display: 'block',
            cursor: interactive ? 'grab' : 'default',
          }}
        >
          <g transform={`translate(${view.x},${view.y}) scale(${view.k})`}>
            {paths && <OutlineLand paths={paths} />}
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

      {!ready && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            // The markers under a loading base map are already there to click.
            pointerEvents: failed ? 'auto' : 'none',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            color: 'text.secondary',
          }}
        >
          {failed ? (
            <>
              <Typography variant="body2" role="alert">
                {t('map.loadFailed')}
              </Typography>
              <Button size="small" variant="outlined" onClick={retry}>
                {t('common.retry')}
              </Button>
            </>
          ) : (
            <Box role="progressbar" aria-label={t('map.loading')} sx={{ display: 'flex', gap: 1 }}>
              <CircularProgress size={16} thickness={5} />
              <Typography variant="body2">{t('map.loading')}</Typography>
            </Box>
          )}
        </Box>
      )}

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
