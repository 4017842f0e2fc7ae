import type { Country } from '../common/lookups';
import type { AddressLookupResult, RouteEstimate } from './geo.schema';

// Addresses, distances and map links for US and Canadian places.

// ---------------------------------------------------------------- distances

export const EARTH_RADIUS_KM = 6371;
/** Roads wind: the straight-line distance is divided by this to estimate the driving distance. */
export const ROAD_WINDING_FACTOR = 0.86;
export const MILES_PER_KM = 0.621371;

export type GeoPoint = { lat: number; lon: number };

export const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The angle (degrees of latitude) that a distance along the earth's surface spans. */
export function kmToDegrees(km: number): number {
  return (km / EARTH_RADIUS_KM) * (180 / Math.PI);
}

/** Great-circle distance in kilometres (haversine). */
export function haversineKm(from: GeoPoint, to: GeoPoint): number {
  const dLat = radians(to.lat - from.lat);
  const dLon = radians(to.lon - from.lon);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Estimated driving miles of a route through the points in order, used when the maps service is not
 * available: the haversine kilometres of each leg are summed, divided by 0.86 for road winding, converted
 * to miles (* 0.621371), and the total is floored.
 */
export function routeDistanceMiles(points: readonly GeoPoint[]): number {
  let km = 0;
  for (let index = 1; index < points.length; index++) {
    km += haversineKm(points[index - 1]!, points[index]!);
  }
  return Math.floor((km / ROAD_WINDING_FACTOR) * MILES_PER_KM);
}

/**
 * The straight-line kilometres that hold every point within `roadMiles` miles by the estimate above: the
 * estimate floors the miles, so a point counts until its straight-line distance reaches (miles + 1) miles
 * of road, times the winding factor. 150 miles -> about 209 km.
 */
export function straightLineKmWithin(roadMiles: number): number {
  return ((roadMiles + 1) / MILES_PER_KM) * ROAD_WINDING_FACTOR;
}

export type UnitVector = { x: number; y: number; z: number };

/** A point on the unit sphere: what an index compares when it orders places by great-circle distance. */
export function unitVector(point: GeoPoint): UnitVector {
  const lat = radians(point.lat);
  const lon = radians(point.lon);
  return { x: Math.cos(lat) * Math.cos(lon), y: Math.cos(lat) * Math.sin(lon), z: Math.sin(lat) };
}

export const TRANSIT_SPEED_MPH = 50;

/** Hours on the road for a distance at 50 mph. */
export function transitTimeHours(miles: number): number {
  return miles / TRANSIT_SPEED_MPH;
}

// ---------------------------------------------------------------- addresses

/** Address suggestions are limited to the US and Canada (Google Places component restriction). */
export const ADDRESS_AUTOCOMPLETE_COUNTRIES = ['us', 'ca'] as const;
/** The autocomplete is attached to its input this long after the input appears. */
export const AUTOCOMPLETE_SETUP_DELAY_MS = 150;

/** How the distance service is asked: imperial units, ferries avoided, highways and tolls allowed. */
export const GOOGLE_DISTANCE_OPTIONS = {
  unitSystem: 'IMPERIAL',
  avoidFerries: true,
  avoidHighways: false,
  avoidTolls: false,
  travelMode: 'DRIVING',
} as const;

/** The country as the maps service ends a formatted address. */
export const COUNTRY_ADDRESS_NAMES: Record<Country, string> = { US: 'USA', CA: 'Canada' };

const collapseSpaces = (text: string | null | undefined) => (text ?? '').trim().replace(/\s+/g, ' ');

/**
 * A one-line address as the maps service writes it:
 * '1200 W Industrial Ave, Chicago, IL 60607, USA'; empty parts are left out ('Toronto, ON, Canada').
 */
export function composeFormattedAddress(
  street: string | null | undefined,
  city: string | null | undefined,
  state: string | null | undefined,
  zip: string | null | undefined,
  country: Country | null | undefined,
): string {
  const stateAndZip = [collapseSpaces(state), collapseSpaces(zip)].filter(Boolean).join(' ');
  return [
    collapseSpaces(street),
    collapseSpaces(city),
    stateAndZip,
    country ? COUNTRY_ADDRESS_NAMES[country] : '',
  ]
    .filter(Boolean)
    .join(', ');
}

const STREET_LINE = /^(\d+[A-Za-z]?(?:-\d+[A-Za-z]?)?)\s+(.+)$/;

/** '1200 W Industrial Ave' -> street_number '1200', route 'W Industrial Ave'; no number -> all route. */
export function splitStreetLine(street: string): { street_number: string | null; route: string | null } {
  const line = collapseSpaces(street);
  if (!line) return { street_number: null, route: null };
  const match = STREET_LINE.exec(line);
  return match ? { street_number: match[1]!, route: match[2]! } : { street_number: null, route: line };
}

/**
 * Typed lookup text split into a street line and the place to look up: the part before the first comma is
 * a street line when it starts with a house number ('1200 W Industrial Ave, Chicago' -> street
 * '1200 W Industrial Ave', place 'Chicago'); otherwise the whole text is the place.
 */
export function splitTypedAddress(text: string): { street: string | null; place: string } {
  const comma = text.indexOf(',');
  if (comma > 0) {
    const street = collapseSpaces(text.slice(0, comma));
    if (/^\d/.test(street)) return { street, place: collapseSpaces(text.slice(comma + 1)) };
  }
  return { street: null, place: collapseSpaces(text) };
}

/**
 * A chosen city with the typed street line kept in front of it: the street number and route are filled in
 * and the formatted address rebuilt. The coordinates stay the city's. A blank street leaves it as it is.
 */
export function withStreetLine(
  result: AddressLookupResult,
  typedStreet: string | null | undefined,
): AddressLookupResult {
  const street = collapseSpaces(typedStreet);
  if (!street) return result;
  const { components } = result;
  return {
    ...result,
    formatted_address: composeFormattedAddress(
      street,
      components.locality,
      components.administrative_area_level_1,
      components.postal_code,
      components.country,
    ),
    components: { ...components, ...splitStreetLine(street) },
  };
}

/** The fields of a load point filled from a chosen lookup result. */
export function pointFieldsFromLookup(result: AddressLookupResult) {
  const { components } = result;
  return {
    address: result.formatted_address,
    city: components.locality ?? components.name ?? '',
    state: components.administrative_area_level_1 ?? '',
    zip_code: components.postal_code,
    country: components.country,
    lat: result.lat,
    lon: result.lon,
    fullAddress: result.formatted_address,
  };
}

/** The distance service did not answer OK. */
export function distanceResponseError(status: string): string {
  return `Response error: ${status}`;
}

/** The distance service answered, but the element for this pair of points is not OK. */
export function distanceElementError(status: string): string {
  return `Distance calculation error: ${status}`;
}

export const METERS_PER_MILE = 1609.344;

/** The distance service's meters as whole miles, with the time on the road at 50 mph. */
export function routeFromDistanceMeters(meters: number): RouteEstimate {
  const miles = Math.round(meters / METERS_PER_MILE);
  return { miles, hours: transitTimeHours(miles) };
}

/** The route estimate used without the maps service: the spec's road-distance estimate at 50 mph. */
export function estimateRoute(points: readonly GeoPoint[]): RouteEstimate {
  const miles = routeDistanceMiles(points);
  return { miles, hours: transitTimeHours(miles) };
}

const coordinates = (point: GeoPoint) => `${point.lat},${point.lon}`;

/** A query string with each value URL-encoded (',' as %2C, '|' as %7C). */
function queryString(params: [string, string][]): string {
  return params.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
}

const hasCoordinates = (point: { lat: number | null; lon: number | null }): point is GeoPoint =>
  Number.isFinite(point.lat) && Number.isFinite(point.lon) && point.lat !== null && point.lon !== null;

/** A maps link that shows a point; it opens in the browser, no key needed. null without coordinates. */
export function mapsLinkForPoint(point: { lat: number | null; lon: number | null }): string | null {
  if (!hasCoordinates(point)) return null;
  return `https://www.google.com/maps/search/?${queryString([
    ['api', '1'],
    ['query', coordinates(point)],
  ])}`;
}

/**
 * A maps link with driving directions through the points in order (points without coordinates are
 * skipped); one point gives the point's link, none gives null.
 */
export function mapsLinkForRoute(
  points: readonly { lat: number | null; lon: number | null }[],
): string | null {
  const located = points.filter(hasCoordinates);
  if (located.length < 2) return located.length === 1 ? mapsLinkForPoint(located[0]!) : null;
  const params: [string, string][] = [
    ['api', '1'],
    ['origin', coordinates(located[0]!)],
    ['destination', coordinates(located[located.length - 1]!)],
  ];
  const waypoints = located.slice(1, -1).map(coordinates);
  if (waypoints.length > 0) params.push(['waypoints', waypoints.join('|')]);
  params.push(['travelmode', 'driving']);
  return `https://www.google.com/maps/dir/?${queryString(params)}`;
}
