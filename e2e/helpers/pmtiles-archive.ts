import {
  boundsOf,
  encodeTile,
  tileIndexes,
  tileOf,
  writePmtiles,
  type PmtilesArchive,
  type TileAddress,
} from '../../apps/web/scripts/pmtiles-writer';
import { CHICAGO, CHICAGO_LAYERS } from './chicago-streets';

// A small PMTiles v3 archive of vector tiles around Chicago, built in memory: what a carrier would put in
// its own bucket (a Protomaps extract), cut down to a few streets, the lake and the city (chicago-streets.ts,
// in the Protomaps basemap schema, so the Protomaps style draws them as it draws a real extract). Nothing
// in it is compressed.

export const MIN_ZOOM = 0;
export const MAX_ZOOM = 12;

export { CHICAGO, tileOf, type PmtilesArchive, type TileAddress };

/** The tiles of the archive: at each zoom, the one holding Chicago and its (up to) 8 neighbours. */
export function chicagoTiles(): TileAddress[] {
  const tiles: TileAddress[] = [];
  for (let z = MIN_ZOOM; z <= MAX_ZOOM; z++) {
    const centre = tileOf(CHICAGO.lat, CHICAGO.lon, z);
    const n = 2 ** z;
    for (let x = Math.max(0, centre.x - 1); x <= Math.min(n - 1, centre.x + 1); x++) {
      for (let y = Math.max(0, centre.y - 1); y <= Math.min(n - 1, centre.y + 1); y++)
        tiles.push({ z, x, y });
    }
  }
  return tiles;
}

/** Builds the archive: the Chicago layers over chicagoTiles(), or other layers and tiles for a test. */
export function buildPmtilesArchive(
  layers: Record<string, GeoJSON.Feature[]> = CHICAGO_LAYERS,
  addresses: TileAddress[] = chicagoTiles(),
): PmtilesArchive {
  const indexes = tileIndexes(layers, MAX_ZOOM);
  const tiles = addresses.flatMap((address) => {
    const data = encodeTile(indexes, address);
    return data ? [{ ...address, data }] : [];
  });
  return writePmtiles(tiles, {
    tileCompression: 'none',
    metadata: {
      name: 'Chicago streets (test extract)',
      format: 'pbf',
      attribution: '© OpenStreetMap contributors',
      vector_layers: Object.keys(layers).map((id) => ({
        id,
        fields: {},
        minzoom: MIN_ZOOM,
        maxzoom: MAX_ZOOM,
      })),
    },
    bounds: boundsOf(layers.earth ?? []),
    center: { ...CHICAGO, zoom: 10 },
  });
}

/** The byte range a `Range: bytes=a-b` header asks of a file of `size` bytes, or null when it cannot be served. */
export function requestedRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    // A suffix: the last N bytes.
    const length = Math.min(Number(match[2]), size);
    return length > 0 ? { start: size - length, end: size - 1 } : null;
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start < size && start <= end ? { start, end } : null;
}
