import { accountingStatusName } from '@app/domain/accounting/accounting-status.rules';
import {
  INVOICE_STATUSES,
  lookupName,
  PAY_STATUSES,
  PAYMENT_STATUSES,
  type Lang,
} from '@app/domain/common/lookups';
import { currentLang } from '@/i18n/i18n';

// How the accounting pages show what the API answers: invoice dates (already Eastern calendar days), the
// statuses in the interface's language. Money is formatUsd's (lib/format.ts), times formatDateTime's.

/** A calendar day 'YYYY-MM-DD' as MM/DD/YYYY, in Russian DD.MM.YYYY (a date: no time zone to apply). */
export function formatDay(day: string | null, lang: Lang = currentLang()): string {
  if (!day) return '';
  const [year, month, date] = day.split('-');
  return lang === 'ru' ? `${date}.${month}.${year}` : `${month}/${date}/${year}`;
}

export const paymentStatusText = (status: number | null, lang: Lang = currentLang()) =>
  lookupName(PAYMENT_STATUSES, status, lang);

export const accountingStatusText = (status: number | null, lang: Lang = currentLang()) =>
  accountingStatusName(status, lang);

export const invoiceStatusText = (status: number | null, lang: Lang = currentLang()) =>
  lookupName(INVOICE_STATUSES, status, lang);

export const payStatusText = (status: string, lang: Lang = currentLang()) =>
  lookupName(PAY_STATUSES, status, lang);

/** A week and its year as the lists show it: 'W10 2026'. */
export function weekText(week: number | null, year: number | null): string {
  return week === null || year === null ? '' : `W${week} ${year}`;
}

/** A person's name from the API's parts. */
export function personName(person: { first_name: string; last_name: string } | null): string {
  return person ? `${person.first_name} ${person.last_name}`.trim() : '';
}
