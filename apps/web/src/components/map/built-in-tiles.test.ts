import { readFileSync } from 'node:fs';
import { URL as FileUrl } from 'node:url';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { PMTiles, type Source } from 'pmtiles';
import { describe, expect, it } from 'vitest';
import placeList from './geodata/places.json';
import { placeRank, type Place } from './base-map-data';
import { BUILT_IN_LAYERS, BUILT_IN_MAX_ZOOM, placesLabelledBy, tileOf } from './built-in-tiles';

// The built-in base map's archive as the app ships it (geodata/base-map.pmtiles), read with the same
// PMTiles reader the map uses: what a dispatcher sees depends on what these tiles hold.

// node's URL: the page environment's own URL class is not the one the file system reads.
const bytes = readFileSync(new FileUrl('./geodata/base-map.pmtiles', import.meta.url));
const places = placeList as unknown as Place[];

const source: Source = {
  getKey: () => 'base-map.pmtiles',
  getBytes: (offset, length) =>
    Promise.resolve({ data: new Uint8Array(bytes.subarray(offset, offset + length)).buffer }),
};
const archive = new PMTiles(source);

type Layers = Record<string, { name: string; rank: number }[] | number>;

/** A tile's layers: the places' names and ranks, and how many features each other layer has. */
async function tileAt(z: number, x: number, y: number): Promise<Layers> {
  const tile = await archive.getZxy(z, x, y);
  if (!tile) return {};
  // The reader inflates the gzipped tile, as it does for the map.
  const vector = new VectorTile(new PbfReader(new Uint8Array(tile.data)));
  const layers: Layers = {};
  for (const [name, layer] of Object.entries(vector.layers)) {
    if (name !== 'places') {
      layers[name] = layer.length;
      continue;
    }
    layers.places = Array.from({ length: layer.length }, (_, index) => {
      const properties = layer.feature(index).properties;
      return { name: String(properties.name), rank: Number(properties.rank) };
    });
  }
  return layers;
}

async function tileHolding(lat: number, lon: number, z: number): Promise<Layers> {
  const { x, y } = tileOf(lat, lon, z);
  return tileAt(z, x, y);
}

const namesIn = (layers: Layers) =>
  Array.isArray(layers.places) ? layers.places.map((place) => place.name) : [];

const CHICAGO = { lat: 41.88, lon: -87.63 };

describe('the built-in base map tiles', () => {
  it('are gzipped vector tiles of zooms 0 to 7 over the US, Canada and their neighbours', async () => {
    const header = await archive.getHeader();
    expect(header).toMatchObject({ specVersion: 3, tileType: 1, tileCompression: 2, minZoom: 0 });
    expect(header.maxZoom).toBe(BUILT_IN_MAX_ZOOM);
    // Alaska's Aleutians to Newfoundland and Greenland, the Florida Keys and Mexico to the Arctic islands.
    expect(header.minLon).toBeLessThanOrEqual(-168);
    expect(header.maxLon).toBeGreaterThanOrEqual(-52);
    expect(header.minLat).toBeLessThanOrEqual(24.5);
    expect(header.maxLat).toBeGreaterThanOrEqual(83);
    // A view reads a few tiles: the largest is well under what the whole continent used to cost.
    expect(bytes.length).toBeLessThan(2_000_000);
  });

  it('hold the land, lakes, state lines and the border where the map shows them', async () => {
    const chicago = await tileHolding(CHICAGO.lat, CHICAGO.lon, 6);
    expect(chicago.regions).toBeGreaterThan(0);
    expect(chicago.lakes).toBeGreaterThan(0);
    expect(chicago['region-lines']).toBeGreaterThan(0);
    // Detroit and Windsor: the border runs through the river between them.
    const detroit = await tileHolding(42.33, -83.05, 7);
    expect(detroit.border).toBeGreaterThan(0);
    expect(Object.keys(detroit).every((name) => (BUILT_IN_LAYERS as readonly string[]).includes(name))).toBe(
      true,
    );
  });

  it('hold each place from the zoom where it is labelled, and every place in the last zoom', async () => {
    // The metropolises from the whole world's view on.
    expect(namesIn(await tileHolding(CHICAGO.lat, CHICAGO.lon, 0))).toContain('Chicago');
    expect(namesIn(await tileHolding(CHICAGO.lat, CHICAGO.lon, 2))).not.toContain('Milwaukee');
    const continent = namesIn(await tileHolding(CHICAGO.lat, CHICAGO.lon, 3));
    expect(continent).toContain('Chicago');
    expect(continent).not.toContain('Milwaukee');
    expect(namesIn(await tileHolding(CHICAGO.lat, CHICAGO.lon, 4))).toContain('Milwaukee');
    const region = namesIn(await tileHolding(CHICAGO.lat, CHICAGO.lon, 5));
    expect(region).toContain('Rockford');
    expect(region).not.toContain('Gary');
    // Momence (IL), about 3,000 people, is labelled from zoom 9: drawn from the zoom 7 tile.
    const last = await tileHolding(41.16, -87.66, BUILT_IN_MAX_ZOOM);
    expect(namesIn(last)).toEqual(expect.arrayContaining(['Chicago', 'Gary', 'Momence']));
  });

  it('are in step with geodata/places.json: the last zoom holds every place, with its rank', async () => {
    // A place is looked for in the tile that holds its point (a tile also repeats its neighbours' places
    // near its edges).
    const tiles = new Map<string, Set<string>>();
    for (const [name, , lon, lat, population] of places) {
      const { x, y } = tileOf(lat, lon, BUILT_IN_MAX_ZOOM);
      const key = `${x}/${y}`;
      let held = tiles.get(key);
      if (!held) {
        const layers = await tileAt(BUILT_IN_MAX_ZOOM, x, y);
        held = new Set(
          (Array.isArray(layers.places) ? layers.places : []).map((place) => `${place.name}:${place.rank}`),
        );
        tiles.set(key, held);
      }
      expect(held.has(`${name}:${placeRank(population)}`), `${name} in tile ${key}`).toBe(true);
    }
    expect(placesLabelledBy(BUILT_IN_MAX_ZOOM, 6)).toBe(true);
    expect(placesLabelledBy(5, 3)).toBe(false);
    expect(placesLabelledBy(1, 0)).toBe(true);
  });
});
