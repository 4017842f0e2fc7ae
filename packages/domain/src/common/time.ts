import type { Lang } from './lookups';

/** Every time the product shows is in US Eastern time. */
export const EASTERN_TIME_ZONE = 'America/New_York';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// The one place that reads clocks in a time zone: the server, the domain's rules and the web format and
// parse Eastern times through these functions.

/** A clock reading with no time zone attached: what the picker shows and the user types. Month is 1..12. */
export type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

const pad2 = (value: number) => String(value).padStart(2, '0');

/** A number that orders clock readings (milliseconds as if the reading were UTC). */
export function wallTimeValue(value: WallTime): number {
  return Date.UTC(value.year, value.month - 1, value.day, value.hour, value.minute);
}

export function compareWallTimes(a: WallTime, b: WallTime): number {
  return wallTimeValue(a) - wallTimeValue(b);
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function zoneReading(instant: Date, timeZone: string): WallTime & { second: number } {
  const parts = zoneFormatter(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** The clock reading of an instant in a time zone (Eastern by default), to the minute. */
export function wallTimeInZone(instant: Date, timeZone: string = EASTERN_TIME_ZONE): WallTime {
  const { year, month, day, hour, minute } = zoneReading(instant, timeZone);
  return { year, month, day, hour, minute };
}

/** Minutes the zone's clock is ahead of UTC at an instant (-300 for EST, -240 for EDT). */
function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const reading = zoneReading(instant, timeZone);
  const asUtc = wallTimeValue(reading) + reading.second * 1000;
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc - wholeSeconds) / 60_000);
}

/**
 * The instant a clock reading stands for in a time zone (Eastern by default). A reading in the hour
 * skipped when clocks go forward lands an hour off; a reading in the hour repeated when they go back is
 * taken as the first one.
 */
export function wallTimeToInstant(value: WallTime, timeZone: string = EASTERN_TIME_ZONE): Date {
  const asUtc = wallTimeValue(value);
  const firstOffset = zoneOffsetMinutes(new Date(asUtc), timeZone);
  let instant = asUtc - firstOffset * 60_000;
  const secondOffset = zoneOffsetMinutes(new Date(instant), timeZone);
  if (secondOffset !== firstOffset) instant = asUtc - secondOffset * 60_000;
  return new Date(instant);
}

/** An instant as ISO 8601 with the zone's offset: '2026-01-15T08:30:00-05:00'. */
export function toZonedIso(instant: Date, timeZone: string = EASTERN_TIME_ZONE): string {
  const reading = wallTimeInZone(instant, timeZone);
  const offset = zoneOffsetMinutes(instant, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const hours = pad2(Math.floor(Math.abs(offset) / 60));
  const minutes = pad2(Math.abs(offset) % 60);
  const date = `${reading.year}-${pad2(reading.month)}-${pad2(reading.day)}`;
  return `${date}T${pad2(reading.hour)}:${pad2(reading.minute)}:00${sign}${hours}:${minutes}`;
}

/** The Eastern calendar year of an instant. */
export function easternYear(now: Date): number {
  return wallTimeInZone(now).year;
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** The Eastern calendar date of an instant as 'YYYY-MM-DD', for date columns such as expiry dates. */
export function easternDateOnly(value: Date | string | number): string {
  const { year, month, day } = wallTimeInZone(toDate(value));
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** The Eastern calendar date in the language's order: MM/DD/YYYY, in Russian DD.MM.YYYY. */
export function formatEasternDate(value: Date | string | number, lang: Lang = 'en'): string {
  const { year, month, day } = wallTimeInZone(toDate(value));
  return lang === 'ru' ? `${pad2(day)}.${pad2(month)}.${year}` : `${pad2(month)}/${pad2(day)}/${year}`;
}

/**
 * An Eastern date and time as the product shows it: the spec's 'hh:mma MM/DD/YYYY' ('03:04pm 11/21/2026');
 * in Russian a 24-hour clock and the day first ('15:04 21.11.2026').
 */
export function formatEasternDateTime(value: Date | string | number, lang: Lang = 'en'): string {
  const reading = wallTimeInZone(toDate(value));
  const date = formatEasternDate(value, lang);
  if (lang === 'ru') return `${pad2(reading.hour)}:${pad2(reading.minute)} ${date}`;
  const hour12 = reading.hour % 12 === 0 ? 12 : reading.hour % 12;
  return `${pad2(hour12)}:${pad2(reading.minute)}${reading.hour < 12 ? 'am' : 'pm'} ${date}`;
}

/**
 * How long ago something happened, as notifications show it: 'Now' under a minute, 'N min ago' under an
 * hour, 'N hours ago' under a day, then the Eastern date in the language's order (MM/DD/YYYY, in Russian
 * DD.MM.YYYY, as every other date beside it). Counts are floored. A time slightly in
 * the future (clocks of server and browser differ) reads 'Now'.
 */
export function relativeTime(
  value: Date | string | number,
  now: Date | string | number,
  lang: Lang = 'en',
): string {
  const elapsed = toDate(now).getTime() - toDate(value).getTime();
  if (elapsed < MINUTE_MS) return lang === 'ru' ? 'Сейчас' : 'Now';
  if (elapsed < HOUR_MS) {
    const minutes = Math.floor(elapsed / MINUTE_MS);
    return lang === 'ru' ? `${minutes} мин назад` : `${minutes} min ago`;
  }
  if (elapsed < DAY_MS) {
    const hours = Math.floor(elapsed / HOUR_MS);
    if (lang === 'ru') return `${hours} ч назад`;
    return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  }
  return formatEasternDate(value, lang);
}
