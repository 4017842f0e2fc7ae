import type { BoardLoad } from '@app/domain/loadboard/loadboard.schema';
import type { BoardFilters } from '@app/domain/loadboard/board-templates.rules';
import type { QueryParams } from '@/lib/http-client';
import type { BoardScope } from './board-storage';

// The board's filters as GET loads/loadboard takes them, and the same filters applied to a load that
// arrives live, so that it joins the list only when the server would have listed it.

/** The querystring of one page: list values comma-separated, the unset ones left out. */
export function boardQuery(
  filters: BoardFilters,
  scope: BoardScope,
  page: number,
  limit: number,
): QueryParams {
  const query: QueryParams = { page, limit };
  const list = (values: readonly (string | number)[]) => (values.length > 0 ? values.join(',') : undefined);
  query.wg = scope.wg ?? undefined;
  query.sub_wg = scope.sub_wg ?? undefined;
  query.brokerage = list(scope.brokerages);
  query.pickUpAt_state = list(filters.pickupStates);
  query.deliverTo_state = list(filters.deliveryStates);
  query[filters.vehiclesExclude ? 'not_car' : 'car'] = list(filters.vehicleTypes);
  query.max_miles = filters.miles ?? undefined;
  query[filters.brokersExclude ? 'not_brokers' : 'brokers'] = list(filters.brokers);
  if (filters.match) {
    query.match = true;
    query.max_miles_out = filters.maxMiles ?? undefined;
  }
  for (const [name, value] of Object.entries(query)) if (value === undefined) delete query[name];
  return query;
}

/** Any filter set, teams, groups and brokerages included: the empty board offers to clear them. */
export function anyBoardFilter(query: QueryParams): boolean {
  return Object.keys(query).some((name) => name !== 'page' && name !== 'limit');
}

/**
 * Whether a live load belongs on the board under these filters: 'in' or 'out' when the browser can tell
 * from the load itself, 'ask' when a filter needs what only the server knows (a team's dispatchers, the
 * broker's brokerage, where the trucks are for `match`).
 */
export function liveLoadVerdict(
  load: BoardLoad,
  filters: BoardFilters,
  scope: BoardScope,
): 'in' | 'out' | 'ask' {
  if (load.board_status !== 'posted') return 'out';
  const statesOf = (type: 'pick_up' | 'deliver_to') =>
    load.points.filter((point) => point.type === type).map((point) => point.state.toUpperCase());
  if (filters.pickupStates.length > 0 && !statesOf('pick_up').some((s) => filters.pickupStates.includes(s)))
    return 'out';
  if (
    filters.deliveryStates.length > 0 &&
    !statesOf('deliver_to').some((s) => filters.deliveryStates.includes(s))
  )
    return 'out';
  if (filters.vehicleTypes.length > 0) {
    const listed = load.vehicle_type !== null && filters.vehicleTypes.includes(load.vehicle_type);
    if (filters.vehiclesExclude ? listed : !listed) return 'out';
  }
  if (filters.miles !== null && (load.miles === null || load.miles > filters.miles)) return 'out';
  if (filters.brokers.length > 0) {
    const broker = load.broker_company_instance?.id;
    const listed = broker !== undefined && filters.brokers.includes(broker);
    if (filters.brokersExclude ? listed : !listed) return 'out';
  }
  if (scope.wg !== null || scope.sub_wg !== null || scope.brokerages.length > 0 || filters.match)
    return 'ask';
  return 'in';
}
