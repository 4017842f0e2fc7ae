import { lazy, memo, useCallback, useEffect, useState } from 'react';
import { buildBaseMapPaths, loadBaseMapGeography, type BaseMapPaths } from './base-map-data';
import { MAP_COLORS } from './map-style';
import type { WebGlBaseMapProps } from './webgl-base-map';

// The picture under the app's own map's markers: the WebGL base map (webgl-base-map.tsx), or, in a browser
// without WebGL, the outlines of the same geography drawn in SVG; and which is shown when.
//
// With WebGL, the first picture is the built-in map's preview (base-map-preview.tsx), drawn as soon as the
// view is known. MapLibre's code (about 300 kB compressed, and a tenth of a second of a laptop's processor
// to start) is fetched and started only once the preview is drawn, when the page is next idle: the page,
// its markers and the preview come first. The WebGL map replaces the preview when its own first picture is
// complete. Views too close for the preview show the loading state until the WebGL map is drawn.

/** What stands in for the WebGL base map when its code cannot be fetched: the outline map is drawn. */
function WebGlUnavailable({ onUnavailable }: WebGlBaseMapProps) {
  useEffect(onUnavailable, [onUnavailable]);
  return <></>;
}

let webGlBaseMapCode: Promise<{ default: typeof WebGlUnavailable }> | null = null;

function loadWebGlBaseMap() {
  webGlBaseMapCode ??= import('./webgl-base-map').catch(() => ({ default: WebGlUnavailable }));
  return webGlBaseMapCode;
}

// MapLibre is fetched by the pages that show a map only, once the map's preview is drawn (base-map.tsx).
export const WebGlBaseMap = lazy(loadWebGlBaseMap);

let webGlSupported: boolean | undefined;

/**
 * Whether the browser can draw WebGL (tests and old or locked-down browsers cannot). Asked once per page:
 * each probe makes a WebGL context, and a browser keeps only a few of those alive at a time.
 */
function hasWebGl(): boolean {
  if (webGlSupported === undefined) {
    try {
      webGlSupported =
        typeof WebGL2RenderingContext !== 'undefined' &&
        document.createElement('canvas').getContext('webgl2') !== null;
    } catch {
      webGlSupported = false;
    }
  }
  return webGlSupported;
}

/** Runs a task when the page is next idle (at the latest after a second); answers how to cancel it. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 50);
  return () => clearTimeout(handle);
}

/** What the map shows under its markers: the preview until the WebGL map (or the outlines) is drawn. */
export type BaseMapPicture = 'webgl' | 'outline' | 'preview' | 'none';

type BaseMapState = {
  /** 'webgl' until WebGL turns out to be missing, then 'outline'. */
  kind: 'webgl' | 'outline';
  ready: boolean;
  paths: BaseMapPaths | null;
  failed: boolean;
};

/**
 * Which base map is drawn, whether it is there yet, and the outline map's paths when it is the one.
 * previewFits: the view has a preview (not too close) and its size is measured.
 */
export function useBaseMap(previewFits: boolean) {
  const [state, setState] = useState<BaseMapState>(() => ({
    kind: hasWebGl() ? 'webgl' : 'outline',
    ready: false,
    paths: null,
    failed: false,
  }));
  const [attempt, setAttempt] = useState(0);
  const outline = state.kind === 'outline';
  useEffect(() => {
    if (!outline) return;
    let cancelled = false;
    loadBaseMapGeography()
      .then((geography) => {
        if (!cancelled)
          setState((previous) => ({ ...previous, paths: buildBaseMapPaths(geography), ready: true }));
      })
      .catch(() => !cancelled && setState((previous) => ({ ...previous, failed: true })));
    return () => {
      cancelled = true;
    };
  }, [outline, attempt]);
  const retry = useCallback(() => {
    setState((previous) => ({ ...previous, failed: false }));
    setAttempt((value) => value + 1);
  }, []);
  const onLoading = useCallback(() => setState((previous) => ({ ...previous, ready: false })), []);
  const onReady = useCallback(() => setState((previous) => ({ ...previous, ready: true })), []);
  const onUnavailable = useCallback(
    () => setState((previous) => ({ ...previous, kind: 'outline', ready: false })),
    [],
  );

  const [previewDrawn, setPreviewDrawn] = useState(false);
  const onPreviewDrawn = useCallback(() => setPreviewDrawn(true), []);
  const showPreview = state.kind === 'webgl' && !state.ready && previewFits;
  const picture: BaseMapPicture = state.ready ? state.kind : showPreview && previewDrawn ? 'preview' : 'none';
  const [webGlStarted, setWebGlStarted] = useState(false);
  const previewPending = showPreview && !previewDrawn;
  useEffect(() => {
    if (state.kind !== 'webgl' || webGlStarted || previewPending) return;
    return whenIdle(() => setWebGlStarted(true));
  }, [state.kind, webGlStarted, previewPending]);

  return {
    ...state,
    picture,
    showPreview,
    onPreviewDrawn,
    webGlStarted,
    retry,
    onLoading,
    onReady,
    onUnavailable,
  };
}

/** The outline map of a browser without WebGL, memoised: thousands of points that never change. */
export const OutlineLand = memo(function OutlineLand({ paths }: { paths: BaseMapPaths }) {
  const common = { vectorEffect: 'non-scaling-stroke' as const, strokeLinejoin: 'round' as const };
  return (
    <g aria-hidden>
      <path d={paths.neighbours} fill={MAP_COLORS.neighbour} stroke={MAP_COLORS.coast} {...common} />
      <path d={paths.regions} fill={MAP_COLORS.land} stroke={MAP_COLORS.coast} {...common} />
      <path d={paths.lakes} fill={MAP_COLORS.water} />
      <path d={paths.regionLines} fill="none" stroke={MAP_COLORS.stateLine} {...common} />
      <path
        d={paths.border}
        fill="none"
        stroke={MAP_COLORS.border}
        strokeDasharray="5 3"
        strokeWidth={1.2}
        {...common}
      />
    </g>
  );
});
