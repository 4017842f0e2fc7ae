import { describe, expect, it } from 'vitest';
import {
  fitTransform,
  fromScreen,
  homeTransform,
  kmToPlaneUnits,
  MAP_HEIGHT,
  MAP_WIDTH,
  MAX_ZOOM,
  toPlane,
  toScreen,
} from './map-projection';

const TORONTO = { lat: 43.65, lon: -79.38 };
const VANCOUVER = { lat: 49.28, lon: -123.12 };
const MONTREAL = { lat: 45.5, lon: -73.57 };
const WINNIPEG = { lat: 49.9, lon: -97.14 };
const MIAMI = { lat: 25.76, lon: -80.19 };
const SEATTLE = { lat: 47.61, lon: -122.33 };
const CHICAGO = { lat: 41.88, lon: -87.63 };
const DALLAS = { lat: 32.78, lon: -96.8 };

const inPlane = (point: readonly [number, number] | null) =>
  point !== null && point[0] >= 0 && point[0] <= MAP_WIDTH && point[1] >= 0 && point[1] <= MAP_HEIGHT;

describe('the map projection', () => {
  it('shows the Canadian cities in the first view, with the US', () => {
    for (const city of [TORONTO, VANCOUVER, MONTREAL, WINNIPEG, MIAMI, SEATTLE, DALLAS]) {
      expect(inPlane(toPlane(city)), JSON.stringify(city)).toBe(true);
    }
  });

  it('keeps north up and west left', () => {
    const toronto = toPlane(TORONTO)!;
    const dallas = toPlane(DALLAS)!;
    const vancouver = toPlane(VANCOUVER)!;
    expect(toronto[1]).toBeLessThan(dallas[1]);
    expect(vancouver[0]).toBeLessThan(toronto[0]);
  });

  it('keeps distances true in every direction near a place (conformal): a radius stays a circle', () => {
    const centre = toPlane(CHICAGO)!;
    const north = kmToPlaneUnits(CHICAGO, 200);
    // 200 km east along the parallel: 1 degree of longitude is 111.2 km * cos(latitude).
    const east = toPlane({
      lat: CHICAGO.lat,
      lon: CHICAGO.lon + 200 / (111.2 * Math.cos((CHICAGO.lat * Math.PI) / 180)),
    })!;
    const eastUnits = Math.hypot(east[0] - centre[0], east[1] - centre[1]);
    expect(Math.abs(eastUnits - north) / north).toBeLessThan(0.02);
  });

  it('gives no point for coordinates that are not numbers', () => {
    expect(toPlane({ lat: Number.NaN, lon: -80 })).toBeNull();
  });
});

describe('view transforms', () => {
  const viewport = { width: 800, height: 500 };

  it('the home view fills the viewport with the plane, centred', () => {
    const home = homeTransform(viewport);
    expect(home.k).toBeCloseTo(Math.min(800 / MAP_WIDTH, 500 / MAP_HEIGHT));
    const [left] = toScreen([0, 0], home);
    const [right] = toScreen([MAP_WIDTH, 0], home);
    expect(left).toBeCloseTo(800 - right);
  });

  it('fitting shows every point inside the padding, and centres them', () => {
    const points = [toPlane(CHICAGO)!, toPlane(DALLAS)!, toPlane(TORONTO)!];
    const fit = fitTransform(points, viewport, { padding: 40 });
    for (const point of points) {
      const [x, y] = toScreen(point, fit);
      expect(x).toBeGreaterThanOrEqual(40 - 1e-6);
      expect(x).toBeLessThanOrEqual(760 + 1e-6);
      expect(y).toBeGreaterThanOrEqual(40 - 1e-6);
      expect(y).toBeLessThanOrEqual(460 + 1e-6);
    }
    // The tighter side touches the padding: the view is as large as fits.
    const xs = points.map((point) => toScreen(point, fit)[0]);
    const ys = points.map((point) => toScreen(point, fit)[1]);
    const touchesX = Math.abs(Math.min(...xs) - 40) < 1e-6 && Math.abs(Math.max(...xs) - 760) < 1e-6;
    const touchesY = Math.abs(Math.min(...ys) - 40) < 1e-6 && Math.abs(Math.max(...ys) - 460) < 1e-6;
    expect(touchesX || touchesY).toBe(true);
  });

  it('a single place is shown with a region around it, not at the deepest zoom', () => {
    const fit = fitTransform([toPlane(CHICAGO)!], viewport);
    expect(fit.k).toBeLessThan(MAX_ZOOM);
    const [x, y] = toScreen(toPlane(CHICAGO)!, fit);
    expect(x).toBeCloseTo(400);
    expect(y).toBeCloseTo(250);
    // About 120 miles (190 km) across the shorter side.
    const kmAcross = (500 - 64) / fit.k / kmToPlaneUnits(CHICAGO, 1);
    expect(kmAcross).toBeGreaterThan(120);
    expect(kmAcross).toBeLessThan(260);
  });

  it('nothing to fit shows the home view', () => {
    expect(fitTransform([], viewport)).toEqual(homeTransform(viewport));
  });

  it('screen and plane points convert both ways', () => {
    const transform = { k: 3, x: -120, y: 45 };
    expect(fromScreen(toScreen([210, 330], transform), transform)).toEqual([210, 330]);
  });
});
