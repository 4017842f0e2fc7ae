import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DriverBid, DriverBidCreateInput } from '@app/domain/bids/driver-bids.schema';
import { http } from '@/lib/api';
import { DRIVER_PORTAL_API, invalidateDriverPortal } from './driver-portal-query-keys';

export type PlaceBidVariables = { body: DriverBidCreateInput; idempotencyKey: string };

/**
 * POST driver-portal/bids. The card shows bad input (400) and refusals (404, 409: the bid limit with the
 * time left) itself; a retry of the same bid (a phone losing its signal) sends the same key.
 */
export function placeBid({ body, idempotencyKey }: PlaceBidVariables): Promise<DriverBid> {
  return http.post<DriverBid>(`${DRIVER_PORTAL_API}/bids`, body, {
    quietStatuses: [400, 404, 409],
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function usePlaceBid() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: placeBid, onSettled: () => invalidateDriverPortal(queryClient) });
}
