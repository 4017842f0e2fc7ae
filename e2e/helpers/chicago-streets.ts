// The streets of the test archive (pmtiles-archive.ts) as GeoJSON, in the Protomaps basemap schema: the
// layers (earth, water, roads, places) and the properties the Protomaps style filters and labels on (kind,
// kind_detail, name, ref, min_zoom, population_rank). Rough shapes around Chicago, not survey data.

export const CHICAGO = { lat: 41.88, lon: -87.63 };

type Line = [lon: number, lat: number][];

/** Positions written as lon, lat, lon, lat... (shorter to read than one pair a line). */
function pairs(flat: number[]): Line {
  const line: Line = [];
  for (let index = 0; index < flat.length; index += 2) line.push([flat[index]!, flat[index + 1]!]);
  return line;
}

function lineFeature(coordinates: Line, properties: Record<string, string | number>): GeoJSON.Feature {
  return { type: 'Feature', properties, geometry: { type: 'LineString', coordinates } };
}

/** Land around the Great Lakes: the Protomaps style paints `earth`, then `water` over it. */
const EARTH: GeoJSON.Feature = {
  type: 'Feature',
  properties: { kind: 'earth', min_zoom: 0 },
  geometry: {
    type: 'Polygon',
    coordinates: [pairs([-92, 38, -82, 38, -82, 46.5, -92, 46.5, -92, 38])],
  },
};

/** Lake Michigan, roughly: the Chicago shore (east of Lake Shore Drive) to the Michigan and Wisconsin shores. */
const LAKE_MICHIGAN: GeoJSON.Feature = {
  type: 'Feature',
  properties: { kind: 'water', kind_detail: 'lake', name: 'Lake Michigan', min_zoom: 0 },
  geometry: {
    type: 'Polygon',
    coordinates: [
      pairs([
        -87.69, 42.1, -87.67, 42.05, -87.655, 42.01, -87.632, 41.965, -87.626, 41.926, -87.62, 41.912,
        -87.618, 41.902, -87.608, 41.892, -87.612, 41.881, -87.605, 41.852, -87.603, 41.838, -87.58, 41.81,
        -87.57, 41.785, -87.553, 41.765, -87.527, 41.735, -87.516, 41.7, -87.49, 41.68, -87.33, 41.62, -87.1,
        41.64, -86.9, 41.72, -86.49, 42.11, -86.25, 42.75, -86.45, 43.6, -86.25, 44.5, -85.6, 45.2, -85.0,
        45.8, -85.9, 46.0, -87.0, 45.8, -87.6, 45.1, -87.9, 44.5, -87.55, 44.0, -87.7, 43.2, -87.9, 42.7,
        -87.82, 42.3, -87.69, 42.1,
      ]),
    ],
  },
};

const MOTORWAY = { kind: 'highway', kind_detail: 'motorway', min_zoom: 3 };
const ROADS: GeoJSON.Feature[] = [
  lineFeature(
    pairs([
      -87.6475, 41.8755, -87.6445, 41.885, -87.646, 41.8945, -87.652, 41.905, -87.667, 41.916, -87.687,
      41.929, -87.707, 41.94, -87.726, 41.955, -87.738, 41.968, -87.76, 41.972, -87.8, 41.978, -87.85, 41.985,
      -87.9, 41.978,
    ]),
    { ...MOTORWAY, ref: 'I 90', name: 'Kennedy Expressway' },
  ),
  lineFeature(
    pairs([
      -87.6475, 41.8755, -87.6385, 41.86, -87.631, 41.84, -87.6305, 41.8, -87.628, 41.76, -87.627, 41.72,
    ]),
    { ...MOTORWAY, ref: 'I 94', name: 'Dan Ryan Expressway' },
  ),
  lineFeature(pairs([-87.6475, 41.8755, -87.68, 41.8752, -87.72, 41.8745, -87.76, 41.872, -87.8, 41.87]), {
    ...MOTORWAY,
    ref: 'I 290',
    name: 'Eisenhower Expressway',
  }),
  lineFeature(
    pairs([
      -87.6205, 41.7, -87.6215, 41.75, -87.6225, 41.79, -87.6235, 41.84, -87.624, 41.8675, -87.6245, 41.887,
      -87.6243, 41.896, -87.624, 41.9005,
    ]),
    { kind: 'major_road', kind_detail: 'primary', name: 'Michigan Avenue', min_zoom: 7 },
  ),
  lineFeature(
    pairs([
      -87.64, 41.965, -87.634, 41.926, -87.627, 41.912, -87.6255, 41.902, -87.6195, 41.892, -87.6175, 41.881,
      -87.612, 41.852, -87.61, 41.838, -87.589, 41.81, -87.58, 41.785,
    ]),
    { kind: 'major_road', kind_detail: 'primary', name: 'Lake Shore Drive', min_zoom: 7 },
  ),
  lineFeature(pairs([-87.7, 41.8819, -87.6215, 41.8819]), {
    kind: 'minor_road',
    kind_detail: 'residential',
    name: 'Madison Street',
    min_zoom: 12,
  }),
  lineFeature(pairs([-87.627, 41.8, -87.6282, 41.905]), {
    kind: 'minor_road',
    kind_detail: 'residential',
    name: 'State Street',
    min_zoom: 12,
  }),
];

function place(lon: number, lat: number, properties: Record<string, string | number>): GeoJSON.Feature {
  return {
    type: 'Feature',
    properties: { kind: 'locality', ...properties },
    geometry: { type: 'Point', coordinates: [lon, lat] },
  };
}

const PLACES: GeoJSON.Feature[] = [
  place(-87.6298, 41.8781, {
    kind_detail: 'city',
    name: 'Chicago',
    'name:en': 'Chicago',
    'name:ru': 'Чикаго',
    population: 2_746_388,
    population_rank: 15,
    min_zoom: 3,
  }),
  place(-87.688, 42.045, {
    kind_detail: 'town',
    name: 'Evanston',
    population: 78_110,
    population_rank: 10,
    min_zoom: 8,
  }),
  place(-87.784, 41.885, {
    kind_detail: 'town',
    name: 'Oak Park',
    population: 54_583,
    population_rank: 10,
    min_zoom: 8,
  }),
];

/** The archive's layers as GeoJSON, in the Protomaps basemap schema. */
export const CHICAGO_LAYERS: Record<string, GeoJSON.Feature[]> = {
  earth: [EARTH],
  water: [LAKE_MICHIGAN],
  roads: ROADS,
  places: PLACES,
};
