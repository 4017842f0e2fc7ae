import { createRequire } from 'node:module';
import { CA_PROVINCES, US_STATES, type Country } from '@app/domain/common/lookups';

// The places the address lookup knows, read from the `zipcodes` package (US ZIP codes and Canadian postal
// FSAs, each with a place name and coordinates) and tidied:
// - US: the 50 states and DC only (military and territory codes and placeholder coordinates are dropped);
// - Canada: the package names each FSA by its district ('Downtown Toronto (richmond / Adelaide / King)',
//   'Regina Northeast', 'Eastern Alberta (st. Paul)'), gives the province by name (sometimes wrongly) and
//   has lost some French accents; the city is read out of the district name, the province is taken from
//   the FSA's first letter (Canada Post's assignment), and entries without coordinates are dropped.

/** One postal code: a US ZIP ('60601') or a Canadian FSA ('M5H'), in a city with coordinates. */
export type PostalPlace = {
  postalCode: string;
  city: string;
  /** The state or province code: 'IL', 'ON'. */
  state: string;
  country: Country;
  lat: number;
  lon: number;
};

type PackageEntry = {
  zip: string;
  latitude: number | null;
  longitude: number | null;
  city: string;
  state: string;
};

type PackageModule = { codes: Record<string, PackageEntry> };

const US_STATE_CODES = new Set(US_STATES.map((state) => state.id));

/** Canada Post gives each province the first letter of its postal codes (X is shared by NT and NU). */
const PROVINCE_BY_FSA_LETTER: Record<string, string> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  X: 'NT',
  Y: 'YT',
};

/** French words whose accented letters the package lost (each stored with U+FFFD in their place). */
const LOST_ACCENTS: [string, string][] = [
  ['cap-pel\uFFFD', 'cap-pelé'],
  ['lam\uFFFDque', 'lamèque'],
  ['h\uFFFDbert', 'hébert'],
  ['a\uFFFDores', 'açores'],
  ['gasp\uFFFDsie', 'gaspésie'],
  ['gasp\uFFFD', 'gaspé'],
  ['vall\uFFFDe', 'vallée'],
  ['c\uFFFDte', 'côte'],
  ['trinit\uFFFD', 'trinité'],
  ['r\uFFFDgion', 'région'],
  ['chaudi\uFFFDre', 'chaudière'],
  ['qu\uFFFDbec', 'québec'],
  ['val\uFFFDre', 'valère'],
  ['pocati\uFFFDre', 'pocatière'],
  ['\uFFFDmile', 'émile'],
  ['b\uFFFDlair', 'bélair'],
  ['\uFFFDles', 'îles'],
  ['\uFFFDle', 'île'],
  ['rivi\uFFFDre', 'rivière'],
  ['l\uFFFDvis', 'lévis'],
  ['laterri\uFFFDre', 'laterrière'],
  ['jonqui\uFFFDre', 'jonquière'],
  ['m\uFFFDtabetchouan', 'métabetchouan'],
  ['f\uFFFDlicien', 'félicien'],
  ['m\uFFFDre', 'mère'],
  ['l\uFFFDonard', 'léonard'],
  ['h\uFFFDl\uFFFDne', 'hélène'],
  ['gr\uFFFDce', 'grâce'],
  ['\uFFFDmard', 'émard'],
  ['fran\uFFFDois', 'françois'],
  ['doroth\uFFFDe', 'dorothée'],
  ['genevi\uFFFDve', 'geneviève'],
  ['mont\uFFFDr\uFFFDgie', 'montérégie'],
  ['lanaudi\uFFFDre', 'lanaudière'],
  ['pr\uFFFDvost', 'prévost'],
  ['ch\uFFFDn\uFFFDville', 'chénéville'],
  ['t\uFFFDmiscamingue', 'témiscamingue'],
  ['j\uFFFDr\uFFFDme', 'jérôme'],
  ['\uFFFDpiphanie', 'épiphanie'],
  ['ch\uFFFDteauguay', 'châteauguay'],
  ['th\uFFFDr\uFFFDse', 'thérèse'],
  ['ad\uFFFDle', 'adèle'],
];

/** Words after a city's name that only say which part of it the FSA covers. */
const DISTRICT_WORDS = new Set([
  'north',
  'south',
  'east',
  'west',
  'northeast',
  'northwest',
  'southeast',
  'southwest',
  'central',
  'inner',
  'outer',
  'upper',
  'lower',
  'mid',
  'and',
  '&',
  'extremities',
  'outskirts',
  'northern',
  'southern',
  'eastern',
  'western',
  'region',
  'rcm',
  'harbour',
  'mid-harbour',
  'riverbank',
  'mid-riverbank',
]);

/** Words before a city's name that only say which part of it the FSA covers ('Downtown Toronto'). */
const DISTRICT_PREFIXES = /^(?:downtown|central|old|greater)\s+/;

/** What follows a city's name in some FSA names: delivery details or a government office. */
const TRAILING_NOTES =
  /\s+(?:stn\b.*|business reply.*|po boxes.*|provincial government.*|\(includes.*|(?:newfoundland & labrador|prince edward island|british columbia|nova scotia|new brunswick|manitoba|saskatchewan|quebec|ontario|alberta) provincial government.*)$/;

/** FSAs of government offices, named after the office rather than the city. */
const CITY_BY_OFFICE: Record<string, string> = {
  quebec: 'quebec city',
  'government of canada ottawa and gatineau offices': 'ottawa',
};

/** Kept in lower case inside a name, as French and English place names write them. */
const PARTICLES = new Set([
  'de',
  'des',
  'du',
  'la',
  'le',
  'les',
  'sur',
  'en',
  'aux',
  'au',
  'a',
  'à',
  'of',
  'the',
]);

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** 'saint-jean-sur-richelieu' -> 'Saint-Jean-sur-Richelieu', "val-d'or" -> "Val-d'Or", 'fort mcmurray' -> 'Fort McMurray'. */
export function titleCasePlaceName(name: string): string {
  return name
    .toLowerCase()
    .split(' ')
    .map((word, wordIndex) =>
      word
        .split('-')
        .map((part, partIndex) => {
          if ((wordIndex > 0 || partIndex > 0) && PARTICLES.has(part)) return part;
          const elided = /^([dl])'(.+)$/.exec(part);
          if (elided) {
            const head = wordIndex > 0 || partIndex > 0 ? elided[1]! : elided[1]!.toUpperCase();
            return `${head}'${capitalize(elided[2]!)}`;
          }
          const scottish = /^mc(.+)$/.exec(part);
          if (scottish) return `Mc${capitalize(scottish[1]!)}`;
          return capitalize(part);
        })
        .join('-'),
    )
    .join(' ');
}

/**
 * The city of a Canadian FSA, from the package's district name: 'Downtown Toronto (richmond / Adelaide /
 * King)' -> 'Toronto', 'Regina Northeast And East Central' -> 'Regina', and for a rural FSA (second
 * character 0), the town in brackets: 'Eastern Alberta (st. Paul)' -> 'St. Paul'.
 */
export function canadianCityName(fsa: string, district: string): string {
  let name = district.toLowerCase();
  for (const [lost, restored] of LOST_ACCENTS) name = name.replaceAll(lost, restored);
  name = name.replace(/-\s+/g, '-').replace(/\s+/g, ' ').trim();

  const bracket = /^(.*?)\s*\(([^)]*)\)?(.*)$/.exec(name);
  if (bracket) {
    const [, before = '', inside = ''] = bracket;
    const town = inside.split(/\s*[/,]\s*/)[0]?.trim() ?? '';
    name = fsa.charAt(1) === '0' && town ? town : before;
  }
  name = name.replace(TRAILING_NOTES, '').replace(DISTRICT_PREFIXES, '');
  const words = name.split(' ');
  while (words.length > 1 && DISTRICT_WORDS.has(words[words.length - 1]!)) words.pop();
  name = words.join(' ');
  return titleCasePlaceName(CITY_BY_OFFICE[name] ?? name);
}

function provinceOf(entry: PackageEntry): string | null {
  if (/nunavut/i.test(entry.state)) return 'NU';
  return PROVINCE_BY_FSA_LETTER[entry.zip.charAt(0).toUpperCase()] ?? null;
}

const hasCoordinates = (
  entry: PackageEntry,
): entry is PackageEntry & { latitude: number; longitude: number } =>
  typeof entry.latitude === 'number' &&
  typeof entry.longitude === 'number' &&
  !(entry.latitude === 0 && entry.longitude === 0);

const CA_PROVINCE_CODES = new Set(CA_PROVINCES.map((province) => province.id));

/** Every US ZIP and Canadian FSA the lookup knows, read from the package (a few MB: read once, on demand). */
export function readPostalPlaces(): PostalPlace[] {
  const require = createRequire(import.meta.url);
  const us = require('zipcodes/lib/codes.js') as PackageModule;
  const canada = require('zipcodes/lib/codesCanada.js') as PackageModule;
  const places: PostalPlace[] = [];

  for (const entry of Object.values(us.codes)) {
    if (!US_STATE_CODES.has(entry.state) || !hasCoordinates(entry) || !entry.city) continue;
    places.push({
      postalCode: entry.zip,
      city: entry.city,
      state: entry.state,
      country: 'US',
      lat: entry.latitude,
      lon: entry.longitude,
    });
  }

  const canadian: PostalPlace[] = [];
  for (const entry of Object.values(canada.codes)) {
    const province = provinceOf(entry);
    if (!province || !CA_PROVINCE_CODES.has(province) || !hasCoordinates(entry) || !entry.city) continue;
    canadian.push({
      postalCode: entry.zip.toUpperCase(),
      city: canadianCityName(entry.zip, entry.city),
      state: province,
      country: 'CA',
      lat: entry.latitude,
      lon: entry.longitude,
    });
  }
  return [...places, ...mergeCityDistricts(canadian)];
}

/** A city with this many FSAs or more takes in the districts named after it. */
const DISTRICT_PARENT_MIN_FSAS = 3;

/**
 * Districts whose name is a bigger city's name and a local one ('Halifax Bedford Basin', 'Saint John
 * Lakewood') are put in that city of the same province.
 */
function mergeCityDistricts(places: PostalPlace[]): PostalPlace[] {
  const fsaCount = new Map<string, number>();
  for (const place of places) {
    const key = `${place.state}|${place.city}`;
    fsaCount.set(key, (fsaCount.get(key) ?? 0) + 1);
  }
  return places.map((place) => {
    const words = place.city.split(' ');
    for (let length = words.length - 1; length > 0; length -= 1) {
      const parent = words.slice(0, length).join(' ');
      if ((fsaCount.get(`${place.state}|${parent}`) ?? 0) >= DISTRICT_PARENT_MIN_FSAS) {
        return { ...place, city: parent };
      }
    }
    return place;
  });
}
