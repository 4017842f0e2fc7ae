import type { BrokerRatingId } from '@app/domain/common/lookups';
import { BROKER_RATING_IDS } from '@app/domain/common/lookups';
import {
  asLimit,
  asSearch,
  LIST_LIMITS,
  parseSavedRecord,
  readSavedText,
  saveListState,
} from '@/components/lists/saved-list-state';
import type { ListLimit } from '@/components/lists/saved-list-state';
import type { QueryParams } from '@/lib/http-client';

// The partners page's filter set (the spec's saved filters for partner brokers), kept in local storage so
// that the page opens as it was left.

export const BROKER_LIST_LIMITS = LIST_LIMITS;
export type BrokerListLimit = ListLimit;

export type BrokerListState = {
  /** Name or MC number. */
  search: string;
  rating: BrokerRatingId | null;
  limit: BrokerListLimit;
};

export const PARTNERS_STORAGE_KEY = 'partners_brokers_filters';

export const DEFAULT_BROKER_LIST_STATE: BrokerListState = {
  search: '',
  rating: null,
  limit: BROKER_LIST_LIMITS[0],
};

/** A saved set as stored; anything unreadable falls back to no filters. */
export function parseBrokerListState(text: string | null): BrokerListState {
  const stored = parseSavedRecord(text);
  const rating = BROKER_RATING_IDS.find((id) => id === stored.rating) ?? null;
  return { search: asSearch(stored.search), rating, limit: asLimit(stored.limit, BROKER_LIST_LIMITS) };
}

export function readBrokerListState(): BrokerListState {
  return parseBrokerListState(readSavedText(PARTNERS_STORAGE_KEY));
}

export function saveBrokerListState(state: BrokerListState): void {
  saveListState(PARTNERS_STORAGE_KEY, state);
}

/** The query of a list page: `page` from 1, the search trimmed, no empty filters. */
export function brokerListQuery(state: BrokerListState, page: number): QueryParams {
  const query: QueryParams = { page, limit: state.limit };
  const search = state.search.trim();
  if (search) query.search = search;
  if (state.rating !== null) query.rating = state.rating;
  return query;
}
