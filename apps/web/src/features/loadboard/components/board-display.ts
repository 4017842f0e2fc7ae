import { BROKER_RATINGS, lookupName, VEHICLE_TYPES } from '@app/domain/common/lookups';
import type { Lang } from '@app/domain/common/lookups';
import { relativeTime } from '@app/domain/common/time';
import type { BoardLoad, BoardPoint } from '@app/domain/loadboard/loadboard.schema';

// How a board load reads in a row, a card and the detail; the rules are the domain's.

export function orderedBoardPoints(load: Pick<BoardLoad, 'points'>): BoardPoint[] {
  return [...load.points].sort((a, b) => a.order - b.order);
}

/** The first pick-up, where the trip starts (and `match` measures from). */
export function firstBoardPickUp(load: Pick<BoardLoad, 'points'>): BoardPoint | undefined {
  const points = orderedBoardPoints(load);
  return points.find((point) => point.type === 'pick_up') ?? points[0];
}

/** The last delivery, where the trip ends. */
export function lastBoardDelivery(load: Pick<BoardLoad, 'points'>): BoardPoint | undefined {
  const points = orderedBoardPoints(load);
  return points.findLast((point) => point.type === 'deliver_to') ?? points.at(-1);
}

/** 'Dallas, TX' */
export function boardPlaceText(point: Pick<BoardPoint, 'city' | 'state'> | undefined): string {
  if (!point) return '';
  return [point.city, point.state].filter(Boolean).join(', ');
}

/** All the points of a trip with stops between its ends; 0 for a plain pick-up and delivery. */
export function stopCount(load: Pick<BoardLoad, 'points'>): number {
  return load.points.length > 2 ? load.points.length : 0;
}

export function vehicleTypeName(type: BoardLoad['vehicle_type'], lang: Lang): string {
  return type ? lookupName(VEHICLE_TYPES, type, lang) : '';
}

/** '48×40×40 in' with the sizes known ('48×–×40 in' when one is missing); '' without any. */
/** '$2.35/mi' */
export function ratePerMileText(rate: number | null): string {
  return rate === null ? '' : `$${rate.toFixed(2)}/mi`;
}

export function brokerRating(load: Pick<BoardLoad, 'broker_company_instance'>) {
  const id = load.broker_company_instance?.rating ?? 1;
  return BROKER_RATINGS.find((entry) => entry.id === id) ?? BROKER_RATINGS[0];
}

export function brokerLabel(load: Pick<BoardLoad, 'broker_company_instance' | 'broker_name'>): string {
  return load.broker_company_instance?.name ?? load.broker_name ?? '';
}

/** The posting's age as notifications word time: 'Now', '5 min ago', '3 hours ago', then the date. */
export function ageText(load: Pick<BoardLoad, 'posted_at'>, now: number, lang: Lang): string {
  return load.posted_at ? relativeTime(load.posted_at, now, lang) : '';
}

/** The best (lowest) price among the pending driver and owner bids. */
export function bestDriverBid(load: Pick<BoardLoad, 'pending_driver_bids'>): number | null {
  if (load.pending_driver_bids.length === 0) return null;
  return Math.min(...load.pending_driver_bids.map((bid) => bid.price));
}

export function boardLoadPath(id: number, activeDriverId?: number | null): string {
  return activeDriverId ? `/loadboard/${id}?active_driver=${activeDriverId}` : `/loadboard/${id}`;
}
