import { lookupName, PAYMENT_STATUSES, type Lang } from '@app/domain/common/lookups';
import { currentLang } from '@/i18n/i18n';
import { formatUsd } from '@/lib/format';

// How the pay pages show what the API answers: calendar days of weeks (already Eastern dates), payment
// statuses in the interface's language, and dollars in en-US format.

/** A calendar day 'YYYY-MM-DD' as MM/DD/YYYY, in Russian DD.MM.YYYY (no time zone: it is a date). */
export function formatDay(day: string, lang: Lang = currentLang()): string {
  const [year, month, date] = day.split('-');
  return lang === 'ru' ? `${date}.${month}.${year}` : `${month}/${date}/${year}`;
}

/** A week's days: '03/02/2026 – 03/08/2026'. */
export function formatWeekDays(start: string, end: string, lang: Lang = currentLang()): string {
  return `${formatDay(start, lang)} – ${formatDay(end, lang)}`;
}

export function paymentStatusName(status: number, lang: Lang = currentLang()): string {
  return lookupName(PAYMENT_STATUSES, status, lang);
}

/** Dollars, '-$50.00' for a negative amount. */
export const usd = (amount: number) => formatUsd(amount);
