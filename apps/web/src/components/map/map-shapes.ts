import { geoCircle, geoPath } from 'd3-geo';
import { kmToDegrees } from '@app/domain/geo/geo.rules';
import { kmToPlaneUnits, mapProjection, toPlane, type PlanePoint } from './map-projection';
import type { MapCircle, MapLine, MapMarker } from './map-types';

// The geometry of what the SVG layer draws on the maps' plane: search circles, route lines, and the extent
// a view is fitted to.

const path = geoPath(mapProjection).digits(2);

export type PlacedMarker = { marker: MapMarker; plane: PlanePoint };

/** Every plane point the content covers: markers, line points, and each circle's extent. */
export function contentPoints(
  placed: readonly PlacedMarker[],
  lines: readonly MapLine[],
  circles: readonly MapCircle[],
): PlanePoint[] {
  const points: PlanePoint[] = placed.map(({ plane }) => plane);
  for (const line of lines) {
    for (const point of line.points) {
      const plane = toPlane(point);
      if (plane) points.push(plane);
    }
  }
  for (const circle of circles) {
    const centre = toPlane(circle);
    if (!centre) continue;
    const radius = kmToPlaneUnits(circle, circle.radiusKm);
    points.push([centre[0] - radius, centre[1] - radius], [centre[0] + radius, centre[1] + radius]);
  }
  return points;
}

export function circlePath(circle: MapCircle): string {
  const degrees = kmToDegrees(circle.radiusKm);
  return path(geoCircle().center([circle.lon, circle.lat]).radius(degrees)()) ?? '';
}

export function linePath(line: MapLine): string {
  const coordinates = line.points
    .filter((point) => Number.isFinite(point.lat) && Number.isFinite(point.lon))
    .map((point) => [point.lon, point.lat]);
  return coordinates.length < 2 ? '' : (path({ type: 'LineString', coordinates }) ?? '');
}
