import { tileOf } from './built-in-tiles';
import { WORLD_SIZE, type ViewTransform, type ViewportSize } from './map-projection';

// The built-in base map's preview (geodata/base-map-preview.pmtiles, drawn by
// scripts/build-map-preview.ts): pictures of the map as MapLibre draws it, 512 pixels a side, for the
// levels PREVIEW_MIN_LEVEL to PREVIEW_MAX_LEVEL. A tile of level L covers the tile (L, x, y) of the usual
// grid, and is 512 pixels wide when the map's zoom is L (the plane is 512 units wide at zoom 0, see
// map-projection.ts). Which of them a view shows, and where, is chosen here; base-map-preview.tsx draws them.

export const PREVIEW_TILE_SIZE = 512;
export const PREVIEW_MIN_LEVEL = 1;
export const PREVIEW_MAX_LEVEL = 6;
/**
 * Views closer than this get no preview: its last level's pictures would be enlarged more than twice
 * (blurred text), and such a view needs only a few vector tiles, so the WebGL map comes soon anyway.
 */
export const PREVIEW_MAX_VIEW_ZOOM = PREVIEW_MAX_LEVEL + 1;
/** Where the pictures were drawn: the US and Canada south of the high Arctic. Open water is not stored. */
export const PREVIEW_BOUNDS = { west: -170, south: 18, east: -52, north: 72 };

export type PreviewTile = {
  /** "level/x/y". */
  key: string;
  level: number;
  x: number;
  y: number;
  /** Where the picture is drawn in the map, in whole pixels: neighbours meet without a seam. */
  left: number;
  top: number;
  width: number;
  height: number;
};

/** The level whose pictures a zoom shows: the nearest, so labels are the ones of that zoom and barely scaled. */
export function previewLevel(zoom: number): number {
  return Math.min(PREVIEW_MAX_LEVEL, Math.max(PREVIEW_MIN_LEVEL, Math.round(zoom)));
}

/** Whether a view has a preview: views closer than PREVIEW_MAX_VIEW_ZOOM get none. */
export function hasPreview(view: ViewTransform): boolean {
  return Math.log2(view.k) <= PREVIEW_MAX_VIEW_ZOOM;
}

/** The preview's pictures that cover a view, or null when the view is too close for a preview. */
export function previewTiles(view: ViewTransform, size: ViewportSize): PreviewTile[] | null {
  if (!hasPreview(view)) return null;
  const level = previewLevel(Math.log2(view.k));
  const tileSpan = (WORLD_SIZE / 2 ** level) * view.k;
  const northWest = tileOf(PREVIEW_BOUNDS.north, PREVIEW_BOUNDS.west, level);
  const southEast = tileOf(PREVIEW_BOUNDS.south, PREVIEW_BOUNDS.east, level);
  const first = (offset: number, min: number) => Math.max(min, Math.floor(-offset / tileSpan));
  const last = (offset: number, extent: number, max: number) =>
    Math.min(max, Math.floor((extent - offset) / tileSpan));
  const edge = (index: number, offset: number) => Math.round(index * tileSpan + offset);
  const tiles: PreviewTile[] = [];
  for (let x = first(view.x, northWest.x); x <= last(view.x, size.width, southEast.x); x++) {
    for (let y = first(view.y, northWest.y); y <= last(view.y, size.height, southEast.y); y++) {
      const left = edge(x, view.x);
      const top = edge(y, view.y);
      tiles.push({
        key: `${level}/${x}/${y}`,
        level,
        x,
        y,
        left,
        top,
        width: edge(x + 1, view.x) - left,
        height: edge(y + 1, view.y) - top,
      });
    }
  }
  return tiles;
}
