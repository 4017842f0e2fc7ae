import type { Lang } from './lookups';

/** Every time the product shows is in US Eastern time. */
export const EASTERN_TIME_ZONE = 'America/New_York';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const easternDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: EASTERN_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** The calendar date in Eastern time as MM/DD/YYYY. */
export function formatEasternDate(value: Date | string | number): string {
  const parts = easternDateFormat.formatToParts(toDate(value));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')}`;
}

/**
 * How long ago something happened, as notifications show it: 'Now' under a minute, 'N min ago' under an
 * hour, 'N hours ago' under a day, then the Eastern date MM/DD/YYYY. Counts are floored. A time slightly in
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
  return formatEasternDate(value);
}
