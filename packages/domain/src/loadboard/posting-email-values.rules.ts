import { normalizeMcNumber } from '../brokers/brokers.rules';
import { REGIONS, type VehicleType } from '../common/lookups';
import { parseMoneyToCents } from '../common/money';
import { wallTimeInZone, wallTimeToInstant, toZonedIso, type WallTime } from '../common/time';

// The values of a posting e-mail read out of text: places ('Dallas, TX', 'Dallas TX 75201', '75201'),
// dates in the US way (11/27, 11/27/2026, Nov 27, Thu 11/27 08:00, ASAP) as Eastern time, vehicle types by
// the product's names and the abbreviations brokers use, numbers (miles, pounds, pieces, dims in inches),
// the rate ($1,250 / 1250 USD), references and MC numbers. Each answers null when the text holds none.

/** A place as a posting names it; its address and coordinates are looked up by the server. */
export type PostingPlaceText = { city: string | null; state: string | null; zip_code: string | null };

const REGION_BY_CODE = new Map(REGIONS.map((region) => [region.id, region]));

/** Words that precede a city in subjects and lines without being part of it. */
const NOT_CITY_WORDS = new Set(
  (
    'load loads available avail urgent hot new posting post expedite expedited freight sprinter van cargo box ' +
    'truck reefer flatbed straight from to pu pick up pickup del delivery deliver origin dest destination ' +
    'shipper consignee lane ready asap today tomorrow team solo needed need and the a for in at rate ltl ftl ' +
    'partial full dry on out of via mon tue wed thu fri sat sun sv cv fb ls ss hotshot'
  ).split(' '),
);

// A city's words never take a state code written in capitals ('Phoenix AZ to Los Angeles CA' is two places).
const NOT_STATE = `(?!(?:${REGIONS.map((region) => region.id).join('|')})\\b)`;
const CITY_WORD = `${NOT_STATE}[A-Za-z][A-Za-z.'’-]*`;
const PLACE_PATTERN = new RegExp(
  `(${CITY_WORD}(?:[ \\t]+${CITY_WORD}){0,5})[ \\t]*,?[ \\t]+([A-Z]{2})\\b(?:[ \\t,]+(\\d{5})(?:-\\d{4})?)?`,
  'g',
);
const ZIP_PATTERN = /(?<![\d$#/.,-])(\d{5})(?![\d/.,]|\s*(?:lbs?|mi\b|miles|usd|pcs|pieces|#))/;

/** The city of the words in front of a state code: the last words that are not posting words. */
function cityOf(words: string): string | null {
  const list = words.trim().split(/\s+/);
  let start = list.length;
  while (start > 0 && !NOT_CITY_WORDS.has(list[start - 1]!.toLowerCase().replace(/[.:]/g, ''))) start -= 1;
  const city = list.slice(Math.max(start, list.length - 4)).join(' ');
  return city === '' ? null : titleCase(city);
}

/** 'DALLAS' and 'dallas' read as 'Dallas'; 'McAllen' stays as written. */
function titleCase(text: string): string {
  if (text !== text.toUpperCase() && text !== text.toLowerCase()) return text;
  return text
    .toLowerCase()
    .replace(/(^|[\s'-])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** Every place in the text, in order: 'City, ST', 'City ST 12345', or a ZIP code alone. */
export function readPlaces(text: string): PostingPlaceText[] {
  const places: { at: number; end: number; place: PostingPlaceText }[] = [];
  for (const match of text.matchAll(PLACE_PATTERN)) {
    const state = match[2]!;
    if (!REGION_BY_CODE.has(state)) continue;
    const city = cityOf(match[1]!);
    if (city === null && !match[3]) continue;
    places.push({
      at: match.index,
      end: match.index + match[0].length,
      place: { city, state, zip_code: match[3] ?? null },
    });
  }
  // ZIP codes outside the places found, read alone.
  let rest = text;
  for (const found of places)
    rest = rest.slice(0, found.at) + ' '.repeat(found.end - found.at) + rest.slice(found.end);
  for (const match of rest.matchAll(new RegExp(ZIP_PATTERN, 'g'))) {
    places.push({
      at: match.index,
      end: match.index + 5,
      place: { city: null, state: null, zip_code: match[1]! },
    });
  }
  return places.sort((a, b) => a.at - b.at).map((found) => found.place);
}

/** The first place of the text, or null. */
export function readPlace(text: string): PostingPlaceText | null {
  return readPlaces(text)[0] ?? null;
}

const LANE_SEPARATOR = /\s*(?:->|=>|→|>|–|—|\s-\s|\bto\b|\/)\s*/i;

/** A lane written as two places with an arrow, a dash or 'to' between them: 'Dallas, TX -> Atlanta, GA'. */
export function readLane(text: string): { from: PostingPlaceText; to: PostingPlaceText } | null {
  for (const line of text.split('\n')) {
    const places = readPlaces(line);
    if (places.length < 2) continue;
    if (!LANE_SEPARATOR.test(line)) continue;
    return { from: places[0]!, to: places[1]! };
  }
  return null;
}

// ---------------------------------------------------------------- dates

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const NUMERIC_DATE = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?\b/;
const MONTH_DATE =
  /\b(jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?\b/i;
const TIME =
  /\b(\d{1,2})(?::(\d{2}))?\s*(am|pm|a|p)\b|\b(\d{1,2}):(\d{2})\b|\b([01]\d|2[0-3])([0-5]\d)\s*(?:hrs|h)?\b/i;

/** The hour a date without a time is read at (Eastern): the start of a working day. */
export const DEFAULT_POSTING_HOUR = 8;

/** The year a month and day without one stand for: the one that puts the date nearest to now. */
function nearestYear(month: number, day: number, now: WallTime): number {
  const candidates = [now.year - 1, now.year, now.year + 1];
  const distance = (year: number) =>
    Math.abs(Date.UTC(year, month - 1, day) - Date.UTC(now.year, now.month - 1, now.day));
  return candidates.reduce((best, year) => (distance(year) < distance(best) ? year : best));
}

/** The time of day in a text ('08:00', '8am', '2:30 PM', '1400 hrs'), or null. */
export function readTimeOfDay(text: string): { hour: number; minute: number } | null {
  const match = TIME.exec(text);
  if (!match) return null;
  if (match[1] !== undefined) {
    let hour = Number(match[1]) % 12;
    if (match[3]!.toLowerCase().startsWith('p')) hour += 12;
    const minute = Number(match[2] ?? 0);
    return hour < 24 && minute < 60 ? { hour, minute } : null;
  }
  const hour = Number(match[4] ?? match[6]);
  const minute = Number(match[5] ?? match[7]);
  return hour < 24 && minute < 60 ? { hour, minute } : null;
}

/**
 * The Eastern date and time a text names, as ISO 8601 with the offset ('2026-11-27T08:00:00-05:00'), or
 * null. A date without a year is the one nearest to now; without a time it reads as 08:00. 'ASAP', 'now'
 * and 'today' are now; 'tomorrow' is tomorrow at 08:00 unless a time is given.
 */
export function readPostingDate(text: string, now: Date): string | null {
  const today = wallTimeInZone(now);
  let date: { year: number; month: number; day: number } | null = null;
  let rest = text;
  const numeric = NUMERIC_DATE.exec(text);
  const named = MONTH_DATE.exec(text);
  if (numeric && (!named || numeric.index < named.index)) {
    const month = Number(numeric[1]);
    const day = Number(numeric[2]);
    const year = numeric[3]
      ? Number(numeric[3].length === 2 ? `20${numeric[3]}` : numeric[3])
      : nearestYear(month, day, today);
    date = { year, month, day };
    rest = text.replace(numeric[0], ' ');
  } else if (named) {
    const month = MONTHS.indexOf(named[1]!.slice(0, 3).toLowerCase()) + 1;
    const day = Number(named[2]);
    date = { year: named[3] ? Number(named[3]) : nearestYear(month, day, today), month, day };
    rest = text.replace(named[0], ' ');
  } else if (/\b(asap|now|today|tonight)\b/i.test(text)) {
    const time = readTimeOfDay(text);
    if (!time) return toZonedIso(now);
    date = today;
  } else if (/\btomorrow\b/i.test(text)) {
    const next = wallTimeInZone(new Date(now.getTime() + 24 * 60 * 60 * 1000));
    date = { year: next.year, month: next.month, day: next.day };
  }
  if (!date || !validDay(date)) return null;
  const time = readTimeOfDay(rest) ?? { hour: DEFAULT_POSTING_HOUR, minute: 0 };
  return toZonedIso(wallTimeToInstant({ ...date, ...time }));
}

function validDay({ year, month, day }: { year: number; month: number; day: number }): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

// ---------------------------------------------------------------- vehicle types

/** Vehicle types by what brokers write, most specific first. Abbreviations count as whole words only. */
const VEHICLE_PATTERNS: [RegExp, VehicleType][] = [
  [/\bsprinter\s+van\b|\bSV\b/i, 'SPRINTER VAN'],
  [/\bsprinter\b/i, 'SPRINTER'],
  [/\bcargo\s*van\b|\bc-van\b|\bCV\b/i, 'CARGO VAN'],
  [/\bsmall\s+straight\b|\bSS\b|\b1[0-8]\s*(?:'|ft|foot)\s*(?:box|straight)/i, 'SMALL STRAIGHT'],
  [/\blarge\s+straight\b|\bLS\b|\bstraight\s+truck\b|\b2[0-6]\s*(?:'|ft|foot)/i, 'LARGE STRAIGHT'],
  [/\bbox\s*truck\b|\bbox\b/i, 'BOX TRUCK'],
  [/\breefer\b|\brefrigerated\b|\btemp(?:erature)?[\s-]controlled\b/i, 'REEFER'],
  [/\bflat\s*bed\b|\bFB\b|\bstep\s*deck\b/i, 'FLATBED'],
  [/\btractor\b|\bsemi\b|\b53\s*(?:'|ft|foot)|\bdry\s+van\b/i, 'TRACTOR'],
  [/\blift\s*gate\b/i, 'LIFTGATE'],
  [/\bvan\b/i, 'VAN'],
];

/** The vehicle type a text names, by the product's names and common abbreviations; null when none. */
export function readVehicleType(text: string): VehicleType | null {
  return VEHICLE_PATTERNS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

// ---------------------------------------------------------------- numbers

/** A whole number written with or without thousands commas ('1,800', '1800'), or null. */
export function readWholeNumber(text: string): number | null {
  const match = /(?<![\d.])(\d{1,3}(?:,\d{3})+|\d+)(?![\d,]*\.\d)/.exec(text);
  return match ? Number(match[1]!.replace(/,/g, '')) : null;
}

/** A number followed by one of the units: '812 mi', '1,800 lbs', '3 pallets'. */
function numberWithUnit(text: string, units: string): number | null {
  const match = new RegExp(`(\\d{1,3}(?:,\\d{3})+|\\d+)\\s*(?:${units})(?![a-z])`, 'i').exec(text);
  return match ? Number(match[1]!.replace(/,/g, '')) : null;
}

export const readMilesIn = (text: string) => numberWithUnit(text, 'loaded miles|miles|mi');
export const readWeightIn = (text: string) => numberWithUnit(text, 'lbs|lb|pounds|#');
export const readPiecesIn = (text: string) =>
  numberWithUnit(text, 'pieces|pcs|pallets|pallet|plts|skids|skid|boxes');

/** Length, width and height in inches: '48x40x60', '48" x 40" x 60"', '48 X 40 X 60 in'. */
export function readDims(text: string): { length: number; width: number; height: number } | null {
  const match = /(\d{1,4})\s*(?:"|in)?\s*[x×*]\s*(\d{1,4})\s*(?:"|in)?\s*[x×*]\s*(\d{1,4})/i.exec(text);
  if (!match) return null;
  return { length: Number(match[1]), width: Number(match[2]), height: Number(match[3]) };
}

/** The rate in cents: '$1,250', '$1,250.00', '1250 USD', '1250$'; not a rate per mile ('$2.10/mi'). */
export function readRateCents(text: string): number | null {
  const pattern =
    /\$\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?(?!\s*\/\s*mi)|(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?\s*(?:usd|\$|dollars)\b(?!\s*\/\s*mi)/gi;
  for (const match of text.matchAll(pattern)) {
    const amount = `${match[1] ?? match[3]}${match[2] ?? match[4] ?? ''}`;
    const cents = parseMoneyToCents(amount);
    if (cents >= 100 * 50) return cents;
  }
  return null;
}

/** A bare amount after a rate label ('Rate: 1250'): the label says it is money. */
export function readAmountCents(text: string): number | null {
  const match = /^\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?(?!\s*\/\s*mi)/i.exec(text);
  return match ? parseMoneyToCents(`${match[1]}${match[2] ?? ''}`) : (readRateCents(text) ?? null);
}

/** A broker's reference: letters, digits and dashes with at least one digit ('TQL-88213', '#55012'). */
export function readReference(text: string): string | null {
  const match = /#?\s*([A-Z0-9][A-Z0-9-]{2,39})/i.exec(text.trim());
  return match && /\d/.test(match[1]!) ? match[1]!.toUpperCase() : null;
}

/** The reference named anywhere in a text ('Ref# 55012', 'Load #TQL-88213', 'Order: 4471'). */
export function findReference(text: string): string | null {
  const match =
    /\b(?:ref(?:erence)?|load|order|shipment)\s*(?:#|no\.?|number|id)\s*:?\s*([A-Z0-9][A-Z0-9-]{2,39})/i.exec(
      text,
    );
  return match && /\d/.test(match[1]!) ? match[1]!.toUpperCase() : null;
}

/** The MC number named in a text ('MC# 411443', 'MC-411443', 'MC 0411443') as its digits. */
export function findMcNumber(text: string): string | null {
  const match = /\bMC\s*(?:#|number|no\.?)?\s*[:#-]?\s*(\d{3,8})\b/i.exec(text);
  return match ? normalizeMcNumber(match[1]) : null;
}

/**
 * The broker company a signature names in front of its MC number ('Total Quality Logistics | MC# 411443',
 * 'Mode Transportation, MC #178421'): words without digits or labels, or null.
 */
export function findCompanyBeforeMc(text: string): string | null {
  for (const line of text.split('\n')) {
    const match = /^(.*?)\bMC\s*(?:#|number|no\.?)?\s*[:#-]?\s*\d{3,8}\b/i.exec(line);
    if (!match) continue;
    const name = match[1]!.replace(/^[\s|•,;–—-]+|[\s|•,;–—-]+$/g, '');
    if (name.length >= 3 && name.length <= 80 && !/[\d:]/.test(name) && /[a-z]{2}/i.test(name)) return name;
  }
  return null;
}

/** A US phone number as written ('(513) 831-2600', '513.831.2600'), or null. */
export function findPhone(text: string): string | null {
  const match = /(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}(?:\s*(?:x|ext\.?)\s*\d{1,5})?/i.exec(
    text,
  );
  return match ? match[0].trim() : null;
}
