import type { BrokerRatingId } from '@app/domain/common/lookups';
import { BROKER_RATING_IDS } from '@app/domain/common/lookups';
import type { QueryParams } from '@/lib/http-client';

// The partners page's filter set (the spec's saved filters for partner brokers), kept in local storage so
// that the page opens as it was left.

export const BROKER_LIST_LIMITS = [25, 50, 100] as const;
export type BrokerListLimit = (typeof BROKER_LIST_LIMITS)[number];

export type BrokerListState = {
  /** Name or MC number. */
  search: string;
  rating: BrokerRatingId | null;
  limit: BrokerListLimit;
};

export const PARTNERS_STORAGE_KEY = 'partners_brokers_filters';

export const DEFAULT_BROKER_LIST_STATE: BrokerListState = { search: '', rating: null, limit: 25 };

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** A saved set as stored; anything unreadable falls back to no filters. */
export function parseBrokerListState(text: string | null): BrokerListState {
  let stored: Record<string, unknown>;
  try {
    stored = asRecord(text ? JSON.parse(text) : null);
  } catch {
    stored = {};
  }
  const search = typeof stored.search === 'string' ? stored.search.slice(0, 100) : '';
  const rating = (BROKER_RATING_IDS as readonly unknown[]).includes(stored.rating)
    ? (stored.rating as BrokerRatingId)
    : null;
  const limit = (BROKER_LIST_LIMITS as readonly unknown[]).includes(stored.limit)
    ? (stored.limit as BrokerListLimit)
    : DEFAULT_BROKER_LIST_STATE.limit;
  return { search, rating, limit };
}

export function readBrokerListState(): BrokerListState {
  return parseBrokerListState(localStorage.getItem(PARTNERS_STORAGE_KEY));
}

export function saveBrokerListState(state: BrokerListState): void {
  localStorage.setItem(PARTNERS_STORAGE_KEY, JSON.stringify(state));
}

/** The query of a list page: `page` from 1, the search trimmed, no empty filters. */
export function brokerListQuery(state: BrokerListState, page: number): QueryParams {
  const query: QueryParams = { page, limit: state.limit };
  const search = state.search.trim();
  if (search) query.search = search;
  if (state.rating !== null) query.rating = state.rating;
  return query;
}
