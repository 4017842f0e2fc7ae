import { describe, expect, it } from 'vitest';
import {
  fitTransform,
  fromScreen,
  homeTransform,
  cameraOf,
  fromPlane,
  kmToPlaneUnits,
  MAX_ZOOM,
  toPlane,
  toScreen,
  WORLD_SIZE,
} from './map-projection';

const TORONTO = { lat: 43.65, lon: -79.38 };
const VANCOUVER = { lat: 49.28, lon: -123.12 };
const MONTREAL = { lat: 45.5, lon: -73.57 };
const WINNIPEG = { lat: 49.9, lon: -97.14 };
const MIAMI = { lat: 25.76, lon: -80.19 };
const SEATTLE = { lat: 47.61, lon: -122.33 };
const CHICAGO = { lat: 41.88, lon: -87.63 };
const DALLAS = { lat: 32.78, lon: -96.8 };

describe('the map projection', () => {
  it('shows the Canadian cities in the first view, with the US', () => {
    const viewport = { width: 800, height: 500 };
    const home = homeTransform(viewport);
    for (const city of [TORONTO, VANCOUVER, MONTREAL, WINNIPEG, MIAMI, SEATTLE, DALLAS]) {
      const [x, y] = toScreen(toPlane(city)!, home);
      expect(x >= 0 && x <= 800 && y >= 0 && y <= 500, JSON.stringify(city)).toBe(true);
    }
  });

  it('is the plane of the WebGL base map: the world 512 units wide, 0,0 at 180 W and 85.05 N', () => {
    const [west, north] = toPlane({ lat: 85.0511, lon: -180 })!;
    expect(west).toBeCloseTo(0, 3);
    expect(north).toBeCloseTo(0, 2);
    expect(toPlane({ lat: 0, lon: 0 })).toEqual([WORLD_SIZE / 2, WORLD_SIZE / 2]);
    const back = fromPlane(toPlane(CHICAGO)!);
    expect(back.lat).toBeCloseTo(CHICAGO.lat, 6);
    expect(back.lon).toBeCloseTo(CHICAGO.lon, 6);
  });

  it('gives the base map the camera of a view: the middle of the screen and zoom log2(k)', () => {
    const viewport = { width: 800, height: 500 };
    const chicago = toPlane(CHICAGO)!;
    const k = 2 ** 7;
    const camera = cameraOf({ k, x: 400 - chicago[0] * k, y: 250 - chicago[1] * k }, viewport);
    expect(camera.zoom).toBeCloseTo(7);
    expect(camera.center.lat).toBeCloseTo(CHICAGO.lat, 6);
    expect(camera.center.lon).toBeCloseTo(CHICAGO.lon, 6);
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

  it('the home view fills the viewport with the lower 48 and southern Canada, centred', () => {
    const home = homeTransform(viewport);
    const [left, top] = toScreen(toPlane({ lat: 52, lon: -124 })!, home);
    const [right, bottom] = toScreen(toPlane({ lat: 25, lon: -66 })!, home);
    // One pair of edges touches the viewport, the other fits inside it; both are centred.
    expect(left).toBeCloseTo(800 - right);
    expect(top).toBeCloseTo(500 - bottom);
    expect(Math.min(left, top)).toBeCloseTo(0);
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
