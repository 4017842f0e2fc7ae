import { wallTimeInZone, wallTimeToInstant } from '../common/time';

// The dashboard's periods as Eastern calendar dates, and the arithmetic its figures share. A period is a
// closed range of Eastern dates ('YYYY-MM-DD', first and last included); weeks are ISO weeks, Monday to
// Sunday, as the accounting weeks (accounting/pay-weeks.rules.ts).

export const DASHBOARD_PERIODS = ['today', 'this_week', 'last_week', 'this_month', 'range'] as const;
export type DashboardPeriodName = (typeof DASHBOARD_PERIODS)[number];

/** The longest range a dashboard call takes: one year and a day, so that a leap year fits. */
export const MAX_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;

export type DateRange = { date_from: string; date_to: string };

const pad2 = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM-DD' as a UTC midnight in milliseconds (calendar arithmetic only, no time zone). */
function dateValue(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return Date.UTC(year!, month! - 1, day);
}

function dateText(value: number): string {
  return new Date(value).toISOString().slice(0, 10);
}

/** The date `days` days after (before, when negative). */
export function addDays(date: string, days: number): string {
  return dateText(dateValue(date) + days * DAY_MS);
}

/** How many days the range covers, both ends included: ('2026-11-01', '2026-11-30') -> 30. */
export function rangeDayCount(dateFrom: string, dateTo: string): number {
  return Math.round((dateValue(dateTo) - dateValue(dateFrom)) / DAY_MS) + 1;
}

/** The Eastern calendar date of an instant. */
export function easternDate(instant: Date): string {
  const { year, month, day } = wallTimeInZone(instant);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** Monday 0 to Sunday 6 of a calendar date. */
function weekdayOf(date: string): number {
  return (new Date(dateValue(date)).getUTCDay() + 6) % 7;
}

/** The Monday of the ISO week holding the date. */
export function weekMonday(date: string): string {
  return addDays(date, -weekdayOf(date));
}

/** ISO week-numbering year and week of a calendar date: week 1 holds the year's first Thursday. */
export function isoWeekOf(date: string): { year: number; week: number } {
  const thursday = dateValue(date) + (3 - weekdayOf(date)) * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const dayOfYear = Math.floor((thursday - Date.UTC(year, 0, 1)) / DAY_MS);
  return { year, week: Math.floor(dayOfYear / 7) + 1 };
}

/**
 * The Eastern dates a period covers at `now`: today; this week (Monday to Sunday of today's ISO week, the
 * days to come included); last week (the ISO week before); this month (the 1st to the last day of today's
 * Eastern month); a range as given. Today is the Eastern date of `now`, so at 23:30 Eastern on a Sunday
 * this week still ends that Sunday.
 */
export function periodDates(
  query: { period: DashboardPeriodName; date_from?: string | undefined; date_to?: string | undefined },
  now: Date,
): DateRange {
  const today = easternDate(now);
  switch (query.period) {
    case 'today':
      return { date_from: today, date_to: today };
    case 'this_week': {
      const monday = weekMonday(today);
      return { date_from: monday, date_to: addDays(monday, 6) };
    }
    case 'last_week': {
      const monday = addDays(weekMonday(today), -7);
      return { date_from: monday, date_to: addDays(monday, 6) };
    }
    case 'this_month': {
      const [year, month] = today.split('-').map(Number);
      const last = new Date(Date.UTC(year!, month, 0)).getUTCDate();
      return { date_from: `${today.slice(0, 7)}-01`, date_to: `${today.slice(0, 7)}-${pad2(last)}` };
    }
    case 'range':
      if (query.date_from === undefined || query.date_to === undefined)
        throw new RangeError('A range needs date_from and date_to');
      return { date_from: query.date_from, date_to: query.date_to };
  }
}

/**
 * The instants a range of Eastern dates spans: from midnight Eastern of the first day (included) to
 * midnight Eastern after the last (excluded). Days are 23 or 25 hours long when the clocks change.
 */
export function rangeInstants(range: DateRange): { from: Date; to: Date } {
  const midnight = (date: string) => {
    const [year, month, day] = date.split('-').map(Number);
    return wallTimeToInstant({ year: year!, month: month!, day: day!, hour: 0, minute: 0 });
  };
  return { from: midnight(range.date_from), to: midnight(addDays(range.date_to, 1)) };
}

/** The range of the same number of days just before: the trend's comparison. */
export function previousRange(range: DateRange): DateRange {
  const days = rangeDayCount(range.date_from, range.date_to);
  return { date_from: addDays(range.date_from, -days), date_to: addDays(range.date_from, -1) };
}

/** Every date of the range, in order. */
export function datesOfRange(range: DateRange): string[] {
  const dates: string[] = [];
  for (let date = range.date_from; date <= range.date_to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

export type RangeWeek = { year: number; week: number; week_start: string; week_end: string };

/** The ISO weeks that touch the range, in order, with their Monday and Sunday. */
export function weeksOfRange(range: DateRange): RangeWeek[] {
  const weeks: RangeWeek[] = [];
  for (let monday = weekMonday(range.date_from); monday <= range.date_to; monday = addDays(monday, 7)) {
    weeks.push({ ...isoWeekOf(monday), week_start: monday, week_end: addDays(monday, 6) });
  }
  return weeks;
}

/** The twelve months ending with the range's last month, oldest first: 'YYYY-MM'. */
export function twelveMonthsTo(range: DateRange): string[] {
  const [year, month] = range.date_to.split('-').map(Number);
  const months: string[] = [];
  for (let back = 11; back >= 0; back -= 1) {
    const date = new Date(Date.UTC(year!, month! - 1 - back, 1));
    months.push(`${date.getUTCFullYear()}-${pad2(date.getUTCMonth() + 1)}`);
  }
  return months;
}

/** The dates the twelve months of `twelveMonthsTo` cover: the first day of the first to the last of the last. */
export function twelveMonthsRange(range: DateRange): DateRange {
  const months = twelveMonthsTo(range);
  const [year, month] = months[11]!.split('-').map(Number);
  const lastDay = new Date(Date.UTC(year!, month, 0)).getUTCDate();
  return { date_from: `${months[0]!}-01`, date_to: `${months[11]!}-${pad2(lastDay)}` };
}

/** Cents per mile as dollars to the cent (half up): gross / miles; null without miles. */
export function ratePerMile(grossCents: number, miles: number): number | null {
  if (miles <= 0) return null;
  return Math.round(grossCents / miles) / 100;
}

/** A share in percent to two decimals; null when the whole is not positive. */
export function percentShare(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part * 10_000) / whole) / 100;
}

/** An average to two decimals; null when there is nothing to average over. */
export function averageOf(total: number, over: number): number | null {
  if (over <= 0) return null;
  const hundredths = Math.round((Math.abs(total) * 100) / over);
  return ((total < 0 ? -hundredths : hundredths) || 0) / 100;
}
