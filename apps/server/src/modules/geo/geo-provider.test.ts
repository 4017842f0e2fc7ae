import { describe, expect, it } from 'vitest';
import {
  createGoogleGeoProvider,
  createLocalGeoProvider,
  GeoProviderError,
  GOOGLE_DISTANCE_MATRIX_URL,
  type FetchLike,
} from '../../integrations/geo/geo-provider';

const CHICAGO = { lat: 41.8858, lon: -87.6181 };
const TORONTO = { lat: 43.649, lon: -79.3784 };
const DALLAS = { lat: 32.7767, lon: -96.797 };

/** The spec's estimate, written out: haversine on a 6371 km earth, / 0.86, * 0.621371, floored. */
function specMiles(points: { lat: number; lon: number }[]): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  let km = 0;
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const h =
      Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
      Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
    km += 2 * 6371 * Math.asin(Math.sqrt(h));
  }
  return Math.floor((km / 0.86) * 0.621371);
}

type Call = { url: URL; init: RequestInit | undefined };

/** A stand-in for the Distance Matrix: answers each request with `answer(origins, destinations)`. */
function fakeFetch(answer: (origins: string[], destinations: string[]) => { status: number; body: unknown }) {
  const calls: Call[] = [];
  const fetch: FetchLike = (url, init) => {
    const parsed = new URL(url);
    calls.push({ url: parsed, init });
    const origins = parsed.searchParams.get('origins')!.split('|');
    const destinations = parsed.searchParams.get('destinations')!.split('|');
    const { status, body } = answer(origins, destinations);
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  };
  return { fetch, calls };
}

/** An OK answer whose leg i is `metersOf(i)` meters, off-diagonal elements filled with nonsense. */
const okMatrix = (metersOf: (leg: number) => number) => (origins: string[], destinations: string[]) => ({
  status: 200,
  body: {
    status: 'OK',
    rows: origins.map((_, row) => ({
      elements: destinations.map((__, column) =>
        row === column
          ? { status: 'OK', distance: { value: metersOf(row), text: '' } }
          : { status: 'OK', distance: { value: 99_999_999 } },
      ),
    })),
  },
});

describe('local provider', () => {
  it("estimates miles with the spec's formula and hours at 50 mph", async () => {
    const local = createLocalGeoProvider();
    const miles = specMiles([CHICAGO, TORONTO]);
    expect(miles).toBe(505);
    await expect(local.routeEstimate([CHICAGO, TORONTO])).resolves.toEqual({ miles, hours: miles / 50 });
  });

  it('adds up the legs of a route through several points', async () => {
    const local = createLocalGeoProvider();
    const points = [DALLAS, CHICAGO, TORONTO];
    const estimate = await local.routeEstimate(points);
    expect(estimate.miles).toBe(specMiles(points));
    expect(estimate.hours).toBe(specMiles(points) / 50);
  });
});

describe('Google provider', () => {
  it('asks the Distance Matrix in imperial units, avoiding ferries, allowing highways and tolls, driving', async () => {
    const { fetch, calls } = fakeFetch(okMatrix(() => 1_609_344));
    const google = createGoogleGeoProvider({ key: 'company-key', fetch });
    await google.routeEstimate([CHICAGO, TORONTO]);
    expect(calls).toHaveLength(1);
    const { url } = calls[0]!;
    expect(`${url.origin}${url.pathname}`).toBe(GOOGLE_DISTANCE_MATRIX_URL);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      origins: '41.8858,-87.6181',
      destinations: '43.649,-79.3784',
      units: 'imperial',
      mode: 'driving',
      avoid: 'ferries',
      key: 'company-key',
    });
  });

  it('answers whole miles of the summed legs and hours at 50 mph', async () => {
    const { fetch } = fakeFetch(okMatrix((leg) => [804_672, 402_336][leg]!)); // 500 and 250 miles
    const google = createGoogleGeoProvider({ key: 'k', fetch });
    await expect(google.routeEstimate([DALLAS, CHICAGO, TORONTO])).resolves.toEqual({
      miles: 750,
      hours: 15,
    });
  });

  it('asks the legs of a long route 10 at a time, each leg once', async () => {
    const { fetch, calls } = fakeFetch(okMatrix(() => 16_093.44)); // 10 miles a leg
    const google = createGoogleGeoProvider({ key: 'k', fetch });
    const points = Array.from({ length: 23 }, (_, i) => ({ lat: 40 + i / 10, lon: -80 }));
    await expect(google.routeEstimate(points)).resolves.toEqual({ miles: 220, hours: 4.4 });
    expect(calls.map((call) => call.url.searchParams.get('origins')!.split('|').length)).toEqual([10, 10, 2]);
    expect(calls[1]!.url.searchParams.get('origins')!.split('|')[0]).toBe('41,-80');
    expect(calls[1]!.url.searchParams.get('destinations')!.split('|')[0]).toBe('41.1,-80');
  });

  it("reports a failed answer as 'Response error: {status}'", async () => {
    const { fetch } = fakeFetch(() => ({ status: 200, body: { status: 'OVER_QUERY_LIMIT', rows: [] } }));
    const google = createGoogleGeoProvider({ key: 'k', fetch });
    const failure = google.routeEstimate([CHICAGO, TORONTO]);
    await expect(failure).rejects.toBeInstanceOf(GeoProviderError);
    await expect(failure).rejects.toThrow(/^Response error: OVER_QUERY_LIMIT$/);
  });

  it("reports an HTTP failure and an unreachable service as 'Response error: ...'", async () => {
    const http = fakeFetch(() => ({ status: 500, body: {} }));
    await expect(
      createGoogleGeoProvider({ key: 'k', fetch: http.fetch }).routeEstimate([CHICAGO, TORONTO]),
    ).rejects.toThrow(/^Response error: 500$/);
    const offline: FetchLike = () => Promise.reject(new TypeError('fetch failed'));
    await expect(
      createGoogleGeoProvider({ key: 'k', fetch: offline }).routeEstimate([CHICAGO, TORONTO]),
    ).rejects.toThrow(/^Response error: UNKNOWN_ERROR$/);
  });

  it("reports a leg without a route as 'Distance calculation error: {status}'", async () => {
    const { fetch } = fakeFetch(() => ({
      status: 200,
      body: { status: 'OK', rows: [{ elements: [{ status: 'ZERO_RESULTS' }] }] },
    }));
    const google = createGoogleGeoProvider({ key: 'k', fetch });
    await expect(google.routeEstimate([CHICAGO, TORONTO])).rejects.toThrow(
      /^Distance calculation error: ZERO_RESULTS$/,
    );
  });

  it('looks addresses up in the gazetteer (browsers ask Google Places themselves)', () => {
    const { fetch, calls } = fakeFetch(okMatrix(() => 0));
    const google = createGoogleGeoProvider({ key: 'k', fetch });
    expect(google.lookupAddress({ query: '60601', limit: 10 })[0]?.formatted_address).toBe(
      'Chicago, IL 60601, USA',
    );
    expect(calls).toHaveLength(0);
  });
});
