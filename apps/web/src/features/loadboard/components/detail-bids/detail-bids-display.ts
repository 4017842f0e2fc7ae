import type { TFunction } from 'i18next';
import { PROPOSITION_MESSAGES } from '@app/domain/bids/bids.schema';
import { DRIVER_BID_MESSAGES } from '@app/domain/bids/driver-bids.rules';
import { transitTimeHours } from '@app/domain/geo/geo.rules';
import type { GeoPoint } from '@app/domain/geo/geo.rules';
import type { BoardLoad } from '@app/domain/loadboard/loadboard.schema';
import { padAccountingNumber } from '@app/domain/loads/loads.rules';
import { messageKeys, useMessageText } from '@/components/error-messages/error-messages';
import type { FormCar } from './detail-bids-api';

// How the bids section names loads, vehicles and durations, and its messages in the user's language.

export function loadNumberOf(load: { id: number; load_accounting_number: number | null }): string {
  return load.load_accounting_number === null
    ? `#${load.id}`
    : padAccountingNumber(load.load_accounting_number);
}

/** An ETA in seconds as hours and minutes: '2 h 05 min', '45 min'. */
export function durationText(seconds: number | null | undefined, t: TFunction): string {
  if (seconds === null || seconds === undefined) return '—';
  const minutes = Math.max(0, Math.round(seconds / 60));
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return t('bids.eta.minutes', { minutes });
  return t('bids.eta.hours', { hours, minutes: String(minutes % 60).padStart(2, '0') });
}

/**
 * Seconds until the vehicle can be at the pick-up: by its ETA when the closest trucks give one, else by
 * its deadhead at the product's road speed; null when neither is known.
 */
export function etaSecondsOf(car: FormCar | undefined, now: Date): number | null {
  if (!car) return null;
  if (car.eta_at !== null)
    return Math.max(0, Math.round((new Date(car.eta_at).getTime() - now.getTime()) / 1000));
  return car.miles_out === null ? null : Math.round(transitTimeHours(car.miles_out) * 3600);
}

/** The load's first pick-up, where deadhead is measured to; null without coordinates. */
export function firstPickUpPlace(load: BoardLoad): GeoPoint | null {
  const pickUp = [...load.points].sort((a, b) => a.order - b.order).find((point) => point.type === 'pick_up');
  return pickUp && pickUp.lat !== null && pickUp.lon !== null ? { lat: pickUp.lat, lon: pickUp.lon } : null;
}

/** 'U-101 · Dan Driver · 120 mi out · 2 h 05 min' for the vehicle picker. */
export function carOptionText(car: FormCar, now: Date, t: TFunction): string {
  const eta = etaSecondsOf(car, now);
  return [
    car.unit_id,
    car.driver?.full_name ?? t('bids.noDriver'),
    car.miles_out === null ? null : t('bids.section.milesOut', { miles: car.miles_out }),
    eta === null ? null : durationText(eta, t),
  ]
    .filter(Boolean)
    .join(' · ');
}

const KEY_BY_MESSAGE = new Map<string, string>([
  ...messageKeys(PROPOSITION_MESSAGES, 'bids.messages'),
  ['Enter the reason', 'bids.section.reasonRequired'],
  [DRIVER_BID_MESSAGES.notPending, 'errors.codes.driver_bid_not_pending'],
  ['Choose at least one vehicle', 'bids.section.chooseVehicle'],
]);

export function useDetailBidMessageText() {
  return useMessageText(KEY_BY_MESSAGE);
}
