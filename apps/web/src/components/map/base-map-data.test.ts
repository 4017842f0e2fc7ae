import { describe, expect, it } from 'vitest';
import { geoContains } from 'd3-geo';
import places from './geodata/places.json';
import {
  buildBaseMapPaths,
  loadBaseMapGeography,
  placeRank,
  placesCollection,
  type Place,
} from './base-map-data';

const contains = (collection: GeoJSON.FeatureCollection, lon: number, lat: number) =>
  collection.features.some((item) => geoContains(item, [lon, lat]));

describe('the map geography', () => {
  it('has the states and provinces as land, the Great Lakes as water, and their ports on land', async () => {
    const { regions, lakes, neighbours } = await loadBaseMapGeography();
    const codes = regions.features.map((item) => String(item.id));
    expect(codes).toEqual(expect.arrayContaining(['IL', 'TX', 'AK', 'HI', 'ON', 'QC', 'BC', 'NU']));
    expect(codes).toHaveLength(64);
    for (const [name, lon, lat] of [
      ['Chicago', -87.65, 41.85],
      ['Toronto', -79.38, 43.66],
      ['Thunder Bay', -89.25, 48.39],
      ['Windsor', -83.02, 42.3],
      ['Cleveland', -81.69, 41.48],
    ] as const) {
      expect(contains(regions, lon, lat), name).toBe(true);
      expect(contains(lakes, lon, lat), name).toBe(false);
    }
    for (const [name, lon, lat] of [
      ['Lake Ontario', -77.9, 43.65],
      ['Lake Michigan', -87.0, 43.0],
      ['Lake Superior, Canadian half', -87.0, 48.1],
      ['Georgian Bay', -80.7, 45.3],
    ] as const) {
      expect(contains(lakes, lon, lat), name).toBe(true);
    }
    // Mexico is a neighbour; the US and Canada are not.
    expect(contains(neighbours, -99.13, 19.43)).toBe(true);
    expect(contains(neighbours, -87.65, 41.85)).toBe(false);
    // The same promise answers every map on the page.
    await expect(loadBaseMapGeography()).resolves.toBe(await loadBaseMapGeography());
  });

  it('draws the same geography as SVG paths for a browser without WebGL', async () => {
    const paths = buildBaseMapPaths(await loadBaseMapGeography());
    for (const [layer, path] of Object.entries(paths)) {
      expect(path.length, layer).toBeGreaterThan(100);
      expect(path.startsWith('M'), layer).toBe(true);
    }
  });
});

describe('the places of the labels', () => {
  const list = places as unknown as Place[];

  it('are the towns and cities of the US and Canada with 1,000 people or more, biggest first', () => {
    expect(list.length).toBeGreaterThan(15_000);
    expect(list.every((place) => place[4] >= 1000)).toBe(true);
    expect(list.slice(0, 3).map((place) => place[0])).toEqual(['New York City', 'Los Angeles', 'Chicago']);
    for (let index = 1; index < list.length; index++)
      expect(list[index]![4]).toBeLessThanOrEqual(list[index - 1]![4]);
    expect(list.find((place) => place[0] === 'Toronto')?.[1]).toBe('ON');
    expect(list.find((place) => place[0] === 'Gary')?.[1]).toBe('IN');
    // Towns, not the districts of a city (Chicago's Uptown is a section of Chicago in GeoNames).
    expect(list.some(([name, region]) => name === 'Uptown' && region === 'IL')).toBe(false);
    // Every place lies in the US or Canada (Hawaii to Newfoundland, the Keys to the Arctic).
    expect(list.every(([, , lon, lat]) => lon >= -180 && lon <= -52 && lat >= 18 && lat <= 83)).toBe(true);
  });

  it('are ranked for labels by population: metropolises, big cities, cities, towns, small towns', () => {
    expect(placeRank(2_720_546)).toBe(0);
    expect(placeRank(1_000_000)).toBe(0);
    expect(placeRank(999_999)).toBe(1);
    expect(placeRank(300_000)).toBe(1);
    expect(placeRank(100_000)).toBe(2);
    expect(placeRank(80_000)).toBe(3);
    expect(placeRank(15_000)).toBe(4);
    expect(placeRank(5_000)).toBe(5);
    expect(placeRank(1_000)).toBe(6);
  });

  it('become GeoJSON points with their name, population and rank', () => {
    const collection = placesCollection(list);
    expect(collection.features).toHaveLength(list.length);
    const chicago = collection.features.find((item) => item.properties?.name === 'Chicago')!;
    expect(chicago.geometry.coordinates).toEqual([-87.65, 41.85]);
    expect(chicago.properties).toMatchObject({ region: 'IL', population: 2_720_546, rank: 0 });
  });
});
