import { geoMercator, type GeoProjection } from 'd3-geo';
import { kmToDegrees } from '@app/domain/geo/geo.rules';
import type { LatLon } from './map-types';

// The maps' plane and view arithmetic. The plane is Web Mercator with the whole world 512 units wide, the
// plane of the WebGL base map at zoom 0 (512-pixel tiles): a view transform {k, x, y} from the plane to the
// screen (screen = plane * k + [x, y]) is the base map's camera at zoom log2(k), so the markers drawn over
// it and the base map below always agree. The fallback outlines (a browser without WebGL) are projected
// once onto the same plane; panning and zooming only change the transform.

/** The world's width on the plane. */
export const WORLD_SIZE = 512;

export type GeoBounds = { west: number; east: number; south: number; north: number };

/** The first view: the lower 48 states and the south of Canada, where almost every load runs. */
export const HOME_BOUNDS: GeoBounds = { west: -124, east: -66, south: 25, north: 52 };

/**
 * How far the map may be zoomed out and in, as screen pixels per plane unit: 2^zoom of the base map, from
 * the whole continent on a phone (zoom 1) to a few streets (zoom 16).
 */
export const MIN_ZOOM = 2 ** 1;
export const MAX_ZOOM = 2 ** 16;

export type ViewTransform = { k: number; x: number; y: number };
export type ViewportSize = { width: number; height: number };
export type PlanePoint = readonly [number, number];

export function createMapProjection(): GeoProjection {
  return geoMercator()
    .scale(WORLD_SIZE / (2 * Math.PI))
    .translate([WORLD_SIZE / 2, WORLD_SIZE / 2]);
}

/** The one projection of the maps. */
export const mapProjection: GeoProjection = createMapProjection();

function planeOf(lon: number, lat: number): [number, number] {
  return mapProjection([lon, lat]) as [number, number];
}

const HOME_NORTH_WEST = planeOf(HOME_BOUNDS.west, HOME_BOUNDS.north);
const HOME_SOUTH_EAST = planeOf(HOME_BOUNDS.east, HOME_BOUNDS.south);

/** Where the view may be panned, in plane units: Hawaii and Alaska to Greenland, the Arctic to Panama. */
export const PAN_LIMITS: [[number, number], [number, number]] = [planeOf(-180, 80), planeOf(-20, 5)];

/** A view fitted around a single place (or places close together) spans about this many plane units. */
const MIN_FIT_SPAN = 3;

/** A place on the plane; null for coordinates that are not numbers. */
export function toPlane(point: LatLon, projection: GeoProjection = mapProjection): PlanePoint | null {
  if (!Number.isFinite(point.lat) || !Number.isFinite(point.lon)) return null;
  const projected = projection([point.lon, point.lat]);
  return projected ? [projected[0], projected[1]] : null;
}

/** The place at a plane point. */
export function fromPlane([px, py]: readonly [number, number]): LatLon {
  const [lon, lat] = mapProjection.invert!([px, py]) as [number, number];
  return { lat, lon };
}

/** The WebGL base map's camera for a view: the place in the middle of the screen, and the zoom. */
export function cameraOf(transform: ViewTransform, viewport: ViewportSize): { center: LatLon; zoom: number } {
  const centre = fromScreen([viewport.width / 2, viewport.height / 2], transform);
  return { center: fromPlane(centre), zoom: Math.log2(transform.k) };
}

/** A plane point on the screen under a transform. */
export function toScreen([px, py]: PlanePoint, transform: ViewTransform): [number, number] {
  return [px * transform.k + transform.x, py * transform.k + transform.y];
}

/** The plane point under a screen point. */
export function fromScreen([sx, sy]: readonly [number, number], transform: ViewTransform): [number, number] {
  return [(sx - transform.x) / transform.k, (sy - transform.y) / transform.k];
}

export type FitOptions = {
  /** Screen pixels kept free on each side. */
  padding?: number;
  minZoom?: number;
  maxZoom?: number;
};

/**
 * The transform that shows every point, centred, as large as fits. A single place or a tight group is
 * shown with a region around it (about 120 miles across) rather than at the deepest zoom.
 */
export function fitTransform(
  points: readonly PlanePoint[],
  viewport: ViewportSize,
  { padding = 32, minZoom = MIN_ZOOM, maxZoom = MAX_ZOOM }: FitOptions = {},
): ViewTransform {
  if (points.length === 0 || viewport.width <= 0 || viewport.height <= 0) {
    return homeTransform(viewport);
  }
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  const spanX = Math.max(maxX - minX, MIN_FIT_SPAN);
  const spanY = Math.max(maxY - minY, MIN_FIT_SPAN);
  const usableWidth = Math.max(viewport.width - 2 * padding, 1);
  const usableHeight = Math.max(viewport.height - 2 * padding, 1);
  const k = clamp(Math.min(usableWidth / spanX, usableHeight / spanY), minZoom, maxZoom);
  const centreX = (minX + maxX) / 2;
  const centreY = (minY + maxY) / 2;
  return { k, x: viewport.width / 2 - centreX * k, y: viewport.height / 2 - centreY * k };
}

/** The first view: HOME_BOUNDS filling the viewport, centred. */
export function homeTransform(viewport: ViewportSize): ViewTransform {
  const width = Math.max(viewport.width, 1);
  const height = Math.max(viewport.height, 1);
  const spanX = HOME_SOUTH_EAST[0] - HOME_NORTH_WEST[0];
  const spanY = HOME_SOUTH_EAST[1] - HOME_NORTH_WEST[1];
  const k = clamp(Math.min(width / spanX, height / spanY), MIN_ZOOM, MAX_ZOOM);
  const centreX = (HOME_NORTH_WEST[0] + HOME_SOUTH_EAST[0]) / 2;
  const centreY = (HOME_NORTH_WEST[1] + HOME_SOUTH_EAST[1]) / 2;
  return { k, x: width / 2 - centreX * k, y: height / 2 - centreY * k };
}

/** Plane units for a distance on the ground near a place (for a radius circle's fit). */
export function kmToPlaneUnits(point: LatLon, km: number, projection: GeoProjection = mapProjection): number {
  const centre = toPlane(point, projection);
  // A degree of latitude spans the same distance everywhere.
  const north = toPlane({ lat: Math.min(point.lat + kmToDegrees(km), 89.9), lon: point.lon }, projection);
  if (!centre || !north) return 0;
  return Math.hypot(north[0] - centre[0], north[1] - centre[1]);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
