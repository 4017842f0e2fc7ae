import type { BrokerCompany } from '@app/domain/brokers/brokers.schema';
import { http } from '@/lib/api';
import { BROKERS_API } from './broker-query-keys';
import { useBrokerMutation } from './broker-mutation';

export const ratingRequestPath = (id: number) => `${BROKERS_API}/rating/broker-company/${id}/request`;

/** PUT brokers/rating/broker-company/{id}/request: puts a doubtful broker in the conflict manager's queue. */
export function requestRating(id: number): Promise<BrokerCompany> {
  return http.put<BrokerCompany>(ratingRequestPath(id));
}

export function useRequestRating() {
  return useBrokerMutation(requestRating);
}
