import type { ExpressionSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { layers as protomapsLayers, namedFlavor } from '@protomaps/basemaps';
import { PLACE_LABEL_ZOOMS } from './built-in-tiles';
import { BUILT_IN_ATTRIBUTION, MAP_COLORS } from './map-style';

// The WebGL base map's style, one of two:
// - built in (no key, no tile URL, no outside service): land, water, lakes, state and province lines, the
//   US and Canada border, and the towns and cities labelled by size, each at the zoom where its label fits
//   (PLACE_LABEL_ZOOMS), read from the vector tiles shipped with the app (geodata/base-map.pmtiles, see
//   built-in-tiles.ts);
// - a self-hosted PMTiles archive (company_instance.map_tiles_url): the Protomaps basemap with highways,
//   streets and their names, labelled in the user's language where the tiles have it.
// Text is drawn from the browser's own fonts (the style has no glyph server), so nothing is fetched from
// outside either way. The markers, routes and circles are drawn over the base map by base-map.tsx.

export type BaseStyleInput =
  { kind: 'built-in'; tilesUrl: string } | { kind: 'tiles'; tilesUrl: string; language: 'en' | 'ru' };

/** The font of the labels: the app's own first, then what every system has. */
export const LABEL_FONT = ['Roboto Regular', 'Helvetica Neue', 'Arial'];
const LABEL_FONT_BOLD = ['Roboto Medium', 'Helvetica Neue', 'Arial'];

/** Label sizes by rank, in pixels. */
const PLACE_TEXT_SIZES = [14, 13, 12.5, 12, 11.5, 11, 10.5] as const;

/** The highest rank shown at the current zoom: a step expression over PLACE_LABEL_ZOOMS. */
function visibleRank(): ExpressionSpecification {
  const steps: (number | ExpressionSpecification)[] = [];
  PLACE_LABEL_ZOOMS.forEach((zoom, rank) => {
    if (rank > 0) steps.push(zoom, rank);
  });
  return ['step', ['zoom'], 0, ...steps] as unknown as ExpressionSpecification;
}

function byRank(values: readonly number[]): ExpressionSpecification {
  const pairs = values.slice(0, -1).flatMap((value, rank) => [rank, value]);
  return ['match', ['get', 'rank'], ...pairs, values.at(-1)!] as unknown as ExpressionSpecification;
}

const BUILT_IN_SOURCE = 'base';

function builtInLayers(): LayerSpecification[] {
  const placeFilter: ExpressionSpecification = ['<=', ['get', 'rank'], visibleRank()];
  return [
    { id: 'water', type: 'background', paint: { 'background-color': MAP_COLORS.water } },
    {
      id: 'neighbours',
      type: 'fill',
      source: BUILT_IN_SOURCE,
      'source-layer': 'neighbours',
      paint: { 'fill-color': MAP_COLORS.neighbour, 'fill-outline-color': MAP_COLORS.coast },
    },
    {
      id: 'regions',
      type: 'fill',
      source: BUILT_IN_SOURCE,
      'source-layer': 'regions',
      paint: { 'fill-color': MAP_COLORS.land, 'fill-outline-color': MAP_COLORS.coast },
    },
    {
      id: 'lakes',
      type: 'fill',
      source: BUILT_IN_SOURCE,
      'source-layer': 'lakes',
      paint: { 'fill-color': MAP_COLORS.water },
    },
    {
      id: 'region-lines',
      type: 'line',
      source: BUILT_IN_SOURCE,
      'source-layer': 'region-lines',
      layout: { 'line-join': 'round' },
      paint: {
        'line-color': MAP_COLORS.stateLine,
        'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.8, 9, 1.6],
      },
    },
    {
      id: 'border',
      type: 'line',
      source: BUILT_IN_SOURCE,
      'source-layer': 'border',
      layout: { 'line-join': 'round' },
      paint: { 'line-color': MAP_COLORS.border, 'line-width': 1.2, 'line-dasharray': [4, 2] },
    },
    {
      id: 'place-dots',
      type: 'circle',
      source: BUILT_IN_SOURCE,
      'source-layer': 'places',
      filter: placeFilter,
      paint: {
        'circle-radius': byRank([3.5, 3, 2.6, 2.3, 2, 1.8, 1.6]),
        'circle-color': MAP_COLORS.placeDot,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 0.8,
      },
    },
    {
      id: 'place-labels',
      type: 'symbol',
      source: BUILT_IN_SOURCE,
      'source-layer': 'places',
      filter: placeFilter,
      layout: {
        'text-field': ['get', 'name'],
        'text-font': [
          'case',
          ['<=', ['get', 'rank'], 1],
          ['literal', LABEL_FONT_BOLD],
          ['literal', LABEL_FONT],
        ],
        'text-size': byRank(PLACE_TEXT_SIZES),
        'text-variable-anchor': ['left', 'right', 'top', 'bottom'],
        'text-radial-offset': 0.45,
        'text-justify': 'auto',
        'text-max-width': 8,
        // The biggest place wins where two labels would overlap.
        'symbol-sort-key': ['-', ['get', 'population']],
      },
      paint: {
        'text-color': MAP_COLORS.placeText,
        'text-halo-color': 'rgba(255, 255, 255, 0.92)',
        'text-halo-width': 1.4,
      },
    },
  ];
}

/** An archive's absolute address: the key the PMTiles protocol knows the archive by. */
export function pmtilesArchiveUrl(tilesUrl: string, origin: string): string {
  return new URL(tilesUrl, origin).href;
}

/** A URL as MapLibre's PMTiles protocol reads it: absolute, behind pmtiles://. */
export function pmtilesSourceUrl(tilesUrl: string, origin: string): string {
  return `pmtiles://${pmtilesArchiveUrl(tilesUrl, origin)}`;
}

export function buildBaseStyle(
  input: BaseStyleInput,
  origin = globalThis.location?.origin ?? '',
): StyleSpecification {
  if (input.kind === 'tiles') {
    const flavor = { ...namedFlavor('light'), regular: LABEL_FONT[0]!, bold: LABEL_FONT_BOLD[0]! };
    return {
      version: 8,
      sources: {
        protomaps: {
          type: 'vector',
          url: pmtilesSourceUrl(input.tilesUrl, origin),
          attribution: '© OpenStreetMap contributors, Protomaps',
        },
      },
      layers: protomapsLayers('protomaps', flavor, { lang: input.language }),
    };
  }
  return {
    version: 8,
    sources: {
      [BUILT_IN_SOURCE]: {
        type: 'vector',
        url: pmtilesSourceUrl(input.tilesUrl, origin),
        attribution: BUILT_IN_ATTRIBUTION,
      },
    },
    layers: builtInLayers(),
  };
}
