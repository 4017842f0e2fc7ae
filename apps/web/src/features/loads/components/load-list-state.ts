import type { QueryParams } from '@/lib/http-client';
import type { LoadList } from '../api/load-query-keys';

// The filter set of each load list, kept in local storage so that a list opens as it was left (the spec's
// saved filter sets for active, checkout, completed and canceled loads).

export type LoadListFilters = {
  /** Load id, accounting number, rateconf_ref, broker or city. */
  search: string;
  wg: number | null;
  sub_wg: number | null;
  dispatcher: number | null;
  driver: number | null;
  /** The vehicle (unit). */
  car: number | null;
  broker: number | null;
  /** 'YYYY-MM-DD' Eastern calendar days, '' when open. */
  pick_up_from: string;
  pick_up_to: string;
  delivery_from: string;
  delivery_to: string;
  /** A US state or Canadian province code. */
  state: string | null;
};

export type PickedFilter = 'dispatcher' | 'driver' | 'car' | 'broker';

/** The names of the picked records, so that a saved set shows them before any search is made. */
export type PickedLabels = Partial<Record<PickedFilter, string>>;

export type LoadListState = { filters: LoadListFilters; labels: PickedLabels; limit: LoadListLimit };

export const LOAD_LIST_LIMITS = [25, 50, 100] as const;
export type LoadListLimit = (typeof LOAD_LIST_LIMITS)[number];

export const LOAD_LIST_STORAGE_KEYS: Record<LoadList, string> = {
  active: 'loads_active_filters',
  checkout: 'loads_checkout_filters',
  completed: 'loads_completed_filters',
  canceled: 'loads_canceled_filters',
};

export const EMPTY_FILTERS: LoadListFilters = {
  search: '',
  wg: null,
  sub_wg: null,
  dispatcher: null,
  driver: null,
  car: null,
  broker: null,
  pick_up_from: '',
  pick_up_to: '',
  delivery_from: '',
  delivery_to: '',
  state: null,
};

const ID_FILTERS = ['wg', 'sub_wg', 'dispatcher', 'driver', 'car', 'broker'] as const;
const DATE_FILTERS = ['pick_up_from', 'pick_up_to', 'delivery_from', 'delivery_to'] as const;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function asId(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** A saved set as stored; anything unreadable (an older format, a hand edit) falls back to no filters. */
export function parseLoadListState(text: string | null): LoadListState {
  let stored: Record<string, unknown> = {};
  try {
    stored = asRecord(text ? JSON.parse(text) : null);
  } catch {
    stored = {};
  }
  const saved = asRecord(stored.filters);
  const filters: LoadListFilters = { ...EMPTY_FILTERS };
  if (typeof saved.search === 'string') filters.search = saved.search.slice(0, 100);
  for (const name of ID_FILTERS) filters[name] = asId(saved[name]);
  for (const name of DATE_FILTERS) {
    const value = saved[name];
    filters[name] = typeof value === 'string' && DATE_ONLY.test(value) ? value : '';
  }
  filters.state = typeof saved.state === 'string' && /^[A-Z]{2}$/.test(saved.state) ? saved.state : null;

  const labels: PickedLabels = {};
  const savedLabels = asRecord(stored.labels);
  for (const name of ['dispatcher', 'driver', 'car', 'broker'] as const) {
    const label = savedLabels[name];
    if (typeof label === 'string' && filters[name] !== null) labels[name] = label;
  }
  const limit = LOAD_LIST_LIMITS.find((candidate) => candidate === stored.limit) ?? LOAD_LIST_LIMITS[0];
  return { filters, labels, limit };
}

export function readLoadListState(list: LoadList): LoadListState {
  return parseLoadListState(localStorage.getItem(LOAD_LIST_STORAGE_KEYS[list]));
}

export function saveLoadListState(list: LoadList, state: LoadListState): void {
  try {
    localStorage.setItem(LOAD_LIST_STORAGE_KEYS[list], JSON.stringify(state));
  } catch {
    // A full or disabled storage only means the set is not remembered.
  }
}

/**
 * The query string of GET loads/{list}: the filters that are set, the page (from 1) and the limit. Dates
 * go as plain days, which the server reads as Eastern calendar days.
 */
export function loadListQuery(filters: LoadListFilters, page: number, limit: number): QueryParams {
  const query: QueryParams = { page, limit };
  const search = filters.search.trim();
  if (search) query.search = search;
  for (const name of ID_FILTERS) if (filters[name] !== null) query[name] = filters[name];
  for (const name of DATE_FILTERS) if (filters[name]) query[name] = filters[name];
  // A reversed range is flagged in the form and left open here rather than refused by the server.
  if (reversedRange(filters.pick_up_from, filters.pick_up_to)) delete query.pick_up_to;
  if (reversedRange(filters.delivery_from, filters.delivery_to)) delete query.delivery_to;
  if (filters.state) query.state = filters.state;
  return query;
}

/** How many filters (search aside) are set, for the badge of the filters button. */
export function countSetFilters(filters: LoadListFilters): number {
  return (
    ID_FILTERS.filter((name) => filters[name] !== null).length +
    DATE_FILTERS.filter((name) => filters[name] !== '').length +
    (filters.state ? 1 : 0)
  );
}

export function hasAnyFilter(filters: LoadListFilters): boolean {
  return countSetFilters(filters) > 0 || filters.search.trim() !== '';
}

/** A date range is reversed when its end is before its start; the server would refuse it. */
export function reversedRange(from: string, to: string): boolean {
  return from !== '' && to !== '' && to < from;
}
