import { formatEasternDate, formatEasternDateTime } from '@app/domain/common/time';
import type { Lang } from '@app/domain/common/lookups';
import { currentLang } from '@/i18n/i18n';

// Every time the product shows is US Eastern time, whatever the browser's zone: the domain's Eastern-time
// module reads the clock; these add the interface's language and the empty value.

type TimeValue = Date | string | number | null | undefined;

function validInstant(value: TimeValue): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const instant = value instanceof Date ? value : new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** An Eastern date and time in the interface's language (or the one given): '03:04pm 11/21/2026'. */
export function formatDateTime(value: TimeValue, lang: Lang = currentLang()): string {
  const instant = validInstant(value);
  return instant ? formatEasternDateTime(instant, lang) : '';
}

/** An Eastern date in the interface's language (or the one given): '11/21/2026', in Russian '21.11.2026'. */
export function formatDate(value: TimeValue, lang: Lang = currentLang()): string {
  const instant = validInstant(value);
  return instant ? formatEasternDate(instant, lang) : '';
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** US dollars in en-US format, e.g. '$1,200.50'. */
export function formatUsd(amount: number | null | undefined): string {
  return amount === null || amount === undefined || Number.isNaN(amount) ? '' : usd.format(amount);
}

// Loads are measured in US units in both languages; only the unit's name is translated.
const WEIGHT_UNIT: Record<Lang, string> = { en: 'lbs', ru: 'фунт.' };
const INCH_UNIT: Record<Lang, string> = { en: 'in', ru: 'дюйм.' };

/** A load's dimensions in inches, '48×40×– in'; '' when none is known. */
export function formatDims(
  dims: { length: number | null; width: number | null; height: number | null },
  lang: Lang = currentLang(),
): string {
  const sizes = [dims.length, dims.width, dims.height];
  if (sizes.every((size) => size === null)) return '';
  return `${sizes.map((size) => size ?? '–').join('×')} ${INCH_UNIT[lang]}`;
}

/** A weight in pounds, '12,500 lbs' ('12 500 фунт.' in Russian); '' when unknown. */
export function formatWeight(weight: number | null, lang: Lang = currentLang()): string {
  return weight === null
    ? ''
    : `${new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-US').format(weight)} ${WEIGHT_UNIT[lang]}`;
}
