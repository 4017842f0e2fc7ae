import { LIST_SEARCH_MAX_LENGTH } from './list-search-field';

// Reading and writing the filter set a list page keeps in local storage, so that it opens as it was left.
// A saved set is checked field by field: anything unreadable (an older format, a hand edit) falls back to
// the field's default rather than breaking the page.

export const LIST_LIMITS = [25, 50, 100] as const;
export type ListLimit = (typeof LIST_LIMITS)[number];

export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** A saved record id: a positive whole number, or null. */
export function asId(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/** A saved search text, cut to what the search box takes. */
export function asSearch(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, LIST_SEARCH_MAX_LENGTH) : '';
}

/** A saved US state or Canadian province code. */
export function asRegion(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Z]{2}$/.test(value) ? value : null;
}

/** A saved page size among those offered; the first otherwise. */
export function asLimit<Limit extends number>(value: unknown, limits: readonly [Limit, ...Limit[]]): Limit {
  return limits.find((candidate) => candidate === value) ?? limits[0];
}

/** The known items of a saved list, in the order of `known`. */
export function knownItems<Item>(value: unknown, known: readonly Item[]): Item[] {
  if (!Array.isArray(value)) return [];
  return known.filter((item) => value.includes(item));
}

/** The names saved for the picked records, kept only for the filters still set. */
export function pickedLabels<Name extends string>(
  value: unknown,
  names: readonly Name[],
  isSet: (name: Name) => boolean,
): Partial<Record<Name, string>> {
  const saved = asRecord(value);
  const labels: Partial<Record<Name, string>> = {};
  for (const name of names) {
    const label = saved[name];
    if (typeof label === 'string' && isSet(name)) labels[name] = label;
  }
  return labels;
}

/** A saved set as a record: an empty one when there is none or it is not JSON. */
export function parseSavedRecord(text: string | null): Record<string, unknown> {
  try {
    return asRecord(text ? JSON.parse(text) : null);
  } catch {
    return {};
  }
}

/** The saved set under a key as stored; null when there is none or the storage is disabled. */
export function readSavedText(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function saveListState(key: string, state: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(state));
  } catch {
    // A full or disabled storage only means the set is not remembered.
  }
}
