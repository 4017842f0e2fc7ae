// Accounting weeks of pay: the ISO weeks (Monday first; week 1 holds the year's first Thursday) that the
// owners' and dispatchers' pay is counted by, their dates, and the closed weeks. A week is closed once its
// pay sheets were sent: what was paid for it stays as it was, and a later change to one of its loads is paid
// (or taken back) as an adjustment in the next open week (closedWeekAdjustments in pay-ledger.rules.ts).

const DAY_MS = 86_400_000;

export type PayWeek = { year: number; week: number };

/** 'YYYY-WW' of a week, sortable as text: { year: 2026, week: 3 } -> '2026-03'. */
export function payWeekKey({ year, week }: PayWeek): string {
  return `${year}-${String(week).padStart(2, '0')}`;
}

/** Orders two weeks: negative when `a` comes first. */
export function comparePayWeeks(a: PayWeek, b: PayWeek): number {
  return a.year - b.year || a.week - b.week;
}

/** The Monday that starts ISO week 1 of `year`, as a UTC midnight in milliseconds. */
function weekOneMonday(year: number): number {
  const january4 = Date.UTC(year, 0, 4);
  const weekday = (new Date(january4).getUTCDay() + 6) % 7;
  return january4 - weekday * DAY_MS;
}

/** How many ISO weeks the year has: 53 when 28 December falls in week 53 (2026, 2032), 52 otherwise. */
export function isoWeeksInYear(year: number): 52 | 53 {
  return weekOneMonday(year + 1) - weekOneMonday(year) === 53 * 7 * DAY_MS ? 53 : 52;
}

/** Whether the week exists: 1 to 52, or 53 in a long year. */
export function isPayWeek({ year, week }: PayWeek): boolean {
  return Number.isInteger(week) && week >= 1 && week <= isoWeeksInYear(year);
}

/** The week after: week 52 (or 53) of a year is followed by week 1 of the next. */
export function nextPayWeek({ year, week }: PayWeek): PayWeek {
  return week >= isoWeeksInYear(year) ? { year: year + 1, week: 1 } : { year, week: week + 1 };
}

/** The week before. */
export function previousPayWeek({ year, week }: PayWeek): PayWeek {
  return week <= 1 ? { year: year - 1, week: isoWeeksInYear(year - 1) } : { year, week: week - 1 };
}

/** A week `count` weeks after (or before, when negative). */
export function addPayWeeks(start: PayWeek, count: number): PayWeek {
  let current = start;
  for (let step = 0; step < Math.abs(count); step += 1) {
    current = count > 0 ? nextPayWeek(current) : previousPayWeek(current);
  }
  return current;
}

/** The calendar dates of the week: Monday and Sunday, 'YYYY-MM-DD'. */
export function payWeekDates({ year, week }: PayWeek): { start: string; end: string } {
  const monday = weekOneMonday(year) + (week - 1) * 7 * DAY_MS;
  const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { start: date(monday), end: date(monday + 6 * DAY_MS) };
}

/**
 * The first week after `week` that is not closed: where an adjustment to a closed week's pay goes.
 * `closed` holds the keys (payWeekKey) of the company's closed weeks.
 */
export function nextOpenPayWeek(week: PayWeek, closed: ReadonlySet<string>): PayWeek {
  let candidate = nextPayWeek(week);
  while (closed.has(payWeekKey(candidate))) candidate = nextPayWeek(candidate);
  return candidate;
}

/** Where a change to `week`'s pay goes: the week itself while open, else the next open week. */
export function openPayWeekFor(week: PayWeek, closed: ReadonlySet<string>): PayWeek {
  return closed.has(payWeekKey(week)) ? nextOpenPayWeek(week, closed) : week;
}
