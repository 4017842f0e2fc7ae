import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingResponse, Proposition } from '@app/domain/bids/bids.schema';
import { http } from '@/lib/api';
import { invalidateBids, PROPOSITIONS_API, SHOWN_BY_THE_PAGE } from './bid-query-keys';

export type UpdatePriceVariables = {
  id: number;
  price: string | number;
  driver_price: string | number | null;
};

/** PUT propositions/{id}/update-price {price, driver_price}. */
export function updatePropositionPrice({ id, ...body }: UpdatePriceVariables): Promise<Proposition> {
  return http.put<Proposition>(`${PROPOSITIONS_API}/${id}/update-price`, body, {
    quietStatuses: SHOWN_BY_THE_PAGE,
  });
}

export type UpdateStatusVariables = {
  id: number;
  /** 2 won (books the load) or 3 lost. */
  status: 2 | 3;
  /** The broker answered by phone rather than by e-mail. */
  viaPhone: boolean;
};

/** The answer of a won bid (the booked load) or a lost one (the bid). */
export type StatusUpdateAnswer = BookingResponse | Proposition;

/** PUT propositions/{id}/update-bid-status, or update-bid-status-via-phone, {status}. */
export function updatePropositionStatus({ id, status, viaPhone }: UpdateStatusVariables) {
  const path = viaPhone ? 'update-bid-status-via-phone' : 'update-bid-status';
  return http.put<StatusUpdateAnswer>(
    `${PROPOSITIONS_API}/${id}/${path}`,
    { status },
    {
      quietStatuses: SHOWN_BY_THE_PAGE,
    },
  );
}

/** The booked load's id in the answer of a won bid (the won proposition, or a booking's answer). */
export function bookedLoadId(answer: StatusUpdateAnswer): number | null {
  if ('load_id' in answer) return answer.load_id;
  return answer.status === 2 ? answer.load.id : null;
}

/**
 * A change of a bid. Whatever the answer, the bid and the lists are fetched again: a refused change (a
 * load someone else booked meanwhile) shows the bid as it is now.
 */
function useBidMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => invalidateBids(queryClient) });
}

export function useUpdatePropositionPrice() {
  return useBidMutation(updatePropositionPrice);
}

export function useUpdatePropositionStatus() {
  return useBidMutation(updatePropositionStatus);
}
