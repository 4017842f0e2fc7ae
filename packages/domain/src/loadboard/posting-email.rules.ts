import type { VehicleType } from '../common/lookups';
import { MAX_DIMENSION, MAX_PIECES, MAX_WEIGHT } from '../loads/load-form.rules';
import {
  cleanSubject,
  firstLabelled,
  labelledValues,
  postingBodyText,
  type LabelledValue,
} from './posting-email-text.rules';
import {
  findCompanyBeforeMc,
  findMcNumber,
  findPhone,
  findReference,
  readAmountCents,
  readDims,
  readLane,
  readMilesIn,
  readPiecesIn,
  readPlace,
  readPostingDate,
  readRateCents,
  readReference,
  readVehicleType,
  readWeightIn,
  readWholeNumber,
  type PostingPlaceText,
} from './posting-email-values.rules';

// The reader of load postings that brokers send by e-mail: from a mail's subject, plain text and HTML to
// the fields of the load intake, and the list of what it could not read. It looks for labelled values
// first ('Pick up: Dallas, TX 75201', 'Rate | $1,250'), then for a lane in the subject or the body
// ('Dallas, TX -> Atlanta, GA'), then for values written with their units anywhere ('1,800 lbs', '812 mi').
//
// A posting is read enough to go on the board with its pick-up place, its delivery place, its pick-up date
// and its vehicle type (POSTING_REQUIRED_FIELDS): those are what the board's match with trucks needs. A
// field missing from that list, or any field whose label is there with a value the reader cannot read
// ('Weight: TBD', 'Rate: call'), is listed in `unread` with the text the mail had, for the dispatcher.

export const POSTING_EMAIL_FIELDS = [
  'pick_up',
  'pick_up_date',
  'deliver_to',
  'delivery_date',
  'car',
  'miles',
  'weight',
  'pieces',
  'dims',
  'pays',
  'reference',
  'mc_number',
  'broker_name',
  'broker_phone',
] as const;
export type PostingEmailField = (typeof POSTING_EMAIL_FIELDS)[number];

/** What a posting needs to go on the board by itself; without one of them it waits for a dispatcher. */
export const POSTING_REQUIRED_FIELDS = [
  'pick_up',
  'deliver_to',
  'pick_up_date',
  'car',
] as const satisfies readonly PostingEmailField[];

/** The fields read from a posting e-mail; null where the mail had none the reader could read. */
export type PostingEmailRead = {
  pick_up: PostingPlaceText | null;
  /** ISO 8601 with the Eastern offset. */
  pick_up_date: string | null;
  deliver_to: PostingPlaceText | null;
  delivery_date: string | null;
  car: VehicleType | null;
  miles: number | null;
  weight: number | null;
  pieces: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  /** The rate in cents. */
  pays_cents: number | null;
  reference: string | null;
  mc_number: string | null;
  broker_name: string | null;
  broker_phone: string | null;
};

/** A field the reader could not read, with the text the mail had for it (null: the mail had none). */
export type UnreadField = { field: PostingEmailField; text: string | null };

export type PostingEmailReading = { read: PostingEmailRead; unread: UnreadField[] };

export type PostingEmail = { subject?: string | null; text?: string | null; html?: string | null };

type Sources = { labelled: LabelledValue[]; subject: string; body: string; all: string };

/** A labelled value read with `read`; the label's text when it cannot be read. */
function fromLabel<T>(
  sources: Sources,
  field: Parameters<typeof firstLabelled>[1],
  read: (text: string) => T | null,
): { value: T | null; text: string | null } {
  const text = firstLabelled(sources.labelled, field);
  if (text === null) return { value: null, text: null };
  return { value: read(text), text };
}

/** The first of the readings that has a value, keeping the label's text for the unread list. */
function firstOf<T>(...readings: { value: T | null; text: string | null }[]): {
  value: T | null;
  text: string | null;
} {
  return (
    readings.find((reading) => reading.value !== null) ??
    readings.find((reading) => reading.text !== null) ?? { value: null, text: null }
  );
}

const found = <T>(value: T | null) => ({ value, text: null });

/** A reading from another field's label: when it reads nothing, that label's text is not this field's. */
const orNothing = <T>(reading: { value: T | null; text: string | null }) =>
  reading.value === null ? found(null) : reading;

/** A number no larger than `max`; a larger one is not read (a typo or another figure). */
const atMost = (max: number) => (value: number | null) => (value !== null && value <= max ? value : null);

/** The pick-up and delivery places and dates. */
function readPoints(sources: Sources, now: Date) {
  const lane = readLane(sources.subject) ?? readLane(sources.body);
  const pickUp = firstOf(fromLabel(sources, 'pick_up', readPlace), found(lane?.from ?? null));
  const deliverTo = firstOf(fromLabel(sources, 'deliver_to', readPlace), found(lane?.to ?? null));
  const date = (text: string) => readPostingDate(text, now);
  const pickUpDate = firstOf(
    fromLabel(sources, 'pick_up_date', date),
    orNothing(fromLabel(sources, 'pick_up', date)),
    found(readPostingDate(sources.subject, now)),
    found(readPostingDate(sources.body, now)),
  );
  const deliveryDate = firstOf(
    fromLabel(sources, 'delivery_date', date),
    orNothing(fromLabel(sources, 'deliver_to', date)),
  );
  return { pickUp, deliverTo, pickUpDate, deliveryDate };
}

/** The load's size: miles, weight, pieces and dims. */
function readSize(sources: Sources) {
  const number = (max: number) => (text: string) => atMost(max)(readWholeNumber(text));
  return {
    miles: firstOf(
      fromLabel(sources, 'miles', number(99_999)),
      found(atMost(99_999)(readMilesIn(sources.all))),
    ),
    weight: firstOf(
      fromLabel(sources, 'weight', number(MAX_WEIGHT)),
      found(atMost(MAX_WEIGHT)(readWeightIn(sources.all))),
    ),
    pieces: firstOf(
      fromLabel(sources, 'pieces', number(MAX_PIECES)),
      found(atMost(MAX_PIECES)(readPiecesIn(sources.all))),
    ),
    dims: firstOf(fromLabel(sources, 'dims', readDims), found(readDims(sources.all))),
  };
}

/** Reads a posting e-mail: the fields it carries and what it could not read (see the top of the file). */
export function readPostingEmail(mail: PostingEmail, now: Date): PostingEmailReading {
  const subject = cleanSubject(mail.subject);
  const body = postingBodyText(mail);
  const sources: Sources = {
    labelled: [...labelledValues(subject), ...labelledValues(body)],
    subject,
    body,
    all: `${subject}\n${body}`,
  };
  const points = readPoints(sources, now);
  const size = readSize(sources);
  const dims = size.dims.value;
  const dimsFit = dims !== null && Math.max(dims.length, dims.width, dims.height) <= MAX_DIMENSION;
  const fields = {
    pick_up: points.pickUp,
    pick_up_date: points.pickUpDate,
    deliver_to: points.deliverTo,
    delivery_date: points.deliveryDate,
    car: firstOf(
      fromLabel(sources, 'car', readVehicleType),
      found(readVehicleType(subject)),
      found(readVehicleType(body)),
    ),
    miles: size.miles,
    weight: size.weight,
    pieces: size.pieces,
    dims: {
      value: dimsFit ? dims : null,
      text: size.dims.text ?? (dims ? `${dims.length}x${dims.width}x${dims.height}` : null),
    },
    pays: firstOf(fromLabel(sources, 'pays', readAmountCents), found(readRateCents(sources.all))),
    reference: firstOf(fromLabel(sources, 'reference', readReference), found(findReference(sources.all))),
    mc_number: firstOf(
      fromLabel(sources, 'mc_number', findMcNumberOrDigits),
      found(findMcNumber(sources.all)),
    ),
    broker_name: firstOf(
      fromLabel(sources, 'broker_name', (text) => text.slice(0, 200)),
      found(findCompanyBeforeMc(body)),
    ),
    broker_phone: firstOf(fromLabel(sources, 'broker_phone', findPhone), found(findPhone(body))),
  } satisfies Record<PostingEmailField, { value: unknown; text: string | null }>;

  const required = new Set<PostingEmailField>(POSTING_REQUIRED_FIELDS);
  const unread = POSTING_EMAIL_FIELDS.filter(
    (field) => fields[field].value === null && (required.has(field) || fields[field].text !== null),
  ).map((field) => ({ field, text: fields[field].text }));

  return {
    read: {
      pick_up: fields.pick_up.value,
      pick_up_date: fields.pick_up_date.value,
      deliver_to: fields.deliver_to.value,
      delivery_date: fields.delivery_date.value,
      car: fields.car.value,
      miles: fields.miles.value,
      weight: fields.weight.value,
      pieces: fields.pieces.value,
      length: fields.dims.value?.length ?? null,
      width: fields.dims.value?.width ?? null,
      height: fields.dims.value?.height ?? null,
      pays_cents: fields.pays.value,
      reference: fields.reference.value,
      mc_number: fields.mc_number.value,
      broker_name: fields.broker_name.value,
      broker_phone: fields.broker_phone.value,
    },
    unread,
  };
}

/** An MC label's value: 'MC-411443', '411443'. */
function findMcNumberOrDigits(text: string): string | null {
  return findMcNumber(text) ?? findMcNumber(`MC ${text}`);
}

/** Whether a reading has what a posting needs to go on the board by itself. */
export function isReadEnough(reading: PostingEmailReading): boolean {
  return POSTING_REQUIRED_FIELDS.every((field) => !reading.unread.some((unread) => unread.field === field));
}

/**
 * The delivery date of a posting that gives none: the pick-up date plus the driving hours of the lane
 * (the geo rules' estimate at 50 mph), rounded up to the hour.
 */
export function estimatedDeliveryDate(pickUpDate: string, drivingHours: number): Date {
  const hours = Math.max(1, Math.ceil(drivingHours));
  return new Date(Date.parse(pickUpDate) + hours * 60 * 60 * 1000);
}
