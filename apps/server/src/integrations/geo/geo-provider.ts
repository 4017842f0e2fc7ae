import {
  distanceElementError,
  distanceResponseError,
  estimateRoute,
  GOOGLE_DISTANCE_OPTIONS,
  routeFromDistanceMeters,
  type GeoPoint,
} from '@app/domain/geo/geo.rules';
import type { AddressLookupQuery, AddressLookupResult, RouteEstimate } from '@app/domain/geo/geo.schema';
import { sharedGazetteer, type Gazetteer } from './gazetteer';

// Where addresses and driving distances come from. The local provider needs no key and no internet: the
// gazetteer shipped with the project and the spec's road-distance estimate. A company with a maps key gets
// Google's Distance Matrix for distances (its browsers use Google Places for addresses themselves).

export type GeoProvider = {
  readonly kind: 'local' | 'google';
  lookupAddress(query: AddressLookupQuery): AddressLookupResult[];
  /** Driving miles and hours through the points in order. Throws GeoProviderError when the service fails. */
  routeEstimate(points: readonly GeoPoint[]): Promise<RouteEstimate>;
};

/** The maps service did not give a distance; the message is the spec's text for the user. */
export class GeoProviderError extends Error {
  override name = 'GeoProviderError';
}

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

export function createLocalGeoProvider(gazetteer: () => Gazetteer = sharedGazetteer): GeoProvider {
  return {
    kind: 'local',
    lookupAddress: (query) => gazetteer().lookup(query),
    routeEstimate: (points) => Promise.resolve(estimateRoute(points)),
  };
}

export const GOOGLE_DISTANCE_MATRIX_URL = 'https://maps.googleapis.com/maps/api/distancematrix/json';
/** The Distance Matrix answers at most 100 elements a request: legs are asked 10 at a time (10 x 10). */
export const LEGS_PER_REQUEST = 10;
const REQUEST_TIMEOUT_MS = 10_000;

/** The service's parameters for the spec's options: imperial units, ferries avoided, driving. */
function distanceOptionParams(): Record<string, string> {
  const avoid = [
    GOOGLE_DISTANCE_OPTIONS.avoidFerries && 'ferries',
    GOOGLE_DISTANCE_OPTIONS.avoidHighways && 'highways',
    GOOGLE_DISTANCE_OPTIONS.avoidTolls && 'tolls',
  ].filter((item): item is string => Boolean(item));
  return {
    units: GOOGLE_DISTANCE_OPTIONS.unitSystem.toLowerCase(),
    mode: GOOGLE_DISTANCE_OPTIONS.travelMode.toLowerCase(),
    ...(avoid.length > 0 ? { avoid: avoid.join('|') } : {}),
  };
}

const coordinates = (points: readonly GeoPoint[]) =>
  points.map((point) => `${point.lat},${point.lon}`).join('|');

/** The Distance Matrix request for legs origin[i] -> destination[i]. */
export function distanceMatrixUrl(
  key: string,
  origins: readonly GeoPoint[],
  destinations: readonly GeoPoint[],
) {
  const params = new URLSearchParams({
    origins: coordinates(origins),
    destinations: coordinates(destinations),
    ...distanceOptionParams(),
    key,
  });
  return `${GOOGLE_DISTANCE_MATRIX_URL}?${params.toString()}`;
}

type DistanceMatrixElement = { status?: string; distance?: { value?: number } };
type DistanceMatrixResponse = { status?: string; rows?: { elements?: DistanceMatrixElement[] }[] };

/** Meters of legs origin[i] -> destination[i], from the diagonal of one Distance Matrix answer. */
async function legMeters(
  fetchFn: FetchLike,
  key: string,
  origins: readonly GeoPoint[],
  destinations: readonly GeoPoint[],
): Promise<number> {
  let response: Response;
  try {
    response = await fetchFn(distanceMatrixUrl(key, origins, destinations), {
      method: 'GET',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new GeoProviderError(distanceResponseError('UNKNOWN_ERROR'));
  }
  if (!response.ok) throw new GeoProviderError(distanceResponseError(String(response.status)));
  const body = (await response.json().catch(() => ({}))) as DistanceMatrixResponse;
  if (body.status !== 'OK') throw new GeoProviderError(distanceResponseError(body.status ?? 'UNKNOWN_ERROR'));
  let meters = 0;
  for (let leg = 0; leg < origins.length; leg += 1) {
    const element = body.rows?.[leg]?.elements?.[leg];
    if (element?.status !== 'OK' || typeof element.distance?.value !== 'number') {
      throw new GeoProviderError(distanceElementError(element?.status ?? 'UNKNOWN_ERROR'));
    }
    meters += element.distance.value;
  }
  return meters;
}

/**
 * Google's driving distance through the points (whole miles, hours at 50 mph as the spec shows transit
 * time). Never used in tests with the real fetch: they pass a fake one.
 */
export function createGoogleGeoProvider(options: {
  key: string;
  fetch: FetchLike;
  gazetteer?: () => Gazetteer;
}): GeoProvider {
  const local = createLocalGeoProvider(options.gazetteer);
  return {
    kind: 'google',
    lookupAddress: (query) => local.lookupAddress(query),
    async routeEstimate(points) {
      const batches: Promise<number>[] = [];
      for (let start = 0; start < points.length - 1; start += LEGS_PER_REQUEST) {
        const end = Math.min(start + LEGS_PER_REQUEST, points.length - 1);
        batches.push(
          legMeters(options.fetch, options.key, points.slice(start, end), points.slice(start + 1, end + 1)),
        );
      }
      const meters = (await Promise.all(batches)).reduce((sum, value) => sum + value, 0);
      return routeFromDistanceMeters(meters);
    },
  };
}
