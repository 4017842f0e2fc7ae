import type { AddressLookupResult } from '@app/domain/geo/geo.schema';
import { estimateRoute } from '@app/domain/geo/geo.rules';
import type { EmailPostingPlace, EmailPostingValues } from '@app/domain/loadboard/email-postings.schema';
import type { IntakePostingInput } from '@app/domain/loadboard/intake.schema';
import {
  estimatedDeliveryDate,
  POSTING_EMAIL_FIELDS,
  type PostingEmailField,
  type PostingEmailReading,
  type UnreadField,
} from '@app/domain/loadboard/posting-email.rules';
import type { PostingPlaceText } from '@app/domain/loadboard/posting-email-values.rules';
import type { z } from 'zod';

// From what the reader read in a posting e-mail to the load intake's posting: the places looked up in the
// gazetteer (their address and coordinates), the delivery date estimated when the mail gives none, and the
// intake's own check of the whole posting turned back into the fields a dispatcher is shown as unread.

/** The gazetteer's best suggestion for a text, or null. */
export type PlaceLookup = (query: string) => AddressLookupResult | null;

/**
 * A place read from a mail with its address and coordinates: looked up as written, then without its first
 * words one by one ('Hot Load Dallas, TX' finds Dallas), then by its ZIP code; one found in another state
 * than the mail names does not count. Null when the gazetteer knows none of them.
 */
export function locatePlace(place: PostingPlaceText, lookup: PlaceLookup): EmailPostingPlace | null {
  const words = (place.city ?? '').split(/\s+/).filter(Boolean);
  const queries: string[] = [];
  for (let start = 0; start < words.length; start += 1) {
    queries.push(`${words.slice(start).join(' ')}, ${place.state ?? ''} ${place.zip_code ?? ''}`.trim());
  }
  if (place.zip_code) queries.push(place.zip_code);
  for (const query of queries) {
    const found = lookup(query);
    if (!found) continue;
    if (place.state && found.components.administrative_area_level_1 !== place.state) continue;
    return {
      address: found.formatted_address,
      city: found.components.locality ?? found.components.name ?? place.city,
      state: found.components.administrative_area_level_1 ?? place.state,
      zip_code: found.components.postal_code ?? place.zip_code,
      country: found.components.country === 'CA' ? 'CA' : 'US',
      lat: found.lat,
      lon: found.lon,
    };
  }
  return null;
}

const placeText = (place: PostingPlaceText) =>
  [[place.city, place.state].filter(Boolean).join(', '), place.zip_code].filter(Boolean).join(' ');

/** The values of a reading with its places located; a place the gazetteer does not know is unread. */
export function locateReading(
  reading: PostingEmailReading,
  lookup: PlaceLookup,
): { values: EmailPostingValues; unread: UnreadField[] } {
  const unread = [...reading.unread];
  const locate = (field: 'pick_up' | 'deliver_to') => {
    const place = reading.read[field];
    if (place === null) return null;
    const located = locatePlace(place, lookup);
    if (located === null) unread.push({ field, text: placeText(place) });
    return located;
  };
  const values = { ...reading.read, pick_up: locate('pick_up'), deliver_to: locate('deliver_to') };
  return { values, unread: sortUnread(unread) };
}

/** Unread fields once each, in the order of the posting. */
export function sortUnread(unread: readonly UnreadField[]): UnreadField[] {
  const byField = new Map<PostingEmailField, UnreadField>();
  for (const field of unread) if (!byField.has(field.field)) byField.set(field.field, field);
  return POSTING_EMAIL_FIELDS.flatMap((field) => (byField.has(field) ? [byField.get(field)!] : []));
}

const isLocated = (
  place: EmailPostingPlace | null,
): place is EmailPostingPlace & { lat: number; lon: number } =>
  place !== null && place.lat !== null && place.lon !== null;

/** Who sent the posting, and the broker company it is posted for. */
export type PostingSender = { address: string; name: string | null; brokerName: string };

/**
 * The intake posting of a mail's values, or null when a place, the pick-up date or the vehicle type is
 * missing. A mail that gives no delivery date is delivered after the lane's driving hours.
 */
export function intakePostingOf(
  values: EmailPostingValues,
  sender: PostingSender,
): IntakePostingInput | null {
  const { pick_up: pickUp, deliver_to: deliverTo } = values;
  if (!isLocated(pickUp) || !isLocated(deliverTo) || values.pick_up_date === null || values.car === null) {
    return null;
  }
  const deliveryDate =
    values.delivery_date ??
    estimatedDeliveryDate(values.pick_up_date, estimateRoute([pickUp, deliverTo]).hours).toISOString();
  const place = (located: typeof pickUp, date: string) => ({
    address: located.address ?? `${located.city}, ${located.state}`,
    city: located.city ?? '',
    state: located.state ?? '',
    zip_code: located.zip_code,
    country: located.country ?? 'US',
    lat: located.lat,
    lon: located.lon,
    date,
  });
  return {
    reference: values.reference,
    broker_company: { name: values.broker_name ?? sender.brokerName, mc_number: values.mc_number },
    broker_name: sender.name,
    broker_phone: values.broker_phone,
    reply_email: sender.address,
    pick_up: place(pickUp, values.pick_up_date),
    deliver_to: place(deliverTo, deliveryDate),
    car: values.car,
    pays: values.pays_cents === null ? null : values.pays_cents / 100,
    weight: values.weight,
    pieces: values.pieces,
    length: values.length,
    width: values.width,
    height: values.height,
  };
}

/** The field of the mail a problem of the intake's check is about ('deliver_to.date': delivery_date). */
export function unreadOfIssues(
  issues: readonly z.core.$ZodIssue[],
  values: EmailPostingValues,
): UnreadField[] {
  const fieldOf = (path: readonly PropertyKey[]): PostingEmailField => {
    const [first, second] = path.map(String);
    if (first === 'pick_up') return second === 'date' ? 'pick_up_date' : 'pick_up';
    if (first === 'deliver_to') return second === 'date' ? 'delivery_date' : 'deliver_to';
    if (first === 'broker_company') return second === 'mc_number' ? 'mc_number' : 'broker_name';
    if (first === 'length' || first === 'width' || first === 'height') return 'dims';
    if (first === 'broker_phone' || first === 'reference' || first === 'weight' || first === 'pieces')
      return first;
    return first === 'pays' ? 'pays' : 'car';
  };
  const textOf = (field: PostingEmailField): string | null => {
    const value = field in values ? values[field as keyof EmailPostingValues] : null;
    return value === null || typeof value === 'object' ? null : String(value);
  };
  return issues.map((issue) => {
    const field = fieldOf(issue.path);
    return { field, text: textOf(field) };
  });
}
