import type { TFunction } from 'i18next';
import type { Lang } from '@app/domain/common/lookups';
import { currentLang } from '@/i18n/i18n';
import { formatUsd } from '@/lib/format';

// How the dashboard shows what the API answers. Its days are Eastern calendar days already ('YYYY-MM-DD'):
// they are shown as they are, never passed through a time zone again. Money is formatUsd's (lib/format.ts).

/** A calendar day as MM/DD/YYYY, in Russian DD.MM.YYYY. */
export function formatDay(day: string | null, lang: Lang = currentLang()): string {
  if (!day) return '';
  const [year, month, date] = day.split('-');
  return lang === 'ru' ? `${date}.${month}.${year}` : `${month}/${date}/${year}`;
}

/** A calendar day without its year, for a chart's axis: 11/27, in Russian 27.11. */
export function formatShortDay(day: string, lang: Lang = currentLang()): string {
  const [, month, date] = day.split('-');
  return lang === 'ru' ? `${date}.${month}` : `${month}/${date}`;
}

/** A month 'YYYY-MM' as 11/2026, in Russian 11.2026. */
export function formatMonth(month: string, lang: Lang = currentLang()): string {
  const [year, number] = month.split('-');
  return lang === 'ru' ? `${number}.${year}` : `${number}/${year}`;
}

/** A range of days: '11/23/2026 – 11/29/2026', one day alone when both are the same. */
export function formatDayRange(range: { date_from: string; date_to: string }, lang?: Lang): string {
  const from = formatDay(range.date_from, lang);
  return range.date_from === range.date_to ? from : `${from} – ${formatDay(range.date_to, lang)}`;
}

/** A whole number in the interface's grouping: 12,500, in Russian 12 500. */
export function formatCount(value: number, lang: Lang = currentLang()): string {
  return new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-US', { maximumFractionDigits: 2 }).format(value);
}

/** A rate per mile: '$2.45/mi', or a dash without miles. */
export function ratePerMileText(rate: number | null, t: TFunction): string {
  return rate === null ? '—' : t('dashboard.money.perMile', { amount: formatUsd(rate) });
}

/** Days to pay: '32.5 days', or a dash before any invoice was paid. */
export function daysToPayText(days: number | null, t: TFunction): string {
  return days === null ? '—' : t('dashboard.brokers.days', { days: formatCount(days) });
}
