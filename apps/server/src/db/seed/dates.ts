// Time arithmetic for the demo data. Eastern calendar dates and the accounting week are the domain's
// (common/time.ts, accounting/accounting.rules.ts).

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
