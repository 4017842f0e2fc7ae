// The ageing of what brokers owe: each unpaid invoice by how many days it is past its due date (the invoice
// date plus the broker's days to pay, 30 when not set), in five buckets: current (not yet due), 1-30, 31-60,
// 61-90 and over 90 days past due. Dates are Eastern calendar dates 'YYYY-MM-DD'; money integer cents.

export const DEFAULT_DAYS_TO_PAY = 30;

export const AGEING_BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'over_90'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export type AgeingAmounts = Record<AgeingBucket, number> & { total: number };

const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from one date to another: 2026-01-01 to 2026-01-31 is 30. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The due date of an invoice: its date plus the days to pay (30 when not set). */
export function dueDateOf(invoiceDate: string, daysToPay: number | null): string {
  return dateOfDay(dayNumber(invoiceDate) + (daysToPay ?? DEFAULT_DAYS_TO_PAY));
}

/** Days an invoice is past due on a date: 0 or less while it is not yet due. */
export function daysPastDue(invoiceDate: string, daysToPay: number | null, asOf: string): number {
  return daysBetween(dueDateOf(invoiceDate, daysToPay), asOf);
}

/** The bucket of an invoice by its days past due: 0 or less current, 1-30, 31-60, 61-90, over 90. */
export function ageingBucket(pastDue: number): AgeingBucket {
  if (pastDue <= 0) return 'current';
  if (pastDue <= 30) return 'days_1_30';
  if (pastDue <= 60) return 'days_31_60';
  if (pastDue <= 90) return 'days_61_90';
  return 'over_90';
}

export function emptyAgeing(): AgeingAmounts {
  return { current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, over_90: 0, total: 0 };
}

export type UnpaidInvoice = { amount_cents: number; invoice_date: string; days_to_pay: number | null };

/** The unpaid invoices' amounts by bucket on a date, and their total. */
export function ageInvoices(invoices: readonly UnpaidInvoice[], asOf: string): AgeingAmounts {
  const amounts = emptyAgeing();
  for (const invoice of invoices) {
    amounts[ageingBucket(daysPastDue(invoice.invoice_date, invoice.days_to_pay, asOf))] +=
      invoice.amount_cents;
    amounts.total += invoice.amount_cents;
  }
  return amounts;
}

/**
 * A broker's average days to pay: the mean of (date paid - invoice date) over its paid invoices, to one
 * decimal; null when it has paid none.
 */
export function averageDaysToPay(
  paid: readonly { invoice_date: string; paid_date: string }[],
): number | null {
  if (paid.length === 0) return null;
  const days = paid.reduce((sum, invoice) => sum + daysBetween(invoice.invoice_date, invoice.paid_date), 0);
  return Math.round((days / paid.length) * 10) / 10;
}
