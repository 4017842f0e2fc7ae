import { wallTimeInZone } from '../common/time';
import { accountingWeekOf, easternWeekday } from './accounting.rules';
import { previousPayWeek, type PayWeek } from './pay-weeks.rules';

// The rules of the accounting reports: which week the scheduled pay sheets send, the dates an invoice
// shows, the QuickBooks CSV's fields and the reports' file names. Weeks and their dates are the pay
// weeks' (pay-weeks.rules.ts).

export type AccountingWeek = PayWeek;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The week whose pay sheets the schedule sends now, or null when this week's time has not come (or the
 * company has no schedule). The pay sheets of a week go out in the week after it: on the schedule's
 * weekday at its Eastern time, the owners get the pay sheets of the accounting week just ended (the
 * previous ISO week). A server that was down at that moment sends them when it is back within the same
 * week; a week whose whole following week passed without a running server is left to the accountant.
 */
export function paysheetWeekDue(
  now: Date,
  schedule: { weekday: number | null; time: string | null },
): AccountingWeek | null {
  if (schedule.weekday === null || schedule.time === null) return null;
  const match = TIME.exec(schedule.time);
  if (!match || schedule.weekday < 0 || schedule.weekday > 6) return null;
  const wall = wallTimeInZone(now);
  const nowMinutes = easternWeekday(now) * 1440 + wall.hour * 60 + wall.minute;
  const dueMinutes = schedule.weekday * 1440 + Number(match[1]) * 60 + Number(match[2]);
  if (nowMinutes < dueMinutes) return null;
  const { year, week } = accountingWeekOf(now);
  return previousPayWeek({ year, week });
}

/** A 'YYYY-MM-DD' date as QuickBooks Online reads it (US): 'MM/DD/YYYY'. */
export function quickbooksDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${month}/${day}/${year}`;
}

/** Cents as a CSV amount with two decimals and no grouping: 120050 -> '1200.50', -3500 -> '-35.00'. */
export function csvAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A text field of a CSV line: quoted when it holds a comma, a quote or a line break (quotes doubled), and
 * a text that a spreadsheet would take for a formula (=, +, -, @ first) is given a leading apostrophe.
 */
export function csvText(value: string | null | undefined): string {
  let text = (value ?? '').replace(/\r\n?/g, '\n');
  if (/^[=+\-@\t]/.test(text)) text = `'${text}`;
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line of fields already made safe (csvText, csvAmount), ended with CRLF as RFC 4180 says. */
export function csvLine(fields: readonly string[]): string {
  return `${fields.join(',')}\r\n`;
}

/** QuickBooks Online's invoice import columns (one line per invoice line; lines of one invoice share its number). */
export const QUICKBOOKS_INVOICE_COLUMNS = [
  'InvoiceNo',
  'Customer',
  'InvoiceDate',
  'DueDate',
  'Terms',
  'Memo',
  'Item(Product/Service)',
  'ItemDescription',
  'ItemQuantity',
  'ItemRate',
  'ItemAmount',
] as const;

/** QuickBooks Online's bill import columns (one line per bill line; lines of one bill share its number). */
export const QUICKBOOKS_BILL_COLUMNS = [
  'BillNo',
  'Supplier',
  'BillDate',
  'DueDate',
  'Terms',
  'Memo',
  'Account',
  'LineDescription',
  'LineAmount',
] as const;

/** The terms QuickBooks names: 'Net 30'; none for no days. */
export function quickbooksTerms(daysToPay: number | null): string {
  return daysToPay ? `Net ${daysToPay}` : '';
}

/** A file name part made of a person's or company's name: letters and digits, others as '-'. */
export function fileNamePart(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'report'
  );
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** pay-sheet-John-Smith-2026-W07.pdf */
export function paySheetFileName(ownerName: string, week: AccountingWeek): string {
  return `pay-sheet-${fileNamePart(ownerName)}-${week.year}-W${pad2(week.week)}.pdf`;
}

/** invoice-000042.pdf: the invoice number is the load's accounting number. */
export function invoiceFileName(invoiceNumber: string): string {
  return `invoice-${fileNamePart(invoiceNumber)}.pdf`;
}

/** owners-2026-02-14.xlsx: the list and the Eastern date it was made. */
export function excelFileName(list: string, now: Date): string {
  const { year, month, day } = wallTimeInZone(now);
  return `${list}-${year}-${pad2(month)}-${pad2(day)}.xlsx`;
}

/** quickbooks-invoices-2026-W07.csv */
export function quickbooksFileName(kind: string, week: AccountingWeek): string {
  return `quickbooks-${kind}-${week.year}-W${pad2(week.week)}.csv`;
}

/** The invoice number of a load: its accounting number padded to 6 digits, else its id. */
export function invoiceNumber(load: { id: number; load_accounting_number: number | null }): string {
  return load.load_accounting_number === null
    ? String(load.id)
    : String(load.load_accounting_number).padStart(6, '0');
}
