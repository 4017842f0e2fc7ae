import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { EASTERN_TIME_ZONE } from '@app/domain/common/time';
import type { Lang } from '@app/domain/common/lookups';
import { currentLang } from '@/i18n/i18n';

// Every time the product shows is US Eastern time, whatever the browser's zone.

/** The spec's display format 'hh:mma MM/DD/YYYY', e.g. '03:04pm 11/21/2026'. */
export const DATE_TIME_FORMAT = 'hh:mmaaa MM/dd/yyyy';
export const DATE_FORMAT = 'MM/dd/yyyy';
/** Russian reads a 24-hour clock and the day first: '15:04 21.11.2026'. */
const DATE_TIME_FORMATS: Record<Lang, string> = { en: DATE_TIME_FORMAT, ru: 'HH:mm dd.MM.yyyy' };
const DATE_FORMATS: Record<Lang, string> = { en: DATE_FORMAT, ru: 'dd.MM.yyyy' };

function toEastern(value: Date | string | number): TZDate | null {
  const date = new TZDate(new Date(value).getTime(), EASTERN_TIME_ZONE);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An Eastern date and time in the interface's language (or the one given). */
export function formatDateTime(
  value: Date | string | number | null | undefined,
  lang: Lang = currentLang(),
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toEastern(value);
  return date ? format(date, DATE_TIME_FORMATS[lang]) : '';
}

export function formatDate(
  value: Date | string | number | null | undefined,
  lang: Lang = currentLang(),
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toEastern(value);
  return date ? format(date, DATE_FORMATS[lang]) : '';
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** US dollars in en-US format, e.g. '$1,200.50'. */
export function formatUsd(amount: number | null | undefined): string {
  return amount === null || amount === undefined || Number.isNaN(amount) ? '' : usd.format(amount);
}
