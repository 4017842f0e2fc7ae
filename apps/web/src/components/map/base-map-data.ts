import { geoPath, type GeoProjection } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { greatLakesCanadianWaters } from './great-lakes';
import { mapProjection } from './map-projection';

// The offline base map's land, drawn from two TopoJSON packages shipped with the app (no network, no key):
// us-atlas states-10m (US Census, 1:10,000,000) for the states, and world-atlas countries-50m (Natural
// Earth, 1:50,000,000) for Canada and, as a lighter neighbour, Mexico. Both are loaded on first use as
// their own chunks, so only the map screens and the load page carry them, and projected once into SVG
// path strings on the map's plane.

/** ISO 3166 numeric codes, as world-atlas names its countries. */
const CANADA = '124';
const MEXICO = '484';
const UNITED_STATES = '840';

export type BaseMapPaths = {
  /** Mexico, drawn paler than the US and Canada. */
  neighbours: string;
  canada: string;
  /** The Canadian waters of the Great Lakes (the US waters are not land in us-atlas). */
  lakes: string;
  states: string;
  /** Lines between two states. */
  stateLines: string;
  /** The border between the US and Canada, through the lakes too. */
  border: string;
};

type StatesTopology = Topology<{ states: GeometryCollection<{ name: string }> }>;
type CountriesTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;

export function buildBaseMapPaths(
  statesTopology: StatesTopology,
  countriesTopology: CountriesTopology,
  projection: GeoProjection = mapProjection,
): BaseMapPaths {
  // Three decimals of a plane unit is a sixteenth of a pixel at the deepest zoom.
  const path = geoPath(projection).digits(3);
  const countries = countriesTopology.objects.countries;
  const country = (id: string) => {
    const geometry = countries.geometries.find((candidate) => String(candidate.id) === id);
    return geometry ? feature(countriesTopology, geometry) : null;
  };
  const draw = (object: GeoJSON.GeoJsonObject | null) => (object ? (path(object as never) ?? '') : '');
  const states = statesTopology.objects.states;
  return {
    neighbours: draw(country(MEXICO)),
    canada: draw(country(CANADA)),
    lakes: draw(greatLakesCanadianWaters()),
    states: draw(feature(statesTopology, states)),
    stateLines: draw(mesh(statesTopology, states, (a, b) => a !== b)),
    border: draw(
      mesh(
        countriesTopology,
        countries,
        (a, b) =>
          (String(a.id) === CANADA && String(b.id) === UNITED_STATES) ||
          (String(a.id) === UNITED_STATES && String(b.id) === CANADA),
      ),
    ),
  };
}

let loading: Promise<BaseMapPaths> | null = null;

/** The base map's paths, loaded and projected once per page. */
export function loadBaseMapPaths(): Promise<BaseMapPaths> {
  loading ??= Promise.all([import('us-atlas/states-10m.json'), import('world-atlas/countries-50m.json')])
    .then(([states, countries]) =>
      buildBaseMapPaths(
        states.default as unknown as StatesTopology,
        countries.default as unknown as CountriesTopology,
      ),
    )
    .catch((error: unknown) => {
      // A failed chunk (the app was updated meanwhile) may be asked again.
      loading = null;
      throw error;
    });
  return loading;
}
