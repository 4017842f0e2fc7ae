import { ROLES } from '@app/domain/common/lookups';
import type { CurrentUser } from '@app/domain/users/users.schema';
import {
  asId,
  asLimit,
  asRecord,
  asSearch,
  LIST_LIMITS,
  parseSavedRecord,
  pickedLabels,
  readSavedText,
  saveListState,
} from '@/components/lists/saved-list-state';
import type { ListLimit } from '@/components/lists/saved-list-state';
import type { QueryParams } from '@/lib/http-client';

// The filter set of each bids list, kept in local storage so that a list opens as it was left (the spec's
// saved filter sets for bids active, completed, history and unit).

/** The bids pages: propositions to brokers (active, completed, history) and the units' own bids. */
export type BidList = 'active' | 'completed' | 'history' | 'unit';

export const BID_LISTS: readonly BidList[] = ['active', 'completed', 'history', 'unit'];

export type BidListFilters = {
  /** Digits of the load's number (or its id), or text of the broker's name. */
  search: string;
  dispatcher: number | null;
  /** The vehicle (unit). */
  car: number | null;
  broker: number | null;
  /** 'YYYY-MM-DD' Eastern calendar days of the bid's sending, '' when open. */
  date_from: string;
  date_to: string;
  /** History only: 1 active, 2 won, 3 lost; null for all. */
  status: 1 | 2 | 3 | null;
};

export type BidPickedFilter = (typeof PICKED_FILTERS)[number];
export type BidPickedLabels = Partial<Record<BidPickedFilter, string>>;

export type BidListState = { filters: BidListFilters; labels: BidPickedLabels; limit: ListLimit };

export const BID_LIST_LIMITS = LIST_LIMITS;

export const BID_LIST_STORAGE_KEYS: Record<BidList, string> = {
  active: 'bids_active_filters',
  completed: 'bids_completed_filters',
  history: 'bids_history_filters',
  unit: 'bids_unit_filters',
};

export const EMPTY_BID_FILTERS: BidListFilters = {
  search: '',
  dispatcher: null,
  car: null,
  broker: null,
  date_from: '',
  date_to: '',
  status: null,
};

const ID_FILTERS = ['dispatcher', 'car', 'broker'] as const;
const DATE_FILTERS = ['date_from', 'date_to'] as const;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const PICKED_FILTERS = ['dispatcher', 'car', 'broker'] as const;

/** A saved set as stored; anything unreadable (an older format, a hand edit) falls back to no filters. */
export function parseBidListState(text: string | null): BidListState {
  const stored = parseSavedRecord(text);
  const saved = asRecord(stored.filters);
  const filters: BidListFilters = { ...EMPTY_BID_FILTERS, search: asSearch(saved.search) };
  for (const name of ID_FILTERS) filters[name] = asId(saved[name]);
  for (const name of DATE_FILTERS) {
    const value = saved[name];
    filters[name] = typeof value === 'string' && DATE_ONLY.test(value) ? value : '';
  }
  filters.status = saved.status === 1 || saved.status === 2 || saved.status === 3 ? saved.status : null;
  const labels = pickedLabels(stored.labels, PICKED_FILTERS, (name) => filters[name] !== null);
  return { filters, labels, limit: asLimit(stored.limit, BID_LIST_LIMITS) };
}

/**
 * The list as it was left, or, the first time, as it starts for this user: a dispatcher sees their own
 * bids (the dispatcher filter set, removable like any other), as on the load lists.
 */
export function readBidListState(
  list: BidList,
  user?: Pick<CurrentUser, 'id' | 'role' | 'first_name' | 'last_name'>,
): BidListState {
  const saved = readSavedText(BID_LIST_STORAGE_KEYS[list]);
  const state = parseBidListState(saved);
  // The units' bids are the drivers' and owners' own, made for every dispatcher to see.
  if (saved !== null || list === 'unit' || user?.role !== ROLES.dispatcher) return state;
  const name = `${user.first_name} ${user.last_name}`.trim();
  return {
    ...state,
    filters: { ...state.filters, dispatcher: user.id },
    labels: { ...state.labels, dispatcher: name },
  };
}

export function saveBidListState(list: BidList, state: BidListState): void {
  saveListState(BID_LIST_STORAGE_KEYS[list], state);
}

/** The query string of a bids list: the filters that are set, the page (from 1) and the limit. */
export function bidListQuery(filters: BidListFilters, page: number, limit: number): QueryParams {
  const query: QueryParams = { page, limit };
  const search = filters.search.trim();
  if (search) query.search = search;
  for (const name of ID_FILTERS) if (filters[name] !== null) query[name] = filters[name];
  // A reversed range is flagged in the form and left open here rather than refused by the server.
  if (filters.date_from) query.date_from = filters.date_from;
  if (filters.date_to && !(filters.date_from && filters.date_to < filters.date_from)) {
    query.date_to = filters.date_to;
  }
  if (filters.status !== null) query.status = filters.status;
  return query;
}

/**
 * The query string of GET bids/driver-bid/history: the unit, the status and the days the bid was placed
 * (the units' bids have no dispatcher, broker or search).
 */
export function unitBidListQuery(filters: BidListFilters, page: number, limit: number): QueryParams {
  const query: QueryParams = { page, limit };
  if (filters.car !== null) query.vehicle_id = filters.car;
  if (filters.status !== null) query.status = filters.status;
  if (filters.date_from) query.date_from = filters.date_from;
  if (filters.date_to && !(filters.date_from && filters.date_to < filters.date_from)) {
    query.date_to = filters.date_to;
  }
  return query;
}

/** How many filters (search aside) are set, for the badge of the filters button. */
export function countSetBidFilters(filters: BidListFilters): number {
  return (
    ID_FILTERS.filter((name) => filters[name] !== null).length +
    DATE_FILTERS.filter((name) => filters[name] !== '').length +
    (filters.status === null ? 0 : 1)
  );
}

export function hasAnyBidFilter(filters: BidListFilters): boolean {
  return countSetBidFilters(filters) > 0 || filters.search.trim() !== '';
}
