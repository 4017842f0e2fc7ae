import { EASTERN_TIME_ZONE } from '@app/domain/common/time';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * MINUTE_MS);
}

export function addHours(date: Date, hours: number): Date {
  return new Date(date.getTime() + hours * HOUR_MS);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

export function earliest(...dates: Date[]): Date {
  return new Date(Math.min(...dates.map((date) => date.getTime())));
}

export function latest(...dates: Date[]): Date {
  return new Date(Math.max(...dates.map((date) => date.getTime())));
}

/** Appointment times are set on the quarter hour, as shippers give them. */
export function roundToQuarterHour(date: Date): Date {
  const quarter = 15 * MINUTE_MS;
  return new Date(Math.round(date.getTime() / quarter) * quarter);
}

export function truncateToMinute(date: Date): Date {
  return new Date(Math.floor(date.getTime() / MINUTE_MS) * MINUTE_MS);
}

const easternDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: EASTERN_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

function easternCalendarDay(date: Date): Date {
  const parts = easternDateFormat.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(Date.UTC(part('year'), part('month') - 1, part('day')));
}

/** A calendar date (Eastern time) as 'YYYY-MM-DD', for date columns such as expiry dates. */
export function easternDateOnly(date: Date): string {
  return easternCalendarDay(date).toISOString().slice(0, 10);
}

/**
 * The ISO week (Monday first; week 1 holds the year's first Thursday) of a moment's Eastern calendar date,
 * with its week-numbering year: loads are booked into the accounting week of their pick-up.
 */
export function isoWeekOf(date: Date): { week: number; year: number } {
  const day = easternCalendarDay(date);
  const mondayBasedWeekday = (day.getUTCDay() + 6) % 7;
  const thursday = new Date(day.getTime() + (3 - mondayBasedWeekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const dayOfYear = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS);
  return { week: Math.floor(dayOfYear / 7) + 1, year };
}
