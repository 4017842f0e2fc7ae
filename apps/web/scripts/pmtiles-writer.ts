import { GeoJSONVT, type GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { zxyToTileId } from 'pmtiles';
import { tileOf } from '../src/components/map/built-in-tiles';

export { tileOf };

// Writes PMTiles v3 archives of vector tiles: the built-in base map (build-map-tiles.ts) and the street
// extracts the end-to-end tests serve. Layout: a 127-byte header, the root directory, the JSON metadata, no
// leaf directories, then the tile data in tile id order (clustered). Tiles of identical bytes are stored
// once, and a run of consecutive tile ids with the same bytes is one directory entry.
// https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md

const HEADER_BYTES = 127;
const TILE_TYPE_MVT = 1;
/** The vector tiles' grid: 4096 units a side, as every MVT writer and reader uses. */
export const TILE_EXTENT = 4096;

/** PMTiles compression codes: tiles stored as they are, or gzipped (the reader inflates them). */
export const COMPRESSION = { none: 1, gzip: 2 } as const;

export type TileAddress = { z: number; x: number; y: number };
export type ArchiveTile = TileAddress & { data: Uint8Array };
export type Bounds = { west: number; south: number; east: number; north: number };

/** Each named layer's features tiled into vector tiles up to maxZoom (cut on demand by getTile). */
export function tileIndexes(
  layers: Record<string, GeoJSON.Feature[]>,
  maxZoom: number,
): Record<string, GeoJSONVT> {
  return Object.fromEntries(
    Object.entries(layers).map(([name, features]) => [
      name,
      new GeoJSONVT({ type: 'FeatureCollection', features }, { maxZoom, extent: TILE_EXTENT }),
    ]),
  );
}

/** The box around the features' coordinates, for an archive's header; the whole map without any. */
export function boundsOf(features: readonly GeoJSON.Feature[]): Bounds {
  const bounds = { west: 180, south: 90, east: -180, north: -90 };
  const visit = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number') {
      const [lon, lat] = value as [number, number];
      bounds.west = Math.min(bounds.west, lon);
      bounds.east = Math.max(bounds.east, lon);
      bounds.south = Math.min(bounds.south, lat);
      bounds.north = Math.max(bounds.north, lat);
    } else value.forEach(visit);
  };
  for (const item of features) visit((item.geometry as { coordinates?: unknown }).coordinates);
  return bounds.west > bounds.east ? { west: -180, south: -85, east: 180, north: 85 } : bounds;
}

/**
 * One Mapbox Vector Tile (version 2) of the named layers' cuts of a tile; null when none has a feature
 * there (the archive leaves such a tile out).
 */
export function encodeTile(indexes: Record<string, GeoJSONVT>, { z, x, y }: TileAddress): Uint8Array | null {
  const cut: Record<string, GeoJSONVTTile> = {};
  for (const [name, index] of Object.entries(indexes)) {
    const tile = index.getTile(z, x, y);
    if (tile && tile.features.length > 0) cut[name] = tile;
  }
  if (Object.keys(cut).length === 0) return null;
  return fromGeojsonVt(cut, { version: 2, extent: TILE_EXTENT });
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
function serializeDirectory(entries: Entry[]): Uint8Array {
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
  return Uint8Array.from(out);
}

export type ArchiveOptions = {
  /** How `data` of every tile is compressed (the caller compresses). */
  tileCompression: keyof typeof COMPRESSION;
  metadata: Record<string, unknown>;
  bounds: Bounds;
  center: { lon: number; lat: number; zoom: number };
};

export type PmtilesArchive = {
  bytes: Buffer;
  /** Where the tile data starts and its length: a range request at or past the start reads tiles. */
  tileDataOffset: number;
  tileDataLength: number;
  /** The tiles written, by tile id. */
  tiles: (ArchiveTile & { tileId: number })[];
  /** How many different tile contents are stored. */
  contents: number;
};

const e7 = (degrees: number) => Math.round(degrees * 1e7);

export function writePmtiles(tiles: ArchiveTile[], options: ArchiveOptions): PmtilesArchive {
  if (tiles.length === 0) throw new Error('a PMTiles archive needs at least one tile');
  const sorted = tiles
    .map((tile) => ({ ...tile, tileId: zxyToTileId(tile.z, tile.x, tile.y) }))
    .sort((a, b) => a.tileId - b.tileId);
  const entries: Entry[] = [];
  const stored = new Map<string, { offset: number; length: number }>();
  const chunks: Uint8Array[] = [];
  let dataLength = 0;
  for (const tile of sorted) {
    const key = Buffer.from(tile.data).toString('base64');
    let place = stored.get(key);
    if (!place) {
      place = { offset: dataLength, length: tile.data.length };
      stored.set(key, place);
      chunks.push(tile.data);
      dataLength += tile.data.length;
    }
    const last = entries.at(-1);
    if (last && last.offset === place.offset && last.tileId + last.runLength === tile.tileId) {
      last.runLength += 1;
    } else {
      entries.push({ tileId: tile.tileId, offset: place.offset, length: place.length, runLength: 1 });
    }
  }
  const root = serializeDirectory(entries);
  const metadata = new TextEncoder().encode(JSON.stringify(options.metadata));
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const tileDataOffset = metadataOffset + metadata.length;
  const zooms = sorted.map((tile) => tile.z);
  const compression = COMPRESSION[options.tileCompression];

  const header = Buffer.alloc(HEADER_BYTES);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const uint64 = (offset: number, value: number) => header.writeBigUInt64LE(BigInt(value), offset);
  uint64(8, rootOffset);
  uint64(16, root.length);
  uint64(24, metadataOffset);
  uint64(32, metadata.length);
  uint64(40, tileDataOffset); // no leaf directories
  uint64(48, 0);
  uint64(56, tileDataOffset);
  uint64(64, dataLength);
  uint64(72, sorted.length); // addressed tiles
  uint64(80, entries.length); // tile entries
  uint64(88, stored.size); // tile contents
  header.writeUInt8(1, 96); // clustered: the tile data is in tile id order
  header.writeUInt8(COMPRESSION.none, 97); // internal compression (directories, metadata)
  header.writeUInt8(compression, 98);
  header.writeUInt8(TILE_TYPE_MVT, 99);
  header.writeUInt8(Math.min(...zooms), 100);
  header.writeUInt8(Math.max(...zooms), 101);
  const { west, south, east, north } = options.bounds;
  header.writeInt32LE(e7(west), 102);
  header.writeInt32LE(e7(south), 106);
  header.writeInt32LE(e7(east), 110);
  header.writeInt32LE(e7(north), 114);
  header.writeUInt8(options.center.zoom, 118);
  header.writeInt32LE(e7(options.center.lon), 119);
  header.writeInt32LE(e7(options.center.lat), 123);

  return {
    bytes: Buffer.concat([header, root, metadata, ...chunks]),
    tileDataOffset,
    tileDataLength: dataLength,
    tiles: sorted,
    contents: stored.size,
  };
}
