import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DriverBid } from '@app/domain/bids/driver-bids.schema';
import type { ListResponse } from '@app/domain/common/pagination';
import { http } from '@/lib/api';
import type { QueryParams } from '@/lib/http-client';
import { bidQueryKeys, DRIVER_BIDS_API } from './bid-query-keys';

/** GET bids/driver-bid/history: the drivers' and owners' bids on the company's board loads, newest first. */
export function useDriverBidHistory(query: QueryParams) {
  return useQuery(
    queryOptions({
      queryKey: bidQueryKeys.list('unit', query),
      queryFn: ({ signal }) =>
        http.get<ListResponse<DriverBid>>(`${DRIVER_BIDS_API}/history`, { query, signal }),
      placeholderData: keepPreviousData,
    }),
  );
}
