import { INCOME_STATUSES, lookupName, type Lang } from '../common/lookups';
import { wallTimeInZone } from '../common/time';

/** Name of an income status (see INCOME_STATUSES for the dictionary), 'Unknown' when it is not one. */
export function incomeStatusName(status: number | null | undefined, lang: Lang = 'en'): string {
  return lookupName(INCOME_STATUSES, status, lang);
}

const DAY_MS = 86_400_000;

/** The weekday of a moment's Eastern calendar date, as the spec numbers weekdays: Monday 0 to Sunday 6. */
export function easternWeekday(instant: Date): number {
  const { year, month, day } = wallTimeInZone(instant);
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

/**
 * The accounting week of a moment: the ISO week (Monday first; week 1 holds the year's first Thursday) of
 * its Eastern calendar date, with the week-numbering year. A load is booked into the accounting week of its
 * pick-up (load_accounting_week, load_accounting_year).
 */
export function accountingWeekOf(instant: Date): { week: number; year: number } {
  const { year, month, day } = wallTimeInZone(instant);
  const date = Date.UTC(year, month - 1, day);
  const thursday = date + (3 - easternWeekday(instant)) * DAY_MS;
  const weekYear = new Date(thursday).getUTCFullYear();
  const dayOfYear = Math.floor((thursday - Date.UTC(weekYear, 0, 1)) / DAY_MS);
  return { week: Math.floor(dayOfYear / 7) + 1, year: weekYear };
}
