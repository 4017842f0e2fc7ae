import {
  fillPropositionTemplate,
  propositionSubject,
  propositionValues,
} from '@app/domain/bids/proposition-template.rules';
import { parseMoneyToCents } from '@app/domain/common/money';
import type { BoardLoad } from '@app/domain/loadboard/loadboard.schema';
import type { FormCar } from './detail-bids-api';

// The preview of the proposition e-mail beside the form: the template filled with the form's price, ETA and
// arrival window and the chosen vehicle's record (type, unit, sizes, payload, equipment, place, deadhead,
// route link), from the company's template. The server renders the real one when it sends, adding the phones.

export type PreviewInput = {
  /** The company's proposition template (GET propositions/template). */
  template: string;
  load: BoardLoad;
  car: FormCar | undefined;
  price: string;
  etaSeconds: number;
  dispatcher: { first_name: string; last_name: string };
  companyName: string;
  /** Stands for the dispatcher's phone, which the server adds when it sends. */
  phoneHint: string;
  now: Date;
};

function centsOrZero(price: string): number {
  try {
    return price.trim() === '' ? 0 : parseMoneyToCents(price);
  } catch {
    return 0;
  }
}

/** The e-mail as the server will build it from the template, but for the phones it adds to the signature. */
export function previewMessage(input: PreviewInput) {
  const { template, load, car, price, etaSeconds, dispatcher, companyName, phoneHint, now } = input;
  const pickUp = [...load.points].sort((a, b) => a.order - b.order).find((point) => point.type === 'pick_up');
  const vehicle = car?.vehicle;
  const location = vehicle?.location ?? null;
  const values = propositionValues({
    priceCents: centsOrZero(price),
    etaSeconds,
    now,
    milesOut: car?.miles_out ?? null,
    dispatcher: { ...dispatcher, phone_number: null },
    company: { name: companyName, phone: phoneHint },
    vehicle: {
      unit_id: vehicle?.unit_id ?? '',
      transport_type: vehicle?.transport_type ?? '',
      length_in: vehicle?.length ?? null,
      width_in: vehicle?.width ?? null,
      height_in: vehicle?.height ?? null,
      payload_lbs: vehicle?.payload ?? null,
      equipment: vehicle?.equipment ?? {},
      location: location
        ? {
            city: location.city,
            state: location.state,
            zip_code: location.zip_code,
            lat: location.lat,
            lon: location.lon,
          }
        : null,
    },
    pickUp: pickUp ? { lat: pickUp.lat, lon: pickUp.lon } : null,
  });
  return fillPropositionTemplate(template, values);
}

/** 'Load #000042 Dallas, TX - Chicago, IL', as the server names the e-mail when the subject is left as is. */
export function previewSubject(load: BoardLoad): string {
  const points = [...load.points].sort((a, b) => a.order - b.order);
  const pickUp = points.find((point) => point.type === 'pick_up') ?? null;
  const delivery = [...points].reverse().find((point) => point.type === 'deliver_to') ?? null;
  return propositionSubject(load, pickUp, delivery);
}
