import { describe, expect, it } from 'vitest';
import {
  featureFilter,
  validateStyleMin,
  type FilterSpecification,
  type StyleSpecification,
} from '@maplibre/maplibre-gl-style-spec';
import placeList from './geodata/places.json';
import { placesCollection, type Place } from './base-map-data';
import { BUILT_IN_LAYERS, labelledRankAt, PLACE_LABEL_ZOOMS } from './built-in-tiles';
import { buildBaseStyle, pmtilesSourceUrl } from './map-base-style';

const ORIGIN = 'https://dispatch.example.com';
const BUILT_IN_ARCHIVE = '/assets/base-map-1a2b3c.pmtiles';

function builtInStyle() {
  const places = placesCollection(placeList as unknown as Place[]);
  return { style: buildBaseStyle({ kind: 'built-in', tilesUrl: BUILT_IN_ARCHIVE }, ORIGIN), places };
}

/** The names the style labels at a zoom, among some places (evaluated by MapLibre's own filter code). */
function labelledAt(
  style: StyleSpecification,
  zoom: number,
  names: string[],
  places: GeoJSON.FeatureCollection,
) {
  const layer = style.layers.find((candidate) => candidate.id === 'place-labels')!;
  const filter = featureFilter((layer as { filter: FilterSpecification }).filter, 'layout');
  return places.features
    .filter((item) => names.includes(String(item.properties?.name)))
    .filter((item) =>
      filter.filter({ zoom }, { type: 1, properties: item.properties ?? {}, geometry: [] } as never),
    )
    .map((item) => String(item.properties?.name));
}

describe('the built-in base map style', () => {
  it('draws water, the neighbours, the states and provinces, lakes, their lines, the border and the places', () => {
    const { style } = builtInStyle();
    expect(style.layers.map((layer) => layer.id)).toEqual([
      'water',
      'neighbours',
      'regions',
      'lakes',
      'region-lines',
      'border',
      'place-dots',
      'place-labels',
    ]);
    expect(validateStyleMin(style)).toEqual([]);
  });

  it('reads only the vector tiles shipped with the app: no glyph server, no sprite (labels use local fonts)', () => {
    const { style } = builtInStyle();
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(style.sources).toEqual({
      base: {
        type: 'vector',
        url: `pmtiles://${ORIGIN}${BUILT_IN_ARCHIVE}`,
        attribution: 'Natural Earth, GeoNames',
      },
    });
    expect(JSON.stringify({ ...style, sources: {} })).not.toMatch(/https?:\/\//);
    // Every layer but the sea reads a layer the archive holds.
    const read = style.layers.flatMap((layer) => ('source-layer' in layer ? [layer['source-layer']] : []));
    expect(new Set(read)).toEqual(new Set(BUILT_IN_LAYERS));
  });

  it('labels each place from the zoom where it fits: metropolises first, towns of 1,000 up close', () => {
    const { style, places } = builtInStyle();
    // Chicago 2.7 M, Milwaukee 600 k, Rockford 150 k, Gary 80 k, Valparaiso 31 k,
    // Morris (IL) 13 k, Momence 3 k.
    const names = ['Chicago', 'Milwaukee', 'Rockford', 'Gary', 'Valparaiso', 'Morris', 'Momence'];
    expect(PLACE_LABEL_ZOOMS).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(labelledAt(style, 3, names, places)).toEqual(['Chicago']);
    expect(labelledAt(style, 4, names, places).sort()).toEqual(['Chicago', 'Milwaukee']);
    expect(labelledAt(style, 5, names, places)).toContain('Rockford');
    expect(labelledAt(style, 5, names, places)).not.toContain('Gary');
    expect(labelledAt(style, 6, names, places)).toContain('Gary');
    expect(labelledAt(style, 7, names, places)).toContain('Valparaiso');
    expect(labelledAt(style, 8, names, places)).toContain('Morris');
    expect(labelledAt(style, 8, names, places)).not.toContain('Momence');
    expect(labelledAt(style, 9, names, places)).toContain('Momence');
  });

  it('labels, at each zoom, the ranks the tiles of that zoom hold (built-in-tiles.ts)', () => {
    const { style } = builtInStyle();
    const layer = style.layers.find((candidate) => candidate.id === 'place-labels')!;
    const filter = featureFilter((layer as { filter: FilterSpecification }).filter, 'layout');
    for (let zoom = 0; zoom <= 10; zoom += 0.5) {
      const shown = [0, 1, 2, 3, 4, 5, 6].filter((rank) =>
        filter.filter({ zoom }, { type: 1, properties: { rank }, geometry: [] } as never),
      );
      expect(Math.max(...shown), `zoom ${zoom}`).toBe(labelledRankAt(zoom));
      expect(shown).toHaveLength(labelledRankAt(zoom) + 1);
    }
  });

  it('lets the bigger place win where two labels would overlap', () => {
    const { style } = builtInStyle();
    const labels = style.layers.find((layer) => layer.id === 'place-labels')!;
    expect(labels.layout).toMatchObject({ 'symbol-sort-key': ['-', ['get', 'population']] });
  });
});

describe('the self-hosted street map style', () => {
  it('reads the company PMTiles archive (a path on the app or a bucket URL) with highways and street names', () => {
    const style = buildBaseStyle({ kind: 'tiles', tilesUrl: '/map/tiles.pmtiles', language: 'en' }, ORIGIN);
    expect(Object.keys(style.sources)).toEqual(['protomaps']);
    expect(style.sources.protomaps).toMatchObject({
      type: 'vector',
      url: `pmtiles://${ORIGIN}/map/tiles.pmtiles`,
    });
    const ids = style.layers.map((layer) => layer.id);
    expect(ids).toEqual(expect.arrayContaining(['roads_highway', 'roads_labels_major', 'places_locality']));
    expect(style.glyphs).toBeUndefined();
    expect(validateStyleMin(style)).toEqual([]);
    expect(pmtilesSourceUrl('https://tiles.carrier.example/na.pmtiles', ORIGIN)).toBe(
      'pmtiles://https://tiles.carrier.example/na.pmtiles',
    );
  });

  it('labels in Russian for a Russian-speaking user, where the tiles have the name', () => {
    const russian = JSON.stringify(
      buildBaseStyle({ kind: 'tiles', tilesUrl: '/t.pmtiles', language: 'ru' }, ORIGIN),
    );
    const english = JSON.stringify(
      buildBaseStyle({ kind: 'tiles', tilesUrl: '/t.pmtiles', language: 'en' }, ORIGIN),
    );
    expect(russian).toContain('name:ru');
    expect(english).not.toContain('name:ru');
  });
});
