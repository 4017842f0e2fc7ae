import { geoConicConformal, type GeoProjection } from 'd3-geo';
import { kmToDegrees } from '@app/domain/geo/geo.rules';
import type { LatLon } from './map-types';

// The offline map's projection and view arithmetic. The land is projected once into a fixed plane of
// MAP_WIDTH x MAP_HEIGHT units; panning and zooming only change a transform {k, x, y} from that plane to
// the screen (screen = plane * k + [x, y]), so the outlines are never re-projected while the user moves.
//
// Lambert conformal conic on the parallels 33° and 45°, centred on 96° W: the projection of US aviation
// and weather charts. Unlike geoAlbersUsa it keeps Canada (and Alaska in its true place), and being
// conformal it keeps a search radius round and a city's shape right at every zoom.

export const MAP_WIDTH = 1000;
export const MAP_HEIGHT = 640;

export type GeoBounds = { west: number; east: number; south: number; north: number };

/** The first view: the lower 48 states and the south of Canada, where almost every load runs. */
export const HOME_BOUNDS: GeoBounds = { west: -124, east: -66, south: 25, north: 52 };

/**
 * How far the map may be zoomed out and in, as screen pixels per plane unit (1: the home view on a screen
 * 1000 px wide; 80: about 70 miles across it). The land data has no more detail than that.
 */
export const MIN_ZOOM = 0.3;
export const MAX_ZOOM = 80;

/** Where the view may be panned, in plane units: Hawaii and Alaska to Newfoundland, the Arctic to Mexico. */
export const PAN_LIMITS: [[number, number], [number, number]] = [
  [-650, -650],
  [1300, 950],
];

/** A view fitted around a single place (or places close together) spans about this many plane units. */
const MIN_FIT_SPAN = 22;

export type ViewTransform = { k: number; x: number; y: number };
export type ViewportSize = { width: number; height: number };
export type PlanePoint = readonly [number, number];

/** Points along the edges of a lon/lat box: a conic projection bends the parallels, so corners are not enough. */
export function boundsOutline(bounds: GeoBounds): GeoJSON.MultiPoint {
  const coordinates: [number, number][] = [];
  const steps = 12;
  for (let step = 0; step <= steps; step++) {
    const lon = bounds.west + ((bounds.east - bounds.west) * step) / steps;
    const lat = bounds.south + ((bounds.north - bounds.south) * step) / steps;
    coordinates.push([lon, bounds.south], [lon, bounds.north], [bounds.west, lat], [bounds.east, lat]);
  }
  return { type: 'MultiPoint', coordinates };
}

export function createMapProjection(): GeoProjection {
  return geoConicConformal()
    .parallels([33, 45])
    .rotate([96, 0])
    .fitSize([MAP_WIDTH, MAP_HEIGHT], boundsOutline(HOME_BOUNDS));
}

/** The one projection of the offline map. */
export const mapProjection: GeoProjection = createMapProjection();

/** A place on the plane; null for coordinates that are not numbers. */
export function toPlane(point: LatLon, projection: GeoProjection = mapProjection): PlanePoint | null {
  if (!Number.isFinite(point.lat) || !Number.isFinite(point.lon)) return null;
  const projected = projection([point.lon, point.lat]);
  return projected ? [projected[0], projected[1]] : null;
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

/** The first view: HOME_BOUNDS filling the viewport. */
export function homeTransform(viewport: ViewportSize): ViewTransform {
  const width = Math.max(viewport.width, 1);
  const height = Math.max(viewport.height, 1);
  const k = clamp(Math.min(width / MAP_WIDTH, height / MAP_HEIGHT), MIN_ZOOM, MAX_ZOOM);
  return { k, x: (width - MAP_WIDTH * k) / 2, y: (height - MAP_HEIGHT * k) / 2 };
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
