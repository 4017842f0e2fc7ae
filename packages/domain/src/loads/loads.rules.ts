import { LOAD_STATUSES, UNKNOWN_NAME, type Lang, type LookupEntry } from '../common/lookups';
import { transitTimeHours } from '../geo/geo.rules';

export type LoadStatusClass = 'active' | 'checkout' | 'completed' | 'canceled';

/** The number of each list, as the database keeps it from the status (loads.list_class, load_points.list_class). */
export const LOAD_LIST_CLASS = {
  active: 1,
  checkout: 2,
  completed: 3,
  canceled: 4,
} as const satisfies Record<LoadStatusClass, number>;

/** The list a load belongs to by its status: below 8 active; 8, 9 checkout; 10, 11 completed; 12 canceled. */
export function loadStatusClass(status: number): LoadStatusClass {
  if (status === 8 || status === 9) return 'checkout';
  if (status === 10 || status === 11) return 'completed';
  if (status === 12) return 'canceled';
  return 'active';
}

/** The list a load belongs to by its accounting status: 1 checkout, 8 completed, 9 canceled, any other active. */
export function accountingStatusClass(accountingStatus: number | null | undefined): LoadStatusClass {
  switch (accountingStatus) {
    case 1:
      return 'checkout';
    case 8:
      return 'completed';
    case 9:
      return 'canceled';
    default:
      return 'active';
  }
}

// On a load with several stops the number says which stop: 'In Transit to Pick-up 2', 'Loaded (2)'.
const NUMBER_APPENDED = [2, 3, 5, 6];
const NUMBER_IN_PARENTHESES = [4, 7];

export function loadStatusDisplayName(
  status: number | null | undefined,
  number?: number | null,
  lang: Lang = 'en',
): string {
  const entry = LOAD_STATUSES.find((candidate) => candidate.id === status);
  if (!entry) return UNKNOWN_NAME[lang];
  const name = entry[lang];
  if (number === null || number === undefined) return name;
  if (NUMBER_APPENDED.includes(entry.id)) return `${name} ${number}`;
  if (NUMBER_IN_PARENTHESES.includes(entry.id)) return `${name} (${number})`;
  return name;
}

export const ACCOUNTING_NUMBER_DIGITS = 6;

/** The load accounting number as shown: padded with zeros to 6 digits (42 -> '000042'). */
export function padAccountingNumber(value: number | string): string {
  return String(value).padStart(ACCOUNTING_NUMBER_DIGITS, '0');
}

export const MIN_DISTANCE_MILES = 1;
export const MAX_DISTANCE_MILES = 300;

/**
 * A distance in miles held to 1..300: 0 or '0' becomes 1, above 300 becomes 300, otherwise the number.
 * Text that is not a number counts as 0.
 */
export function clampDistance(value: number | string): number {
  const miles = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isFinite(miles) || miles < MIN_DISTANCE_MILES) return MIN_DISTANCE_MILES;
  return Math.min(miles, MAX_DISTANCE_MILES);
}

/** A duration as 'H h M min' ('H ч M мин'), rounded to the minute. */
export function formatHours(hours: number, lang: Lang = 'en'): string {
  const totalMinutes = Math.max(0, Math.round(hours * 60));
  const h = Math.floor(totalMinutes / 60);
  const m = totalMinutes % 60;
  return lang === 'ru' ? `${h} ч ${m} мин` : `${h} h ${m} min`;
}

/** Transit time of a distance at 50 mph, formatted: 125 miles -> '2 h 30 min'. */
export function formatTransitTime(miles: number, lang: Lang = 'en'): string {
  return formatHours(transitTimeHours(miles), lang);
}

// ---------------------------------------------------------------- load points

export const LOAD_POINT_TYPE_IDS = ['pick_up', 'deliver_to'] as const;
export type LoadPointType = (typeof LOAD_POINT_TYPE_IDS)[number];

export const LOAD_POINT_TYPES: LookupEntry<LoadPointType>[] = [
  { id: 'pick_up', en: 'Pick-up', ru: 'Погрузка' },
  { id: 'deliver_to', en: 'Delivery', ru: 'Выгрузка' },
];
