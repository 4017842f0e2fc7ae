import { accountingWeekOf } from '@app/domain/accounting/accounting.rules';
import { isPayWeek, type PayWeek } from '@app/domain/accounting/pay-weeks.rules';
import { PAYMENT_STATUS_IDS } from '@app/domain/common/lookups';
import {
  asId,
  asLimit,
  asRecord,
  asSearch,
  LIST_LIMITS,
  parseSavedRecord,
  readSavedText,
  saveListState,
} from '@/components/lists/saved-list-state';
import type { ListLimit } from '@/components/lists/saved-list-state';
import type { QueryParams } from '@/lib/http-client';
import type { PayList, PayType } from '../api/payments-query-keys';

// The filter set of each pay list, kept in local storage so that a list opens as it was left (the spec's
// saved filter sets of accounting owners and dispatchers, each active and completed). Active lists every
// payment not yet Completed (payment status 8); completed those that are.

export type PayListFilters = {
  /** The accounting week shown; null for every week. */
  week: PayWeek | null;
  /** A payment status (1 to 9), or null for any of the list's. */
  status: number | null;
  /** The owner or the dispatcher. */
  person: number | null;
  /** The team (working group). */
  team: number | null;
  /** A name, company name or e-mail. */
  text: string;
};

export type PayListState = { filters: PayListFilters; labels: { person?: string }; limit: ListLimit };

export const PAY_LIST_LIMITS = LIST_LIMITS;

export const PAY_LIST_STORAGE_KEYS: Record<PayType, Record<PayList, string>> = {
  owner: { active: 'accounting_owners_active_filters', completed: 'accounting_owners_completed_filters' },
  dispatcher: {
    active: 'accounting_dispatchers_active_filters',
    completed: 'accounting_dispatchers_completed_filters',
  },
};

/** A list opens the first time on this accounting week (Eastern). */
export function emptyFilters(now: Date = new Date()): PayListFilters {
  return { week: accountingWeekOf(now), status: null, person: null, team: null, text: '' };
}

function asWeek(value: unknown): PayWeek | null | undefined {
  if (value === null) return null;
  const saved = asRecord(value);
  const week = { year: saved.year, week: saved.week };
  return typeof week.year === 'number' && typeof week.week === 'number' && isPayWeek(week as PayWeek)
    ? (week as PayWeek)
    : undefined;
}

/** A saved set as stored; anything unreadable falls back to the list's first state. */
export function parsePayListState(text: string | null, now: Date = new Date()): PayListState {
  const stored = parseSavedRecord(text);
  const saved = asRecord(stored.filters);
  const status = saved.status;
  const week = asWeek(saved.week);
  const filters: PayListFilters = {
    // null is every week; a week that cannot be read is this week.
    week: week === undefined ? emptyFilters(now).week : week,
    status: (PAYMENT_STATUS_IDS as readonly unknown[]).includes(status) ? (status as number) : null,
    person: asId(saved.person),
    team: asId(saved.team),
    text: asSearch(saved.text),
  };
  const label = asRecord(stored.labels).person;
  const labels = typeof label === 'string' && filters.person !== null ? { person: label } : {};
  return { filters, labels, limit: asLimit(stored.limit, PAY_LIST_LIMITS) };
}

export function readPayListState(type: PayType, list: PayList): PayListState {
  return parsePayListState(readSavedText(PAY_LIST_STORAGE_KEYS[type][list]));
}

export function savePayListState(type: PayType, list: PayList, state: PayListState): void {
  saveListState(PAY_LIST_STORAGE_KEYS[type][list], state);
}

/** Filters beyond the week: a status, a person, a team or a text. */
export function hasAnyFilter(filters: PayListFilters): boolean {
  return filters.status !== null || filters.person !== null || filters.team !== null || filters.text !== '';
}

export function countSetFilters(filters: PayListFilters): number {
  return [filters.status, filters.person, filters.team].filter((value) => value !== null).length;
}

/** The query of GET payments/{owners|dispatchers}/all. */
export function payListQuery(
  list: PayList,
  filters: PayListFilters,
  page: number,
  limit: number,
): QueryParams {
  return {
    list,
    page,
    limit,
    week: filters.week?.week,
    year: filters.week?.year,
    status: filters.status,
    person: filters.person,
    team: filters.team,
    text: filters.text,
  };
}
