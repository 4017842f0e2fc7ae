import { INCOME_STATUSES, lookupName, type Lang } from '../common/lookups';

/** Name of an income status (see INCOME_STATUSES for the dictionary), 'Unknown' when it is not one. */
export function incomeStatusName(status: number | null | undefined, lang: Lang = 'en'): string {
  return lookupName(INCOME_STATUSES, status, lang);
}
