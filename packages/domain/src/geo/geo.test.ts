import { describe, expect, it } from 'vitest';
import {
  haversineKm,
  kmToDegrees,
  routeDistanceMiles,
  straightLineKmWithin,
  unitVector,
  ADDRESS_AUTOCOMPLETE_COUNTRIES,
  AUTOCOMPLETE_SETUP_DELAY_MS,
  composeFormattedAddress,
  distanceElementError,
  distanceResponseError,
  estimateRoute,
  GOOGLE_DISTANCE_OPTIONS,
  mapsLinkForPoint,
  mapsLinkForRoute,
  pointFieldsFromLookup,
  routeFromDistanceMeters,
  splitStreetLine,
  splitTypedAddress,
  withStreetLine,
} from './geo.rules';
import {
  addressLookupQuerySchema,
  addressLookupResponseSchema,
  addressLookupResultSchema,
  routeEstimateRequestSchema,
  type AddressLookupResult,
} from './geo.schema';

const chicago: AddressLookupResult = {
  formatted_address: 'Chicago, IL 60607, USA',
  lat: 41.8745,
  lon: -87.6503,
  components: {
    postal_code: '60607',
    locality: 'Chicago',
    administrative_area_level_1: 'IL',
    country: 'US',
    street_number: null,
    route: null,
    name: 'Chicago',
  },
};

describe('address lookup result', () => {
  it('has the formatted address, lat/lon and the components', () => {
    expect(addressLookupResultSchema.parse(chicago)).toEqual(chicago);
  });
  it('is in the US or Canada only', () => {
    const paris = { ...chicago, components: { ...chicago.components, country: 'FR' } };
    expect(addressLookupResultSchema.safeParse(paris).success).toBe(false);
  });
  it('has coordinates on the globe', () => {
    expect(addressLookupResultSchema.safeParse({ ...chicago, lat: 91 }).success).toBe(false);
    expect(addressLookupResultSchema.safeParse({ ...chicago, lon: -181 }).success).toBe(false);
  });
  it('answers a list of results', () => {
    expect(addressLookupResponseSchema.parse({ results: [chicago] }).results).toHaveLength(1);
  });
  it('is asked with at least 2 characters, up to 20 results, 10 by default', () => {
    expect(addressLookupQuerySchema.parse({ query: ' Chi ' })).toEqual({ query: 'Chi', limit: 10 });
    expect(addressLookupQuerySchema.safeParse({ query: 'C' }).success).toBe(false);
    expect(addressLookupQuerySchema.safeParse({ query: 'Chicago', limit: '21' }).success).toBe(false);
    expect(addressLookupQuerySchema.parse({ query: 'Toronto', country: 'CA', limit: '5' })).toEqual({
      query: 'Toronto',
      country: 'CA',
      limit: 5,
    });
  });
});

describe('formatted address', () => {
  it('reads street, city, state and zip, country', () => {
    expect(composeFormattedAddress('1200 W Industrial Ave', 'Chicago', 'IL', '60607', 'US')).toBe(
      '1200 W Industrial Ave, Chicago, IL 60607, USA',
    );
  });
  it('names Canada for a Canadian address', () => {
    expect(composeFormattedAddress(null, 'Toronto', 'ON', 'M5V 2T6', 'CA')).toBe(
      'Toronto, ON M5V 2T6, Canada',
    );
  });
  it('leaves out the empty parts', () => {
    expect(composeFormattedAddress('', 'Toronto', 'ON', null, 'CA')).toBe('Toronto, ON, Canada');
    expect(composeFormattedAddress(null, 'Chicago', null, '60607', null)).toBe('Chicago, 60607');
  });
  it('tidies the spaces of each part', () => {
    expect(composeFormattedAddress('  1200   W Industrial Ave ', ' Chicago ', 'IL', ' 60607', 'US')).toBe(
      '1200 W Industrial Ave, Chicago, IL 60607, USA',
    );
  });
});

describe('typed street line', () => {
  it('splits into street number and route', () => {
    expect(splitStreetLine('1200 W Industrial Ave')).toEqual({
      street_number: '1200',
      route: 'W Industrial Ave',
    });
  });
  it('keeps a number with a letter or a range', () => {
    expect(splitStreetLine('12B Main St')).toEqual({ street_number: '12B', route: 'Main St' });
    expect(splitStreetLine('1200-1210 Main St')).toEqual({ street_number: '1200-1210', route: 'Main St' });
  });
  it('is all route without a number', () => {
    expect(splitStreetLine('Industrial Ave')).toEqual({ street_number: null, route: 'Industrial Ave' });
    expect(splitStreetLine('  ')).toEqual({ street_number: null, route: null });
  });
  it('is kept in front of the chosen city', () => {
    expect(withStreetLine(chicago, '1200 W Industrial Ave')).toEqual({
      ...chicago,
      formatted_address: '1200 W Industrial Ave, Chicago, IL 60607, USA',
      components: { ...chicago.components, street_number: '1200', route: 'W Industrial Ave' },
    });
  });
  it('leaves the city as chosen when blank', () => {
    expect(withStreetLine(chicago, '')).toBe(chicago);
    expect(withStreetLine(chicago, null)).toBe(chicago);
  });
  it('is told apart from the place in typed lookup text', () => {
    expect(splitTypedAddress('1200 W Industrial Ave, Chicago, IL')).toEqual({
      street: '1200 W Industrial Ave',
      place: 'Chicago, IL',
    });
    expect(splitTypedAddress('Chicago, IL')).toEqual({ street: null, place: 'Chicago, IL' });
    expect(splitTypedAddress('60607')).toEqual({ street: null, place: '60607' });
  });
});

describe('point fields from a lookup result', () => {
  it('fill address, city, state, zip, country and coordinates', () => {
    expect(pointFieldsFromLookup(withStreetLine(chicago, '1200 W Industrial Ave'))).toEqual({
      address: '1200 W Industrial Ave, Chicago, IL 60607, USA',
      city: 'Chicago',
      state: 'IL',
      zip_code: '60607',
      country: 'US',
      lat: 41.8745,
      lon: -87.6503,
      fullAddress: '1200 W Industrial Ave, Chicago, IL 60607, USA',
    });
  });
});

describe('maps service', () => {
  it('suggests addresses in the US and Canada only', () => {
    expect([...ADDRESS_AUTOCOMPLETE_COUNTRIES]).toEqual(['us', 'ca']);
  });
  it('sets up the autocomplete after 150 ms', () => expect(AUTOCOMPLETE_SETUP_DELAY_MS).toBe(150));
  it('asks distances in imperial units, avoiding ferries, allowing highways and tolls', () => {
    expect(GOOGLE_DISTANCE_OPTIONS).toMatchObject({
      unitSystem: 'IMPERIAL',
      avoidFerries: true,
      avoidHighways: false,
      avoidTolls: false,
    });
  });
  it("reports a failed answer as 'Response error: {status}'", () => {
    expect(distanceResponseError('OVER_QUERY_LIMIT')).toBe('Response error: OVER_QUERY_LIMIT');
  });
  it("reports a failed element as 'Distance calculation error: {status}'", () => {
    expect(distanceElementError('ZERO_RESULTS')).toBe('Distance calculation error: ZERO_RESULTS');
  });
  it('gives meters as whole miles with the time at 50 mph', () => {
    expect(routeFromDistanceMeters(160_934.4)).toEqual({ miles: 100, hours: 2 });
    expect(routeFromDistanceMeters(1_000)).toEqual({ miles: 1, hours: 0.02 });
  });
});

describe('route estimate', () => {
  const newYork = { lat: 40.7128, lon: -74.006 };
  const philadelphia = { lat: 39.9526, lon: -75.1652 };
  const washington = { lat: 38.9072, lon: -77.0369 };
  it('is the spec road-distance estimate in miles', () => {
    expect(estimateRoute([newYork, philadelphia, washington]).miles).toBe(
      routeDistanceMiles([newYork, philadelphia, washington]),
    );
    expect(estimateRoute([newYork, philadelphia]).miles).toBe(93);
  });
  it('has the hours on the road at 50 mph', () => {
    expect(estimateRoute([newYork, philadelphia])).toEqual({ miles: 93, hours: 1.86 });
  });
  it('is 0 for fewer than two points', () =>
    expect(estimateRoute([newYork])).toEqual({ miles: 0, hours: 0 }));
  it('is asked with 2 to 50 points', () => {
    expect(routeEstimateRequestSchema.safeParse({ points: [newYork] }).success).toBe(false);
    expect(routeEstimateRequestSchema.safeParse({ points: [newYork, washington] }).success).toBe(true);
  });
});

describe('maps links', () => {
  it('open a point by its coordinates', () => {
    expect(mapsLinkForPoint({ lat: 41.8745, lon: -87.6503 })).toBe(
      'https://www.google.com/maps/search/?api=1&query=41.8745%2C-87.6503',
    );
  });
  it('are none for a point without coordinates', () => {
    expect(mapsLinkForPoint({ lat: null, lon: -87.6503 })).toBeNull();
  });
  it('open driving directions from the first point to the last', () => {
    expect(
      mapsLinkForRoute([
        { lat: 41.8745, lon: -87.6503 },
        { lat: 42.3314, lon: -83.0458 },
      ]),
    ).toBe(
      'https://www.google.com/maps/dir/?api=1&origin=41.8745%2C-87.6503&destination=42.3314%2C-83.0458&travelmode=driving',
    );
  });
  it('pass the points in between as waypoints', () => {
    expect(
      mapsLinkForRoute([
        { lat: 41.8745, lon: -87.6503 },
        { lat: 41.6, lon: -86.2 },
        { lat: 41.7, lon: -85 },
        { lat: 42.3314, lon: -83.0458 },
      ]),
    ).toBe(
      'https://www.google.com/maps/dir/?api=1&origin=41.8745%2C-87.6503&destination=42.3314%2C-83.0458' +
        '&waypoints=41.6%2C-86.2%7C41.7%2C-85&travelmode=driving',
    );
  });
  it('skip points without coordinates', () => {
    expect(
      mapsLinkForRoute([
        { lat: 41.8745, lon: -87.6503 },
        { lat: null, lon: null },
      ]),
    ).toBe(mapsLinkForPoint({ lat: 41.8745, lon: -87.6503 }));
    expect(mapsLinkForRoute([])).toBeNull();
  });
});

describe('distances', () => {
  const chicago = { lat: 41.8781, lon: -87.6298 };
  const dallas = { lat: 32.7767, lon: -96.797 };

  it('measure the great circle in kilometres', () => {
    expect(haversineKm(chicago, chicago)).toBe(0);
    // Chicago to Dallas is about 1,290 km as the crow flies.
    expect(haversineKm(chicago, dallas)).toBeGreaterThan(1280);
    expect(haversineKm(chicago, dallas)).toBeLessThan(1300);
    expect(haversineKm(chicago, dallas)).toBeCloseTo(haversineKm(dallas, chicago), 9);
  });
  it('turn a distance into degrees of latitude: 111.19 km is one degree', () => {
    expect(kmToDegrees(111.19)).toBeCloseTo(1, 3);
  });
  it('put a place on the unit sphere', () => {
    const north = unitVector({ lat: 90, lon: 0 });
    expect(north.z).toBeCloseTo(1, 9);
    const origin = unitVector({ lat: 0, lon: 0 });
    expect([origin.x, origin.y, origin.z]).toEqual([1, 0, 0]);
    const point = unitVector(dallas);
    expect(Math.hypot(point.x, point.y, point.z)).toBeCloseTo(1, 12);
  });
  it('hold every place within a number of road miles in a straight-line circle (divided by 0.86 for winding roads)', () => {
    // 150 road miles (up to 151 before flooring) are 151 / 0.621371 * 0.86 = 209 km in a straight line.
    expect(straightLineKmWithin(150)).toBeCloseTo(209.0, 1);
    // The last place inside the circle still rounds down to 150 road miles.
    const edge = { lat: chicago.lat + kmToDegrees(straightLineKmWithin(150)) - 1e-6, lon: chicago.lon };
    expect(routeDistanceMiles([chicago, edge])).toBe(150);
  });
});
