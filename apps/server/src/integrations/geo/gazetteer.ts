import { CA_PROVINCES, US_STATES, type Country } from '@app/domain/common/lookups';
import { composeFormattedAddress, splitTypedAddress, withStreetLine } from '@app/domain/geo/geo.rules';
import type { AddressLookupResult } from '@app/domain/geo/geo.schema';
import { readPostalPlaces, type PostalPlace } from './gazetteer-data';

// An in-memory index of US and Canadian places for the address lookup: postal codes by code and prefix,
// cities by name prefix (and by the start of a later word: 'vegas' finds Las Vegas). One suggestion per
// city and state, at its central postal code; bigger cities (more postal codes) first.

export type GazetteerQuery = { query: string; country?: Country | undefined; limit: number };

export type Gazetteer = {
  lookup(query: GazetteerQuery): AddressLookupResult[];
  /** How many postal codes and cities it knows, by country. */
  size(): Record<Country, { postalCodes: number; cities: number }>;
};

type City = {
  name: string;
  state: string;
  country: Country;
  /** The normalised name the index is sorted by. */
  key: string;
  /** The postal code nearest to the middle of the city's postal codes: its coordinates are the city's. */
  centre: PostalPlace;
  postalCodes: number;
};

type CityKey = { key: string; city: City };

/** Abbreviations spelled out, so that 'St. Louis' and 'Saint Louis' are found the same way. */
const ABBREVIATIONS: Record<string, string> = { st: 'saint', ste: 'sainte', ft: 'fort', mt: 'mount' };

/**
 * Lower case, no accents or punctuation, single spaces, abbreviations spelled out. The last word of typed
 * text is kept as typed ('st' may be the start of 'Stamford'), unless `complete`.
 */
export function normalizePlaceText(text: string, complete = true): string {
  const words = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  return words
    .map((word, index) => (complete || index < words.length - 1 ? (ABBREVIATIONS[word] ?? word) : word))
    .join(' ');
}

type Region = { code: string; country: Country };

const REGION_BY_TEXT = new Map<string, Region>();
for (const region of [...US_STATES, ...CA_PROVINCES]) {
  const entry = { code: region.id, country: region.country };
  REGION_BY_TEXT.set(region.id.toLowerCase(), entry);
  REGION_BY_TEXT.set(normalizePlaceText(region.en), entry);
}
// Names the package and people use besides the official ones.
REGION_BY_TEXT.set('newfoundland', { code: 'NL', country: 'CA' });
REGION_BY_TEXT.set('nwt', { code: 'NT', country: 'CA' });
REGION_BY_TEXT.set('pq', { code: 'QC', country: 'CA' });
REGION_BY_TEXT.set('que', { code: 'QC', country: 'CA' });
REGION_BY_TEXT.set('ont', { code: 'ON', country: 'CA' });
REGION_BY_TEXT.set('yukon', { code: 'YT', country: 'CA' });
REGION_BY_TEXT.set('washington dc', { code: 'DC', country: 'US' });

const COUNTRY_SUFFIX = /(?:^|[\s,]+)(usa|u\.s\.a\.?|u\.s\.|united states(?: of america)?|us|canada)\s*$/i;
const CANADIAN_POSTAL_CODE = /\b([a-z]\d[a-z])(?:\s*(\d[a-z]\d))?\b/i;
const US_ZIP = /\b(\d{5})(?:-\d{4})?\b/;
const US_ZIP_PREFIX = /^\d{2,4}$/;
const FSA_PREFIX = /^[a-z]\d$/i;

type ParsedPlace = {
  /** A whole ZIP or FSA, with the full Canadian postal code when one was typed. */
  postalCode: { code: string; full: string } | null;
  /** Digits or letter and digit: the start of postal codes. */
  postalPrefix: string | null;
  cityText: string;
  region: Region | null;
  country: Country | undefined;
};

/** Reads a region from the end of the text: ', IL', ' il', ' Illinois', ' New York'. */
function splitRegion(text: string): { cityText: string; region: Region | null } {
  const comma = text.lastIndexOf(',');
  if (comma > 0) {
    const region = REGION_BY_TEXT.get(normalizePlaceText(text.slice(comma + 1)));
    const cityText = normalizePlaceText(text.slice(0, comma));
    if (region && cityText) return { cityText, region };
  }
  const words = normalizePlaceText(text.replaceAll(',', ' '), false).split(' ');
  for (let taken = Math.min(3, words.length - 1); taken >= 1; taken -= 1) {
    const region = REGION_BY_TEXT.get(normalizePlaceText(words.slice(-taken).join(' ')));
    if (region) return { cityText: words.slice(0, -taken).join(' '), region };
  }
  return { cityText: words.join(' '), region: null };
}

function parsePlace(place: string, country: Country | undefined): ParsedPlace {
  let text = place.trim();
  const countryMatch = COUNTRY_SUFFIX.exec(text);
  if (countryMatch && countryMatch.index > 0) {
    country ??= /canada/i.test(countryMatch[1]!) ? 'CA' : 'US';
    text = text.slice(0, countryMatch.index);
  }

  let postalCode: ParsedPlace['postalCode'] = null;
  const canadian = CANADIAN_POSTAL_CODE.exec(text);
  const zip = US_ZIP.exec(text);
  if (canadian && country !== 'US') {
    const fsa = canadian[1]!.toUpperCase();
    postalCode = { code: fsa, full: canadian[2] ? `${fsa} ${canadian[2].toUpperCase()}` : fsa };
    text = text.replace(canadian[0], ' ');
  } else if (zip && country !== 'CA') {
    postalCode = { code: zip[1]!, full: zip[1]! };
    text = text.replace(zip[0], ' ');
  }
  text = text.replace(/[\s,]+$/, '').trim();

  const compact = text.replace(/\s+/g, '');
  if (!postalCode && (US_ZIP_PREFIX.test(compact) || FSA_PREFIX.test(compact))) {
    return { postalCode, postalPrefix: compact.toUpperCase(), cityText: '', region: null, country };
  }
  const { cityText, region } = splitRegion(text);
  return { postalCode, postalPrefix: null, cityText, region, country };
}

/** The first index of a sorted array whose key is not below `key`. */
function lowerBound<T>(sorted: readonly T[], key: string, keyOf: (item: T) => string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keyOf(sorted[middle]!) < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The postal code nearest to the median point of the city's codes (many PO-box ZIPs share one point). */
function centreOf(places: PostalPlace[]): PostalPlace {
  const lat = median(places.map((place) => place.lat));
  const lon = median(places.map((place) => place.lon));
  let best = places[0]!;
  let bestDistance = Infinity;
  for (const place of places) {
    const distance = (place.lat - lat) ** 2 + (place.lon - lon) ** 2;
    if (distance < bestDistance || (distance === bestDistance && place.postalCode < best.postalCode)) {
      best = place;
      bestDistance = distance;
    }
  }
  return best;
}

/** The spelling most of a city's postal codes use. */
function commonestName(places: PostalPlace[]): string {
  const counts = new Map<string, number>();
  for (const place of places) counts.set(place.city, (counts.get(place.city) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
}

function lookupResult(
  place: { city: string; state: string; country: Country; lat: number; lon: number },
  postalCode: string,
): AddressLookupResult {
  return {
    formatted_address: composeFormattedAddress(null, place.city, place.state, postalCode, place.country),
    lat: place.lat,
    lon: place.lon,
    components: {
      postal_code: postalCode,
      locality: place.city,
      administrative_area_level_1: place.state,
      country: place.country,
      street_number: null,
      route: null,
      name: place.city,
    },
  };
}

const cityResult = (city: City) =>
  lookupResult({ ...city.centre, city: city.name, state: city.state }, city.centre.postalCode);

/** Better first: the exact name, then more postal codes (a population proxy), then by name. */
function compareCities(exactKey: string) {
  return (a: City, b: City) =>
    Number(b.key === exactKey) - Number(a.key === exactKey) ||
    b.postalCodes - a.postalCodes ||
    a.key.localeCompare(b.key) ||
    a.state.localeCompare(b.state);
}

export function createGazetteer(places: readonly PostalPlace[]): Gazetteer {
  const postalByCode = new Map<string, PostalPlace>();
  for (const place of places) postalByCode.set(place.postalCode, place);
  const postalSorted = [...postalByCode.values()].sort((a, b) =>
    a.postalCode < b.postalCode ? -1 : a.postalCode > b.postalCode ? 1 : 0,
  );

  const groups = new Map<string, PostalPlace[]>();
  for (const place of places) {
    const groupKey = `${place.country}|${place.state}|${normalizePlaceText(place.city)}`;
    const group = groups.get(groupKey);
    if (group) group.push(place);
    else groups.set(groupKey, [place]);
  }
  const cities: City[] = [];
  for (const group of groups.values()) {
    const first = group[0]!;
    cities.push({
      name: commonestName(group),
      state: first.state,
      country: first.country,
      key: normalizePlaceText(first.city),
      centre: centreOf(group),
      postalCodes: group.length,
    });
  }
  const byName: CityKey[] = cities.map((city) => ({ key: city.key, city }));
  const byLaterWord: CityKey[] = cities.flatMap((city) => {
    const words = city.key.split(' ');
    return words.slice(1).map((_, index) => ({ key: words.slice(index + 1).join(' '), city }));
  });
  const byKey = (a: CityKey, b: CityKey) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  byName.sort(byKey);
  byLaterWord.sort(byKey);

  /** The best `limit` cities whose key starts with `prefix`, passing `accept`. */
  function citiesWithPrefix(
    index: CityKey[],
    prefix: string,
    accept: (city: City) => boolean,
    limit: number,
  ): City[] {
    const compare = compareCities(prefix);
    const best: City[] = [];
    for (let i = lowerBound(index, prefix, (item) => item.key); i < index.length; i += 1) {
      const { key, city } = index[i]!;
      if (!key.startsWith(prefix)) break;
      if (!accept(city) || best.includes(city)) continue;
      if (best.length === limit && compare(city, best[limit - 1]!) >= 0) continue;
      best.push(city);
      best.sort(compare);
      if (best.length > limit) best.pop();
    }
    return best;
  }

  function findCities(cityText: string, accept: (city: City) => boolean, limit: number): City[] {
    if (!cityText) return [];
    const found = citiesWithPrefix(byName, cityText, accept, limit);
    if (found.length < limit) {
      const more = citiesWithPrefix(
        byLaterWord,
        cityText,
        (city) => accept(city) && !found.includes(city),
        limit,
      );
      found.push(...more.slice(0, limit - found.length));
    }
    return found;
  }

  return {
    lookup({ query, country, limit }) {
      const { street, place } = splitTypedAddress(query);
      const parsed = parsePlace(place, country);
      const inCountry = (item: { country: Country }) => !parsed.country || item.country === parsed.country;
      const results: AddressLookupResult[] = [];

      if (parsed.postalCode) {
        const postal = postalByCode.get(parsed.postalCode.code);
        if (postal && inCountry(postal)) results.push(lookupResult(postal, parsed.postalCode.full));
      }
      if (parsed.postalPrefix) {
        const prefix = parsed.postalPrefix;
        for (
          let i = lowerBound(postalSorted, prefix, (item) => item.postalCode);
          i < postalSorted.length;
          i += 1
        ) {
          const postal = postalSorted[i]!;
          if (!postal.postalCode.startsWith(prefix) || results.length >= limit) break;
          if (inCountry(postal)) results.push(lookupResult(postal, postal.postalCode));
        }
      }

      const room = limit - results.length;
      if (parsed.cityText && room > 0) {
        const { region } = parsed;
        let found = findCities(
          parsed.cityText,
          (city) =>
            inCountry(city) && (!region || (city.state === region.code && city.country === region.country)),
          room,
        );
        // A short last word read as a region may be the start of the name ('San De' is not Delaware).
        if (found.length === 0 && region) {
          found = findCities(normalizePlaceText(place.replaceAll(',', ' '), false), inCountry, room);
        }
        const listed = new Set(results.map((result) => result.formatted_address));
        for (const city of found) {
          const result = cityResult(city);
          if (!listed.has(result.formatted_address)) results.push(result);
        }
      }
      return results.slice(0, limit).map((result) => withStreetLine(result, street));
    },

    size() {
      const count = (country: Country) => ({
        postalCodes: postalSorted.filter((place) => place.country === country).length,
        cities: cities.filter((city) => city.country === country).length,
      });
      return { US: count('US'), CA: count('CA') };
    },
  };
}

let shared: Gazetteer | null = null;

/** The gazetteer of the `zipcodes` package, built on first use (a few hundred ms) and kept. */
export function sharedGazetteer(): Gazetteer {
  shared ??= createGazetteer(readPostalPlaces());
  return shared;
}
