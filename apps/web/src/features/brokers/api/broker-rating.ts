import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  BrokerCompany,
  BrokerCompanyListResponse,
  RatingHistoryResponse,
  RatingUpdateInput,
} from '@app/domain/brokers/brokers.schema';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import { BROKERS_API, brokerQueryKeys } from './broker-query-keys';
import { useBrokerMutation } from './broker-mutation';
import { SHOWN_BY_THE_DIALOG } from './shown-by-dialog';

const RATING_API = `${BROKERS_API}/rating`;
export const RATING_QUEUE_PATH = `${RATING_API}/queue/active`;
export const ratingHistoryPath = (id: number) => `${RATING_API}/broker-company/${id}`;
export const ratingUpdatePath = (id: number) => `${RATING_API}/broker-company/${id}/update`;

export const RATING_HISTORY_PAGE_SIZE = 10;

/** GET brokers/rating/queue/active: the brokers waiting to be rated, the longest waiting first. */
export function fetchRatingQueue(query: QueryParams, signal?: AbortSignal) {
  return http.get<BrokerCompanyListResponse>(RATING_QUEUE_PATH, { query, signal });
}

export function ratingQueueQueryOptions(query: QueryParams) {
  return queryOptions({
    queryKey: brokerQueryKeys.queue(query),
    queryFn: ({ signal }) => fetchRatingQueue(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRatingQueue(query: QueryParams) {
  return useQuery(ratingQueueQueryOptions(query));
}

/** GET brokers/rating/broker-company/{id}?limit&page: who rated, when and why, newest first. */
export function fetchRatingHistory(id: number, page: number, signal?: AbortSignal) {
  return http.get<RatingHistoryResponse>(ratingHistoryPath(id), {
    query: { page, limit: RATING_HISTORY_PAGE_SIZE },
    signal,
  });
}

export function ratingHistoryQueryOptions(id: number, page: number) {
  return queryOptions({
    queryKey: brokerQueryKeys.ratingHistory(id, page),
    queryFn: ({ signal }) => fetchRatingHistory(id, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRatingHistory(id: number, page: number) {
  return useQuery(ratingHistoryQueryOptions(id, page));
}

/** PUT brokers/rating/broker-company/{id}/update: the new rating and why; it takes the broker off the queue. */
export function updateRating({ id, body }: { id: number; body: RatingUpdateInput }): Promise<BrokerCompany> {
  return http.put<BrokerCompany>(ratingUpdatePath(id), body, { quietStatuses: SHOWN_BY_THE_DIALOG });
}

export function useUpdateRating() {
  return useBrokerMutation(updateRating);
}
