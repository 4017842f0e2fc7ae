import type { AccountingLoadsKind } from '../api/accounting-lists';
import {
  asId,
  asLimit,
  asRegion,
  asSearch,
  asRecord,
  LIST_LIMITS,
  parseSavedRecord,
  pickedLabels,
  readSavedText,
  saveListState,
} from '@/components/lists/saved-list-state';
import type { ListLimit } from '@/components/lists/saved-list-state';
import type { YesNoFilterValue } from '@/components/lists/list-page';
import type { QueryParams } from '@/lib/http-client';

// The filter set of each accounting list of loads, kept in local storage so that a list opens as it was
// left (the spec's saved filter sets for income active, completed and quick pay; the list of loads keeps
// its own too): the load lists' filters, the accounting week and year, and the accounting ones.

export type AccountingFilters = {
  /** Load id, accounting number, rateconf_ref, broker or city. */
  search: string;
  wg: number | null;
  sub_wg: number | null;
  dispatcher: number | null;
  driver: number | null;
  car: number | null;
  broker: number | null;
  /** 'YYYY-MM-DD' Eastern calendar days, '' when open. */
  pick_up_from: string;
  pick_up_to: string;
  delivery_from: string;
  delivery_to: string;
  state: string | null;
  /** The accounting week and its year; both null for every week. */
  week: number | null;
  year: number | null;
  accounting_status: number | null;
  payment_status: number | null;
  invoice_status: number | null;
  factoring: YesNoFilterValue;
};

export type PickedFilter = (typeof PICKED_FILTERS)[number];
export type PickedLabels = Partial<Record<PickedFilter, string>>;
export type AccountingListState = { filters: AccountingFilters; labels: PickedLabels; limit: ListLimit };

export const ACCOUNTING_LIST_LIMITS = LIST_LIMITS;

export const ACCOUNTING_LIST_STORAGE_KEYS: Record<AccountingLoadsKind, string> = {
  lol: 'accounting_loads_filters',
  active: 'income_active_filters',
  completed: 'income_completed_filters',
  'quick-pay': 'income_quick_pay_filters',
};

export const EMPTY_ACCOUNTING_FILTERS: AccountingFilters = {
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
  week: null,
  year: null,
  accounting_status: null,
  payment_status: null,
  invoice_status: null,
  factoring: '',
};

const ID_FILTERS = ['wg', 'sub_wg', 'dispatcher', 'driver', 'car', 'broker'] as const;
const DATE_FILTERS = ['pick_up_from', 'pick_up_to', 'delivery_from', 'delivery_to'] as const;
const STATUS_FILTERS = ['accounting_status', 'payment_status', 'invoice_status'] as const;
const PICKED_FILTERS = ['dispatcher', 'driver', 'car', 'broker'] as const;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const inRange = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : null;

/** A saved set as stored; anything unreadable falls back to no filter. */
export function parseAccountingListState(text: string | null): AccountingListState {
  const stored = parseSavedRecord(text);
  const saved = asRecord(stored.filters);
  const filters: AccountingFilters = { ...EMPTY_ACCOUNTING_FILTERS, search: asSearch(saved.search) };
  for (const name of ID_FILTERS) filters[name] = asId(saved[name]);
  for (const name of DATE_FILTERS) {
    const value = saved[name];
    filters[name] = typeof value === 'string' && DATE_ONLY.test(value) ? value : '';
  }
  filters.state = asRegion(saved.state);
  filters.week = inRange(saved.week, 1, 53);
  filters.year = filters.week === null ? null : inRange(saved.year, 2000, 2100);
  if (filters.year === null) filters.week = null;
  filters.accounting_status = inRange(saved.accounting_status, 1, 9);
  filters.payment_status = inRange(saved.payment_status, 1, 9);
  filters.invoice_status = inRange(saved.invoice_status, 1, 3);
  filters.factoring = saved.factoring === 'true' || saved.factoring === 'false' ? saved.factoring : '';
  const labels = pickedLabels(stored.labels, PICKED_FILTERS, (name) => filters[name] !== null);
  return { filters, labels, limit: asLimit(stored.limit, ACCOUNTING_LIST_LIMITS) };
}

export function readAccountingListState(kind: AccountingLoadsKind): AccountingListState {
  return parseAccountingListState(readSavedText(ACCOUNTING_LIST_STORAGE_KEYS[kind]));
}

export function saveAccountingListState(kind: AccountingLoadsKind, state: AccountingListState): void {
  saveListState(ACCOUNTING_LIST_STORAGE_KEYS[kind], state);
}

/** A date range is reversed when its end is before its start; the server would refuse it. */
export function reversedRange(from: string, to: string): boolean {
  return from !== '' && to !== '' && to < from;
}

/** The query string of the list: the filters that are set, the page (from 1) and the limit. */
export function accountingListQuery(filters: AccountingFilters, page: number, limit: number): QueryParams {
  const query: QueryParams = { page, limit };
  const search = filters.search.trim();
  if (search) query.search = search;
  for (const name of ID_FILTERS) if (filters[name] !== null) query[name] = filters[name];
  for (const name of DATE_FILTERS) if (filters[name]) query[name] = filters[name];
  if (reversedRange(filters.pick_up_from, filters.pick_up_to)) delete query.pick_up_to;
  if (reversedRange(filters.delivery_from, filters.delivery_to)) delete query.delivery_to;
  if (filters.state) query.state = filters.state;
  if (filters.week !== null && filters.year !== null) {
    query.week = filters.week;
    query.year = filters.year;
  }
  for (const name of STATUS_FILTERS) if (filters[name] !== null) query[name] = filters[name];
  if (filters.factoring) query.factoring = filters.factoring;
  return query;
}

/** How many filters (search and week aside: the week has its own picker) are set. */
export function countSetFilters(filters: AccountingFilters): number {
  return (
    ID_FILTERS.filter((name) => filters[name] !== null).length +
    DATE_FILTERS.filter((name) => filters[name] !== '').length +
    STATUS_FILTERS.filter((name) => filters[name] !== null).length +
    (filters.state ? 1 : 0) +
    (filters.factoring ? 1 : 0)
  );
}

export function hasAnyFilter(filters: AccountingFilters): boolean {
  return countSetFilters(filters) > 0 || filters.search.trim() !== '' || filters.week !== null;
}
