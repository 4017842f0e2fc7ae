// The offline map's palette: pale land on a grey-blue sea, thin grey borders, so that the coloured
// markers and routes are what the eye finds first.

export const MAP_COLORS = {
  water: '#dfe7ef',
  land: '#fbfbf9',
  neighbour: '#f0f1f3',
  coast: '#b9c3ce',
  stateLine: '#cfd6de',
  border: '#8d99a8',
  text: '#263238',
  /** Towns and cities of the built-in base map. */
  placeDot: '#7b8794',
  placeText: '#3d4852',
  /** The ring around the chosen marker. */
  selected: '#1565c0',
  /** The place a search starts from, and the start of a route. */
  origin: '#6a1b9a',
  pickUp: '#2e7d32',
  delivery: '#c62828',
  route: '#1565c0',
} as const;

/** The pin of the place searched from, in pixels with its tip at 0,0: the same outline on both maps. */
export const MAP_PIN_PATH = 'M0 0 C -3 -6 -9 -10 -9 -17 A 9 9 0 1 1 9 -17 C 9 -10 3 -6 0 0 Z';

/** The built-in map's sources, credited on the map (map-base-style.ts) and on its preview (base-map-preview.tsx). */
export const BUILT_IN_ATTRIBUTION = 'Natural Earth, GeoNames';
