import { GeoJSONVT } from '@maplibre/geojson-vt';
import type { GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { zxyToTileId } from 'pmtiles';
import { CHICAGO, CHICAGO_LAYERS } from './chicago-streets';

// A small PMTiles v3 archive of vector tiles around Chicago, built in memory: what a carrier would put in
// its own bucket (a Protomaps extract), cut down to a few streets, the lake and the city (chicago-streets.ts,
// in the Protomaps basemap schema, so the Protomaps style draws them as it draws a real extract).
// Layout (PMTiles v3): a 127-byte header, the root directory, the JSON metadata, no leaf directories, then
// the tile data in tile id order; nothing compressed.

const HEADER_BYTES = 127;
const COMPRESSION_NONE = 1;
const TILE_TYPE_MVT = 1;
const EXTENT = 4096;

export const MIN_ZOOM = 0;
export const MAX_ZOOM = 12;

export { CHICAGO };

export type TileAddress = { z: number; x: number; y: number };

/** The tile of a zoom level that holds a point (Web Mercator, as in the PMTiles and XYZ schemes). */
export function tileOf(lat: number, lon: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = Math.floor((0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n);
  return { x: Math.min(n - 1, Math.max(0, x)), y: Math.min(n - 1, Math.max(0, y)) };
}

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

/** An unsigned LEB128 varint, as PMTiles directories are written (numbers up to 2^53). */
function writeVarint(out: number[], value: number): void {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

type Entry = { tileId: number; offset: number; length: number; runLength: number };

/** A directory: count, tile id deltas, run lengths, lengths, offsets (0 = right after the previous entry's). */
export function serializeDirectory(entries: Entry[]): Buffer {
  const out: number[] = [];
  writeVarint(out, entries.length);
  let lastId = 0;
  for (const entry of entries) {
    writeVarint(out, entry.tileId - lastId);
    lastId = entry.tileId;
  }
  for (const entry of entries) writeVarint(out, entry.runLength);
  for (const entry of entries) writeVarint(out, entry.length);
  entries.forEach((entry, index) => {
    const previous = index > 0 ? entries[index - 1]! : null;
    const contiguous = previous !== null && entry.offset === previous.offset + previous.length;
    writeVarint(out, contiguous ? 0 : entry.offset + 1);
  });
  return Buffer.from(out);
}

export type PmtilesArchive = {
  bytes: Buffer;
  /** Where the tile data starts and its length: a range request at or past the start reads tiles. */
  tileDataOffset: number;
  tileDataLength: number;
  tiles: (TileAddress & { tileId: number; data: Buffer })[];
};

/** Cuts the layers into Mapbox Vector Tiles (version 2, extent 4096) for the given tiles. */
function cutTiles(layers: Record<string, GeoJSON.Feature[]>, tiles: TileAddress[]): PmtilesArchive['tiles'] {
  const indexes = Object.entries(layers).map(
    ([name, features]) =>
      [
        name,
        new GeoJSONVT({ type: 'FeatureCollection', features }, { maxZoom: MAX_ZOOM, extent: EXTENT }),
      ] as const,
  );
  return tiles.map(({ z, x, y }) => {
    const cut: Record<string, GeoJSONVTTile> = {};
    for (const [name, index] of indexes) {
      const tile = index.getTile(z, x, y);
      if (tile && tile.features.length > 0) cut[name] = tile;
    }
    const data = Buffer.from(fromGeojsonVt(cut, { version: 2, extent: EXTENT }));
    return { z, x, y, tileId: zxyToTileId(z, x, y), data };
  });
}

function writeUint64(header: Buffer, offset: number, value: number): void {
  header.writeBigUInt64LE(BigInt(value), offset);
}

const e7 = (degrees: number) => Math.round(degrees * 1e7);

/** Builds the archive: the Chicago layers over chicagoTiles(), or other layers and tiles for a test. */
export function buildPmtilesArchive(
  layers: Record<string, GeoJSON.Feature[]> = CHICAGO_LAYERS,
  addresses: TileAddress[] = chicagoTiles(),
): PmtilesArchive {
  const tiles = cutTiles(layers, addresses).sort((a, b) => a.tileId - b.tileId);
  const entries: Entry[] = [];
  let offset = 0;
  for (const tile of tiles) {
    entries.push({ tileId: tile.tileId, offset, length: tile.data.length, runLength: 1 });
    offset += tile.data.length;
  }
  const root = serializeDirectory(entries);
  const metadata = Buffer.from(
    JSON.stringify({
      name: 'Chicago streets (test extract)',
      format: 'pbf',
      attribution: '© OpenStreetMap contributors',
      vector_layers: Object.keys(layers).map((id) => ({
        id,
        fields: {},
        minzoom: MIN_ZOOM,
        maxzoom: MAX_ZOOM,
      })),
    }),
  );
  const tileData = Buffer.concat(tiles.map((tile) => tile.data));
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const leafOffset = metadataOffset + metadata.length;
  const tileDataOffset = leafOffset;
  const zooms = addresses.map((tile) => tile.z);
  const { west, south, east, north } = boundsOf(layers.earth ?? []);

  const header = Buffer.alloc(HEADER_BYTES);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  writeUint64(header, 8, rootOffset);
  writeUint64(header, 16, root.length);
  writeUint64(header, 24, metadataOffset);
  writeUint64(header, 32, metadata.length);
  writeUint64(header, 40, leafOffset);
  writeUint64(header, 48, 0);
  writeUint64(header, 56, tileDataOffset);
  writeUint64(header, 64, tileData.length);
  writeUint64(header, 72, tiles.length); // addressed tiles
  writeUint64(header, 80, entries.length); // tile entries
  writeUint64(header, 88, tiles.length); // tile contents (none shared)
  header.writeUInt8(1, 96); // clustered: the tile data is in tile id order
  header.writeUInt8(COMPRESSION_NONE, 97); // internal compression
  header.writeUInt8(COMPRESSION_NONE, 98); // tile compression
  header.writeUInt8(TILE_TYPE_MVT, 99);
  header.writeUInt8(Math.min(...zooms), 100);
  header.writeUInt8(Math.max(...zooms), 101);
  header.writeInt32LE(e7(west), 102);
  header.writeInt32LE(e7(south), 106);
  header.writeInt32LE(e7(east), 110);
  header.writeInt32LE(e7(north), 114);
  header.writeUInt8(10, 118); // centre zoom
  header.writeInt32LE(e7(CHICAGO.lon), 119);
  header.writeInt32LE(e7(CHICAGO.lat), 123);

  return {
    bytes: Buffer.concat([header, root, metadata, tileData]),
    tileDataOffset,
    tileDataLength: tileData.length,
    tiles,
  };
}

/** The bounding box of polygons (the land of the archive), for the header's bounds. */
function boundsOf(features: GeoJSON.Feature[]): { west: number; south: number; east: number; north: number } {
  const points = features.flatMap((feature) =>
    feature.geometry.type === 'Polygon' ? feature.geometry.coordinates.flat() : [],
  );
  if (points.length === 0) return { west: -180, south: -85, east: 180, north: 85 };
  const lons = points.map((point) => point[0]!);
  const lats = points.map((point) => point[1]!);
  return {
    west: Math.min(...lons),
    south: Math.min(...lats),
    east: Math.max(...lons),
    north: Math.max(...lats),
  };
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
