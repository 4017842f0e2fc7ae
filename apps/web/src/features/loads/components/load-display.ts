import type { Lang } from '@app/domain/common/lookups';
import { loadStatusClass, loadStatusDisplayName, padAccountingNumber } from '@app/domain/loads/loads.rules';
import type { Load, LoadPoint } from '@app/domain/loads/loads.schema';

// How a load reads in the lists and on its page; the rules themselves are the domain's.

/** The accounting number padded to 6 digits, or the load id while it has none. */
export function loadNumberText(load: Pick<Load, 'id' | 'load_accounting_number'>): string {
  return load.load_accounting_number === null
    ? `#${load.id}`
    : padAccountingNumber(load.load_accounting_number);
}

export function orderedPoints(points: readonly LoadPoint[]): LoadPoint[] {
  return [...points].sort((a, b) => a.order - b.order);
}

/**
 * Which pick-up or delivery the status is about, on a load with more than two points (stop numbers are
 * shown only then): the active point's place among the points of its type, 'In Transit to Pick-up 2'.
 */
export function statusStopNumber(load: Pick<Load, 'points'>): number | null {
  if (load.points.length <= 2) return null;
  const active = load.points.find((point) => point.is_active);
  if (!active) return null;
  return load.points.filter((point) => point.type === active.type && point.order <= active.order).length;
}

export function statusText(load: Pick<Load, 'status' | 'points'>, lang: Lang): string {
  return loadStatusDisplayName(load.status, statusStopNumber(load), lang);
}

export type StatusTone = 'default' | 'info' | 'success' | 'warning' | 'error';

export function statusTone(status: number): StatusTone {
  if (status === 9 || status === 11) return 'warning';
  switch (loadStatusClass(status)) {
    case 'canceled':
      return 'error';
    case 'completed':
    case 'checkout':
      return 'success';
    default:
      return status === 1 ? 'default' : 'info';
  }
}

export function personName(person: { first_name: string; last_name: string } | null | undefined): string {
  return person ? `${person.first_name} ${person.last_name}`.trim() : '';
}

/** 'Dallas, TX' */
export function placeText(point: Pick<LoadPoint, 'city' | 'state'> | undefined): string {
  if (!point) return '';
  return [point.city, point.state].filter(Boolean).join(', ');
}

export function firstPickUp(load: Pick<Load, 'points'>): LoadPoint | undefined {
  return orderedPoints(load.points)[0];
}

export function lastDelivery(load: Pick<Load, 'points'>): LoadPoint | undefined {
  const points = orderedPoints(load.points);
  return points[points.length - 1];
}

export function brokerText(load: Pick<Load, 'broker_company' | 'broker_name'>): string {
  return load.broker_company?.name ?? load.broker_name ?? '';
}

type PointAddress = Pick<LoadPoint, 'address' | 'city' | 'state' | 'zip_code' | 'country'>;

/**
 * A point's address in two lines, each said once: the street (null when the address is only the place,
 * as an address chosen from the lookup often is: 'Chicago, IL 60601, USA') and 'Chicago, IL 60601, US'.
 */
export function pointAddressLines(point: PointAddress): { street: string | null; place: string } {
  const place = [point.city, [point.state, point.zip_code].filter(Boolean).join(' '), point.country]
    .filter(Boolean)
    .join(', ');
  const address = point.address?.trim() ?? '';
  if (!address) return { street: null, place };
  const parts = address.split(',').map((part) => part.trim());
  const city = point.city?.trim().toLowerCase();
  const cityAt = city ? parts.findIndex((part) => part.toLowerCase() === city) : -1;
  if (cityAt < 0) return { street: address, place };
  // What follows the city is the place line again.
  const street = parts.slice(0, cityAt).join(', ');
  return { street: street || null, place };
}
