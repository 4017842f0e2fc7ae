import { ROLES } from '@app/domain/common/lookups';
import type { CurrentUser } from '@app/domain/users/users.schema';
import {
  asId,
  asLimit,
  asRecord,
  asRegion,
  asSearch,
  LIST_LIMITS,
  parseSavedRecord,
  pickedLabels,
  saveListState,
} from '@/components/lists/saved-list-state';
import type { ListLimit } from '@/components/lists/saved-list-state';
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

export type PickedFilter = (typeof PICKED_FILTERS)[number];

/** The names of the picked records, so that a saved set shows them before any search is made. */
export type PickedLabels = Partial<Record<PickedFilter, string>>;

export type LoadListState = { filters: LoadListFilters; labels: PickedLabels; limit: LoadListLimit };

export const LOAD_LIST_LIMITS = LIST_LIMITS;
export type LoadListLimit = ListLimit;

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
const PICKED_FILTERS = ['dispatcher', 'driver', 'car', 'broker'] as const;

/** A saved set as stored; anything unreadable (an older format, a hand edit) falls back to no filters. */
export function parseLoadListState(text: string | null): LoadListState {
  const stored = parseSavedRecord(text);
  const saved = asRecord(stored.filters);
  const filters: LoadListFilters = { ...EMPTY_FILTERS, search: asSearch(saved.search) };
  for (const name of ID_FILTERS) filters[name] = asId(saved[name]);
  for (const name of DATE_FILTERS) {
    const value = saved[name];
    filters[name] = typeof value === 'string' && DATE_ONLY.test(value) ? value : '';
  }
  filters.state = asRegion(saved.state);
  const labels = pickedLabels(stored.labels, PICKED_FILTERS, (name) => filters[name] !== null);
  return { filters, labels, limit: asLimit(stored.limit, LOAD_LIST_LIMITS) };
}

/**
 * The list as it was left, or, the first time, as it starts for this user: a dispatcher sees their own
 * loads, with the dispatcher filter set (shown in the panel, removable like any other filter).
 */
export function readLoadListState(
  list: LoadList,
  user?: Pick<CurrentUser, 'id' | 'role' | 'first_name' | 'last_name'>,
): LoadListState {
  const saved = localStorage.getItem(LOAD_LIST_STORAGE_KEYS[list]);
  const state = parseLoadListState(saved);
  if (saved !== null || user?.role !== ROLES.dispatcher) return state;
  const name = `${user.first_name} ${user.last_name}`.trim();
  return {
    ...state,
    filters: { ...state.filters, dispatcher: user.id },
    labels: { ...state.labels, dispatcher: name },
  };
}

export function saveLoadListState(list: LoadList, state: LoadListState): void {
  saveListState(LOAD_LIST_STORAGE_KEYS[list], state);
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
