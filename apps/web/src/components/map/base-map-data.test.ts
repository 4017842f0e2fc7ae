import { describe, expect, it } from 'vitest';
import { geoContains } from 'd3-geo';
import { buildBaseMapPaths, loadBaseMapPaths } from './base-map-data';
import { greatLakesCanadianWaters, orientedPolygon } from './great-lakes';

const lakes = { type: 'Feature', properties: {}, geometry: greatLakesCanadianWaters() } as const;
const inLakes = (lon: number, lat: number) => geoContains(lakes, [lon, lat]);

describe('the Canadian waters of the Great Lakes', () => {
  it('leave the Ontario lake ports on land', () => {
    const ports: [string, number, number][] = [
      ['Toronto', -79.38, 43.66],
      ['Hamilton', -79.87, 43.25],
      ['Kingston', -76.49, 44.24],
      ['Oshawa', -78.86, 43.9],
      ['Thunder Bay', -89.25, 48.39],
      ['Sault Ste. Marie', -84.33, 46.52],
      ['Sarnia', -82.38, 42.98],
      ['Windsor', -83.02, 42.3],
      ['Leamington', -82.6, 42.06],
      ['Port Stanley', -81.21, 42.67],
      ['Goderich', -81.7, 43.75],
      ['Owen Sound', -80.94, 44.56],
      ['Parry Sound', -80.03, 45.35],
      ['Little Current (Manitoulin)', -81.93, 45.97],
      ['Manitoulin Island', -82.2, 45.8],
      ['Pelee Island', -82.65, 41.77],
      ['Marathon', -86.4, 48.73],
    ];
    for (const [name, lon, lat] of ports) expect(inLakes(lon, lat), name).toBe(false);
  });

  it('cover the open water on the Canadian side', () => {
    const waters: [string, number, number][] = [
      ['Lake Ontario off Toronto', -79.3, 43.5],
      ['Lake Ontario, middle', -77.9, 43.65],
      ['Lake Erie, north half', -81.0, 42.45],
      ['Lake Huron, Canadian half', -82.0, 44.5],
      ['Georgian Bay', -80.7, 45.3],
      ['North Channel', -82.6, 46.08],
      ['Lake Superior, Canadian half', -87.0, 48.1],
    ];
    for (const [name, lon, lat] of waters) expect(inLakes(lon, lat), name).toBe(true);
  });

  it('are small polygons, not the rest of the globe (the rings turn the way d3 reads them)', () => {
    expect(inLakes(-96.8, 32.78)).toBe(false);
    expect(inLakes(2.35, 48.86)).toBe(false);
    const reversed = orientedPolygon([
      [
        [-80, 43],
        [-79, 43],
        [-79, 44],
        [-80, 44],
      ].reverse() as [number, number][],
    ]);
    expect(geoContains(reversed, [-79.5, 43.5])).toBe(true);
    expect(geoContains(reversed, [0, 0])).toBe(false);
  });
});

describe('the base map data', () => {
  it('draws the states, Canada, Mexico, the lakes and the borders from the bundled packages', async () => {
    const paths = await loadBaseMapPaths();
    for (const [layer, path] of Object.entries(paths)) {
      expect(path.length, layer).toBeGreaterThan(100);
      expect(path.startsWith('M'), layer).toBe(true);
    }
    // The same promise answers every map on the page.
    await expect(loadBaseMapPaths()).resolves.toBe(paths);
  });

  it('leaves out a country that the data does not have', () => {
    const empty = {
      type: 'Topology',
      arcs: [],
      objects: { countries: { type: 'GeometryCollection', geometries: [] } },
    };
    const states = {
      type: 'Topology',
      arcs: [],
      objects: { states: { type: 'GeometryCollection', geometries: [] } },
    };
    const paths = buildBaseMapPaths(states as never, empty as never);
    expect(paths.canada).toBe('');
    expect(paths.neighbours).toBe('');
  });
});
