import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { select } from 'd3-selection';
import { zoom, zoomIdentity, type ZoomBehavior } from 'd3-zoom';
import { MAX_ZOOM, MIN_ZOOM, PAN_LIMITS, type ViewTransform, type ViewportSize } from './map-projection';

// How the app's own map moves (base-map.tsx): d3-zoom on the map's container. While a gesture lasts (a
// drag, a pinch, a run of wheel turns) the drawn layers are moved by a CSS transform, which the browser's
// compositor applies without painting, and the view is drawn anew when the gesture ends, or when it has
// moved the picture so far that its edges would show.

/** A gesture's picture is drawn anew once it has moved this share of the map's width or height... */
const REDRAW_AFTER_SHARE = 0.35;
/** ...or been scaled beyond these factors. */
const REDRAW_OUTSIDE_SCALE: [number, number] = [0.6, 1.7];

export type MapZoomInput = {
  container: HTMLDivElement | null;
  interactive: boolean;
  /** The base map and the SVG layer, moved together while a gesture lasts. */
  layersRef: RefObject<HTMLDivElement | null>;
  sizeRef: RefObject<ViewportSize>;
  /** The view the layers show as drawn: a gesture's CSS transform is relative to it. */
  drawnView: RefObject<ViewTransform>;
  setTransform: (view: ViewTransform) => void;
};

/** Pan and zoom: the view set by the app (a fit), and moved by steps (the buttons and the keys). */
export function useMapZoom({
  container,
  interactive,
  layersRef,
  sizeRef,
  drawnView,
  setTransform,
}: MapZoomInput) {
  const zoomRef = useRef<ZoomBehavior<HTMLDivElement, unknown> | null>(null);
  const gesturing = useRef(false);

  const applyTransform = useCallback(
    (next: ViewTransform) => {
      const element = container;
      const behavior = zoomRef.current;
      if (element && behavior)
        behavior.transform(select(element), zoomIdentity.translate(next.x, next.y).scale(next.k));
      else setTransform(next);
    },
    [container, setTransform],
  );

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
  }, [interactive, container, layersRef, sizeRef, drawnView, setTransform]);

  const zoomBy = useCallback(
    (factor: number) => {
      const element = container;
      const behavior = zoomRef.current;
      if (element && behavior) behavior.scaleBy(select(element), factor);
    },
    [container],
  );
  const panBy = useCallback(
    (dx: number, dy: number) => {
      const element = container;
      const behavior = zoomRef.current;
      // translateBy works in plane units at the current scale.
      if (element && behavior) behavior.translateBy(select(element), dx, dy);
    },
    [container],
  );

  return { applyTransform, zoomBy, panBy };
}
