import {
  DEFAULT_PROPOSITION_TEMPLATE,
  fillPropositionTemplate,
  propositionSubject,
  propositionValues,
} from '@app/domain/bids/proposition-template.rules';
import type { PropositionCar } from '@app/domain/bids/bids.schema';
import { parseMoneyToCents } from '@app/domain/common/money';
import type { BoardLoad } from '@app/domain/loadboard/loadboard.schema';

// The preview of the proposition e-mail beside the form: the company template filled with what the form
// knows (price, unit, ETA, arrival window, deadhead, current place, the dispatcher). The server fills the
// rest from the vehicle's record when it sends (dimensions, payload, equipment, route link, signature phone).

export type PreviewInput = {
  load: BoardLoad;
  car: PropositionCar | undefined;
  price: string;
  etaSeconds: number;
  dispatcher: { first_name: string; last_name: string };
  companyName: string;
  now: Date;
};

function centsOrZero(price: string): number {
  try {
    return price.trim() === '' ? 0 : parseMoneyToCents(price);
  } catch {
    return 0;
  }
}

export function previewMessage({ load, car, price, etaSeconds, dispatcher, companyName, now }: PreviewInput) {
  const pickUp = [...load.points].sort((a, b) => a.order - b.order).find((point) => point.type === 'pick_up');
  const [city, state] = (car?.current_address ?? '').split(',').map((part) => part.trim());
  const values = propositionValues({
    priceCents: centsOrZero(price),
    etaSeconds,
    now,
    milesOut: car?.miles_out ?? null,
    dispatcher: { ...dispatcher, phone_number: null },
    company: { name: companyName, phone: null },
    vehicle: {
      unit_id: car?.unit_id ?? '',
      transport_type: car?.transport_type ?? '',
      length_in: null,
      width_in: null,
      height_in: null,
      payload_lbs: null,
      equipment: {},
      location: car?.current_address
        ? { city: city ?? null, state: state ?? null, zip_code: null, lat: null, lon: null }
        : null,
    },
    pickUp: pickUp ? { lat: pickUp.lat, lon: pickUp.lon } : null,
  });
  return fillPropositionTemplate(DEFAULT_PROPOSITION_TEMPLATE, values);
}

/** 'Load #000042 Dallas, TX - Chicago, IL', as the server names the e-mail when the subject is left as is. */
export function previewSubject(load: BoardLoad): string {
  const points = [...load.points].sort((a, b) => a.order - b.order);
  const pickUp = points.find((point) => point.type === 'pick_up') ?? null;
  const delivery = [...points].reverse().find((point) => point.type === 'deliver_to') ?? null;
  return propositionSubject(load, pickUp, delivery);
}
