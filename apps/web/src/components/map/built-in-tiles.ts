// The built-in base map's vector tiles (geodata/base-map.pmtiles, written by scripts/build-map-tiles.ts):
// what the archive holds and what its style (map-base-style.ts) reads, kept here so the two agree.

/** The archive's layers, in drawing order of their style layers. */
export const BUILT_IN_LAYERS = [
  'neighbours',
  'regions',
  'lakes',
  'region-lines',
  'border',
  'places',
] as const;

/** The archive's last zoom: closer views draw its tiles enlarged (the outlines have no finer detail). */
export const BUILT_IN_MAX_ZOOM = 7;

/**
 * The base map zoom from which a place of each label rank (base-map-data.ts placeRank) is labelled:
 * metropolises from the first view of the continent, towns of 1,000 people when the view is a county.
 */
export const PLACE_LABEL_ZOOMS = [3, 4, 5, 6, 7, 8, 9] as const;

/** The highest label rank shown at a zoom: the metropolises (rank 0) at every zoom. */
export function labelledRankAt(zoom: number): number {
  return PLACE_LABEL_ZOOMS.reduce((shown, from, rank) => (from <= zoom ? rank : shown), 0);
}

/**
 * Whether a tile of zoom z holds a place of this rank: the places labelled at z (a view between two zooms
 * draws the tiles of the lower one), and every place in the last zoom's tiles, which the closer views draw
 * from.
 */
export function placesLabelledBy(zoom: number, rank: number): boolean {
  return zoom >= BUILT_IN_MAX_ZOOM || rank <= labelledRankAt(zoom);
}

/** The tile of a zoom level that holds a point (Web Mercator, as in the PMTiles and XYZ schemes). */
export function tileOf(lat: number, lon: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = Math.floor((0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n);
  return { x: Math.min(n - 1, Math.max(0, x)), y: Math.min(n - 1, Math.max(0, y)) };
}
