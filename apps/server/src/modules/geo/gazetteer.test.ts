import { CA_PROVINCES, US_STATES } from '@app/domain/common/lookups';
import { addressLookupResultSchema } from '@app/domain/geo/geo.schema';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  canadianCityName,
  readPostalPlaces,
  titleCasePlaceName,
  type PostalPlace,
} from '../../integrations/geo/gazetteer-data';
import {
  createGazetteer,
  normalizePlaceText,
  sharedGazetteer,
  type Gazetteer,
} from '../../integrations/geo/gazetteer';

let gazetteer: Gazetteer;

beforeAll(() => {
  gazetteer = sharedGazetteer();
});

const lookup = (query: string, options: { country?: 'US' | 'CA'; limit?: number } = {}) =>
  gazetteer.lookup({ query, limit: 10, ...options });

describe('the gazetteer data', () => {
  it('holds the US ZIP codes of the 50 states and DC and the Canadian FSAs of every province', () => {
    const size = gazetteer.size();
    expect(size.US.postalCodes).toBeGreaterThan(40_000);
    expect(size.US.cities).toBeGreaterThan(25_000);
    expect(size.CA.postalCodes).toBeGreaterThan(1_500);
    expect(size.CA.cities).toBeGreaterThan(700);
  });

  it('has no military or territory codes and no placeholder coordinates', () => {
    const places = readPostalPlaces();
    const regions = new Set(
      [...US_STATES, ...CA_PROVINCES].map((region) => `${region.country}|${region.id}`),
    );
    expect(places.filter((place) => !regions.has(`${place.country}|${place.state}`))).toEqual([]);
    expect(places.filter((place) => place.lat === 0 && place.lon === 0)).toEqual([]);
    expect(places.find((place) => place.postalCode === '34001')).toBeUndefined(); // an APO code
  });

  it('reads the city out of a Canadian district name', () => {
    expect(canadianCityName('M5H', 'Downtown Toronto (richmond / Adelaide / King)')).toBe('Toronto');
    expect(canadianCityName('S4N', 'Regina Northeast And East Central')).toBe('Regina');
    expect(canadianCityName('T0A', 'Eastern Alberta (st. Paul)')).toBe('St. Paul');
    expect(canadianCityName('G7S', 'Jonqui\uFFFDre Northeast')).toBe('Jonquière');
    expect(canadianCityName('G6K', 'Saint- Redempteur')).toBe('Saint-Redempteur');
    expect(canadianCityName('M5W', 'Downtown Toronto Stn A Po Boxes 25 The Esplanade (enclave Of M5e)')).toBe(
      'Toronto',
    );
    expect(canadianCityName('G1A', 'Quebec Provincial Government')).toBe('Quebec City');
  });

  it('writes place names as they are spelled', () => {
    expect(titleCasePlaceName('saint-jean-sur-richelieu')).toBe('Saint-Jean-sur-Richelieu');
    expect(titleCasePlaceName("val-d'or")).toBe("Val-d'Or");
    expect(titleCasePlaceName('fort mcmurray')).toBe('Fort McMurray');
    expect(titleCasePlaceName('la sarre')).toBe('La Sarre');
  });

  it('puts the province of an FSA by its first letter', () => {
    const byCode = new Map(readPostalPlaces().map((place) => [place.postalCode, place]));
    expect(byCode.get('M5H')?.state).toBe('ON');
    expect(byCode.get('H3A')?.state).toBe('QC');
    expect(byCode.get('V6B')?.state).toBe('BC');
    expect(byCode.get('T2P')?.state).toBe('AB');
  });
});

describe('address lookup', () => {
  it("finds a ZIP code: '60601' is Chicago, IL with its coordinates", () => {
    expect(lookup('60601')).toEqual([
      {
        formatted_address: 'Chicago, IL 60601, USA',
        lat: 41.8858,
        lon: -87.6181,
        components: {
          postal_code: '60601',
          locality: 'Chicago',
          administrative_area_level_1: 'IL',
          country: 'US',
          street_number: null,
          route: null,
          name: 'Chicago',
        },
      },
    ]);
  });

  it("finds a Canadian FSA: 'M5H' is Toronto, ON", () => {
    const [first] = lookup('M5H');
    expect(first).toMatchObject({
      formatted_address: 'Toronto, ON M5H, Canada',
      lat: 43.649,
      lon: -79.3784,
      components: {
        postal_code: 'M5H',
        locality: 'Toronto',
        administrative_area_level_1: 'ON',
        country: 'CA',
      },
    });
  });

  it('keeps a whole Canadian postal code as typed', () => {
    expect(lookup('m5h 2n2')[0]).toMatchObject({
      formatted_address: 'Toronto, ON M5H 2N2, Canada',
      components: { postal_code: 'M5H 2N2' },
    });
  });

  it("finds a city by name, the biggest first: 'Toronto' is Toronto, ON, then the US Torontos", () => {
    const results = lookup('Toronto');
    expect(results[0]?.components).toMatchObject({
      locality: 'Toronto',
      administrative_area_level_1: 'ON',
      country: 'CA',
    });
    expect(results[0]?.lat).toBeCloseTo(43.66, 1);
    expect(results[0]?.lon).toBeCloseTo(-79.38, 1);
    expect(results.map((result) => result.components.administrative_area_level_1)).toContain('OH');
  });

  it("answers one suggestion per city and state: 'Chicago' is Chicago, IL first, once", () => {
    const results = lookup('Chicago');
    expect(results[0]).toMatchObject({
      components: { locality: 'Chicago', administrative_area_level_1: 'IL', country: 'US' },
    });
    expect(results[0]?.lat).toBeCloseTo(41.85, 1);
    expect(results[0]?.lon).toBeCloseTo(-87.65, 1);
    const places = results.map((r) => `${r.components.locality}|${r.components.administrative_area_level_1}`);
    expect(new Set(places).size).toBe(places.length);
    expect(places.filter((place) => place === 'Chicago|IL')).toHaveLength(1);
    expect(places).toContain('Chicago Heights|IL');
  });

  it("reads a state after the city: 'chicago il', 'Springfield, MO', 'Albany New York'", () => {
    expect(lookup('chicago il').every((r) => r.components.administrative_area_level_1 === 'IL')).toBe(true);
    expect(lookup('chicago il')[0]?.components.locality).toBe('Chicago');
    expect(lookup('Springfield, MO').map((r) => r.formatted_address)).toEqual(['Springfield, MO 65802, USA']);
    expect(lookup('Albany New York')[0]?.components).toMatchObject({
      locality: 'Albany',
      administrative_area_level_1: 'NY',
    });
    expect(lookup('Toronto, Ontario').every((r) => r.components.country === 'CA')).toBe(true);
  });

  it('reads a typed address with state, ZIP and country: the exact ZIP first', () => {
    expect(lookup('New York, NY 10001, USA')[0]?.formatted_address).toBe('New York, NY 10001, USA');
  });

  it('keeps a street line typed before the city in front of each suggestion', () => {
    const [first] = lookup('1200 W Industrial Ave, Chicago');
    expect(first?.formatted_address).toMatch(/^1200 W Industrial Ave, Chicago, IL \d{5}, USA$/);
    expect(first?.components).toMatchObject({
      street_number: '1200',
      route: 'W Industrial Ave',
      locality: 'Chicago',
      administrative_area_level_1: 'IL',
    });
    expect(first?.lat).toBe(lookup('Chicago')[0]?.lat);
  });

  it('keeps one country when asked', () => {
    expect(lookup('Toronto', { country: 'US' }).every((r) => r.components.country === 'US')).toBe(true);
    expect(lookup('Toronto', { country: 'US' })).not.toHaveLength(0);
    expect(lookup('Toronto', { country: 'CA' }).map((r) => r.components.country)).not.toContain('US');
    expect(lookup('60601', { country: 'CA' })).toEqual([]);
    expect(lookup('Chicago, IL, Canada')).toEqual([]);
  });

  it('answers at most `limit` suggestions', () => {
    expect(lookup('Sa', { limit: 3 })).toHaveLength(3);
    expect(lookup('Spring', { limit: 20 })).toHaveLength(20);
  });

  it('lists postal codes that start with typed digits or letters', () => {
    expect(lookup('606', { limit: 3 }).map((r) => r.components.postal_code)).toEqual([
      '60601',
      '60602',
      '60603',
    ]);
    expect(lookup('M5', { limit: 2 }).map((r) => r.components.postal_code)).toEqual(['M5A', 'M5B']);
  });

  it("finds a later word of a name and spelled-out abbreviations: 'vegas', 'st louis', 'Montréal'", () => {
    expect(lookup('vegas')[0]?.formatted_address).toMatch(/^Las Vegas, NV/);
    expect(lookup('st louis')[0]?.formatted_address).toMatch(/^Saint Louis, MO/);
    expect(lookup('Montréal')[0]?.formatted_address).toMatch(/^Montreal, QC/);
  });

  it('reads a short last word as the start of the name when it is no state of a match', () => {
    // 'de' is Delaware's code, and no Fort De... is in Delaware.
    expect(lookup('Fort De')[0]?.components.locality).toMatch(/^Fort De/);
  });

  it('answers nothing for unknown places, not an error', () => {
    expect(lookup('Xqzzy')).toEqual([]);
    expect(lookup('00000')).toEqual([]);
  });

  it("answers the lookup contract's shape for every result", () => {
    for (const result of [...lookup('Chicago'), ...lookup('M5H'), ...lookup('1200 Main St, Toronto')]) {
      expect(addressLookupResultSchema.parse(result)).toEqual(result);
    }
  });

  it('answers within 5 ms a query once built', () => {
    const queries = [
      'Chicago',
      'sa',
      'ma',
      '606',
      'M5H',
      'new york ny',
      '1200 W Industrial Ave, Chicago',
      'port',
    ];
    for (const query of queries) lookup(query);
    const rounds = 50;
    let slowest = 0;
    for (const query of queries) {
      const started = performance.now();
      for (let i = 0; i < rounds; i += 1) lookup(query, { limit: 20 });
      slowest = Math.max(slowest, (performance.now() - started) / rounds);
    }
    expect(slowest).toBeLessThan(5);
  });
});

describe('the index', () => {
  const place = (postalCode: string, city: string, state: string, lat: number, lon: number): PostalPlace => ({
    postalCode,
    city,
    state,
    country: 'US',
    lat,
    lon,
  });

  it('places a city at its central postal code, not at the mean of outliers', () => {
    const index = createGazetteer([
      place('10001', 'Sample', 'NY', 40, -74),
      place('10002', 'Sample', 'NY', 40.1, -74.1),
      place('10003', 'Sample', 'NY', 40.2, -74.2),
      place('10004', 'Sample', 'NY', 40.3, -74.3),
      place('10005', 'Sample', 'NY', 10, -10), // a PO box with wrong coordinates
    ]);
    expect(index.lookup({ query: 'Sample', limit: 10 })).toEqual([
      expect.objectContaining({ formatted_address: 'Sample, NY 10002, USA', lat: 40.1, lon: -74.1 }),
    ]);
  });

  it('ranks the exact name first, then cities with more postal codes', () => {
    const index = createGazetteer([
      place('20001', 'Oakland Park', 'FL', 26, -80),
      place('20002', 'Oakland Park', 'FL', 26, -80),
      place('20003', 'Oakland', 'CA', 37, -122),
      place('20004', 'Oakley', 'KS', 39, -100),
      place('20005', 'Oakley', 'KS', 39, -100),
      place('20006', 'Oakley', 'KS', 39, -100),
    ]);
    expect(index.lookup({ query: 'oak', limit: 10 }).map((r) => r.components.locality)).toEqual([
      'Oakley',
      'Oakland Park',
      'Oakland',
    ]);
    expect(index.lookup({ query: 'oakland', limit: 10 }).map((r) => r.components.locality)).toEqual([
      'Oakland',
      'Oakland Park',
    ]);
  });

  it('normalises names: accents, punctuation and abbreviations', () => {
    expect(normalizePlaceText("St. John's")).toBe('saint johns');
    expect(normalizePlaceText('Trois-Rivières')).toBe('trois rivieres');
    expect(normalizePlaceText('Ft Worth')).toBe('fort worth');
    expect(normalizePlaceText('mount st', false)).toBe('mount st');
  });
});
