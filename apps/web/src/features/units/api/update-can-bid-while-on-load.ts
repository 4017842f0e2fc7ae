import { http } from '@/lib/api';
import { SHOWN_BY_THE_PAGE, UNITS_API } from './units-query-keys';
import { useVehicleMutation } from './vehicle-mutation';

export type UpdateCanBidWhileOnLoadVariables = { id: number; can_bid_while_on_load: boolean };

/** PUT cars/{id}/update-can-bid-while-on-load: whether the unit may be bid while it is On load. */
export function updateCanBidWhileOnLoad({
  id,
  can_bid_while_on_load,
}: UpdateCanBidWhileOnLoadVariables): Promise<unknown> {
  return http.put(
    `${UNITS_API}/cars/${id}/update-can-bid-while-on-load`,
    { can_bid_while_on_load },
    { quietStatuses: SHOWN_BY_THE_PAGE },
  );
}

export function useUpdateCanBidWhileOnLoad() {
  return useVehicleMutation(updateCanBidWhileOnLoad);
}
