import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/ids';
import { BROKER_RATING_IDS, VEHICLE_STATUS_IDS } from '../common/lookups';
import { listResponseSchema, paginationQuerySchema } from '../common/pagination';
import { maxCharactersMessage } from '../common/text-fields';
import { wallTimeToInstant } from '../common/time';
import {
  loadActiveUpdateSchema,
  loadCarSchema,
  loadDriverSchema,
  loadPointSchema,
  moneyFieldSchema,
  optionalMoneyFieldSchema,
  vehicleTypeSchema,
} from '../loads/loads.schema';
import { menuRoles } from '../shell/menu.rules';

// The API contract of the propositions: a dispatcher's bid to the broker of a board load, sent as an
// e-mail built from the company's template (all under /backend/api/v2). Money comes in as a number or
// text ('$1,200.50') and goes out as dollars; times go out as ISO 8601 with offset.

/** Who places, reads and decides propositions: the roles of the My bids menu entry. */
export const PROPOSITION_ROLES = menuRoles('myBids');

/** 1 active (sent, the broker has not answered); 2 won and 3 lost are completed. */
export const PROPOSITION_STATUS = { active: 1, won: 2, lost: 3 } as const;
export const PROPOSITION_STATUS_IDS = [1, 2, 3] as const;
export type PropositionStatus = (typeof PROPOSITION_STATUS_IDS)[number];

/**
 * What became of the e-mail: 'sent' handed to the company's SMTP server; 'kept' stored as sent without
 * delivery because the company has no SMTP configured (or the broker answered by phone); 'failed' the
 * SMTP server refused it (the proposition stands and the dispatcher can call the broker).
 */
export const PROPOSITION_DELIVERY_IDS = ['sent', 'kept', 'failed'] as const;
export type PropositionDelivery = (typeof PROPOSITION_DELIVERY_IDS)[number];

export const PROPOSITION_MESSAGES = {
  statusInvalid: 'Must be 2 (won) or 3 (lost)',
  priceRequired: 'Must be more than $0',
  etaInvalid: 'Must be a number of seconds from 0 to 7 days',
  milesOutInvalid: 'Must be a number of miles from 0 to 5000',
  emailInvalid: 'Must be a valid e-mail',
  emailRequired: 'The load has no broker e-mail: enter the address to send the proposition to',
  dateInvalid: 'Must be a date (YYYY-MM-DD)',
  rangeReversed: 'Must not be before the start of the range',
} as const;
const P = PROPOSITION_MESSAGES;

/** The longest message body (the template rendered, or the dispatcher's edit of it). */
export const MAX_PROPOSITION_MESSAGE_LENGTH = 10_000;
/** ETA to the pick-up: at most a week ahead, in seconds. */
export const MAX_PROPOSITION_ETA_SECONDS = 7 * 24 * 3600;
export const MAX_PROPOSITION_MILES_OUT = 5000;

const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: maxCharactersMessage(254) })
  .pipe(z.email({ error: P.emailInvalid }));

const optionalTrimmedText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: maxCharactersMessage(max) })
    .nullish()
    .transform((value) => value || null);

const etaSecondsSchema = z.coerce
  .number({ error: P.etaInvalid })
  .int({ error: P.etaInvalid })
  .min(0, { error: P.etaInvalid })
  .max(MAX_PROPOSITION_ETA_SECONDS, { error: P.etaInvalid });

const milesOutSchema = z
  .number({ error: P.milesOutInvalid })
  .min(0, { error: P.milesOutInvalid })
  .max(MAX_PROPOSITION_MILES_OUT, { error: P.milesOutInvalid });

// ---------------------------------------------------------------- requests

/**
 * POST propositions/create (honours Idempotency-Key).
 * - `load`: the board load bid on; `car`: the vehicle offered; `driver`: its driver, the vehicle's active
 *   driver when not given.
 * - `price`: the broker price asked (required, more than 0); `driver_price`: what the driver is paid,
 *   none when not given.
 * - `eta`: seconds until the vehicle can be at the pick-up; the template's {arrival} is the window from
 *   now + eta to one hour later. `miles_out`: deadhead miles to the pick-up, computed from the vehicle's
 *   location when not given.
 * - `email_to`: the load's reply_email when not given; `email_subject`: 'Load #<number> <pick-up city,
 *   ST> - <delivery city, ST>' when not given; `message`: the company template rendered when not given
 *   (the proposition form shows the rendering and sends the dispatcher's edit).
 */
export const propositionCreateSchema = z.object({
  load: idSchema,
  car: idSchema,
  driver: idSchema.nullish().transform((value) => value ?? null),
  price: moneyFieldSchema.refine((cents) => cents > 0, { error: P.priceRequired }),
  driver_price: optionalMoneyFieldSchema,
  eta: etaSecondsSchema.default(0),
  miles_out: milesOutSchema.nullish().transform((value) => value ?? null),
  email_to: emailField.nullish().transform((value) => value ?? null),
  email_subject: optionalTrimmedText(300),
  message: optionalTrimmedText(MAX_PROPOSITION_MESSAGE_LENGTH),
});
export type PropositionCreateInput = z.input<typeof propositionCreateSchema>;
export type PropositionCreate = z.output<typeof propositionCreateSchema>;

/** PUT propositions/{id}/update-price: a new broker price (and driver price) of an active proposition. */
export const propositionUpdatePriceSchema = z.object({
  price: moneyFieldSchema.refine((cents) => cents > 0, { error: P.priceRequired }),
  driver_price: optionalMoneyFieldSchema,
});
export type PropositionUpdatePrice = z.output<typeof propositionUpdatePriceSchema>;

/**
 * PUT propositions/{id}/update-bid-status and .../update-bid-status-via-phone: 2 won (books the load with
 * the bid's vehicle, driver and price, as prepare-for-assign) or 3 lost. Only an active bid changes.
 */
export const propositionStatusUpdateSchema = z.object({
  status: z.union([z.literal(2), z.literal(3)], { error: P.statusInvalid }),
});
export type PropositionStatusUpdate = z.output<typeof propositionStatusUpdateSchema>;

/**
 * PUT loads/{id}/prepare-for-assign: book the board load with a bid on it (active or already won): the
 * bid's vehicle, driver and prices; the bid becomes won, the load's other active bids lost.
 */
export const prepareForAssignSchema = z.object({ bid: idSchema });
export type PrepareForAssign = z.output<typeof prepareForAssignSchema>;

/**
 * PUT loads/bided/{id}/edit: the load form's update-bid call on a board load. The form of an active load,
 * except that the accounting broker company and rateconf_ref may wait until the load is booked.
 */
export const bidLoadEditSchema = loadActiveUpdateSchema
  .omit({ accounting_broker_company: true, rateconf_ref: true })
  .extend({
    accounting_broker_company: idSchema.nullish().transform((value) => value ?? null),
    rateconf_ref: optionalTrimmedText(100),
  });
export type BidLoadEditInput = z.input<typeof bidLoadEditSchema>;
export type BidLoadEdit = z.output<typeof bidLoadEditSchema>;

/** GET propositions/{id}/cars?show_all=true: every vehicle of the company, not only fitting available ones. */
export const propositionCarsQuerySchema = z.object({
  show_all: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});
export type PropositionCarsQuery = z.output<typeof propositionCarsQuerySchema>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** An Eastern calendar day 'YYYY-MM-DD' as the instant it starts (the day after, for a `_to` bound). */
const dayBound = (edge: 'from' | 'to') =>
  z
    .string()
    .trim()
    .refine((text) => DATE_ONLY.test(text) && z.iso.date().safeParse(text).success, { error: P.dateInvalid })
    .transform((text) => {
      const [year, month, day] = text.split('-').map(Number) as [number, number, number];
      const start = new Date(Date.UTC(year, month - 1, day + (edge === 'to' ? 1 : 0)));
      return wallTimeToInstant({
        year: start.getUTCFullYear(),
        month: start.getUTCMonth() + 1,
        day: start.getUTCDate(),
        hour: 0,
        minute: 0,
      }).toISOString();
    })
    .optional();

/**
 * GET propositions/active, completed, history. Newest first. Filters, each alone or combined:
 * - `dispatcher`: the user who placed the bid; `car`: the vehicle (unit) offered; `broker`: the load's
 *   broker company; `load`: the load id;
 * - `date_from`, `date_to`: Eastern calendar days 'YYYY-MM-DD' of when the bid was placed (both included);
 * - `search`: digits of the load's accounting number (or its id), or text of the broker's name.
 * active = status 1, completed = 2 and 3, history = all three; `status` narrows history to one.
 */
export const propositionListQuerySchema = paginationQuerySchema
  .extend({
    dispatcher: idSchema.optional(),
    car: idSchema.optional(),
    broker: idSchema.optional(),
    load: idSchema.optional(),
    status: z.coerce
      .number()
      .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Must be 1, 2 or 3' }))
      .optional(),
    date_from: dayBound('from'),
    date_to: dayBound('to'),
    search: z
      .string()
      .trim()
      .max(100, { error: maxCharactersMessage(100) })
      .optional()
      .transform((value) => value || undefined),
  })
  .superRefine((query, ctx) => {
    if (query.date_from && query.date_to && query.date_to <= query.date_from) {
      ctx.addIssue({ code: 'custom', path: ['date_to'], message: P.rangeReversed });
    }
  });
export type PropositionListQueryInput = z.input<typeof propositionListQuerySchema>;
export type PropositionListQuery = z.output<typeof propositionListQuerySchema>;

// ---------------------------------------------------------------- answers

export const propositionBrokerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rating: z.literal(BROKER_RATING_IDS),
});

/** The load a proposition is on, as the bid pages show it. */
export const propositionLoadSchema = z.object({
  id: z.number().int(),
  load_accounting_number: z.number().int().nullable(),
  /** 1 Waiting to accept once booked; the load's status while it is on the board. */
  status: z.number().int(),
  /** 'posted' on the board; 'booked' after a booking; null a load never on the board. */
  board_status: z.enum(['posted', 'booked', 'withdrawn', 'expired']).nullable(),
  points: z.array(loadPointSchema),
  miles: z.number().int().nullable(),
  vehicle_type: vehicleTypeSchema.nullable(),
  reply_email: z.string().nullable(),
  broker_company: propositionBrokerSchema.nullable(),
});
export type PropositionLoad = z.infer<typeof propositionLoadSchema>;

export const propositionDispatcherSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});

export const propositionSchema = z.object({
  id: z.number().int(),
  status: z.literal(PROPOSITION_STATUS_IDS),
  load: propositionLoadSchema,
  vehicle: loadCarSchema,
  driver: loadDriverSchema.pick({ id: true, full_name: true }).nullable(),
  dispatcher: propositionDispatcherSchema.nullable(),
  /** The broker price asked, in dollars. */
  price: z.number(),
  driver_price: z.number().nullable(),
  miles_out: z.number().nullable(),
  /** Seconds from sending until the vehicle can be at the pick-up. */
  eta: z.number().int(),
  email_to: z.string().nullable(),
  email_subject: z.string(),
  /** The message as sent: plain text with the template's [bold]...[/bold] tags. */
  message: z.string(),
  sent_at: isoDateTimeSchema,
  delivery: z.enum(PROPOSITION_DELIVERY_IDS),
  /** True when the broker's answer (won or lost) came by phone. */
  via_phone: z.boolean(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type Proposition = z.infer<typeof propositionSchema>;

export const propositionListResponseSchema = listResponseSchema(propositionSchema);
export type PropositionListResponse = z.infer<typeof propositionListResponseSchema>;

/** PUT loads/{id}/prepare-for-assign and a won update-bid-status: the booked load and the winning bid. */
export const bookingResponseSchema = z.object({
  load_id: z.number().int(),
  /** 1 Waiting to accept. */
  load_status: z.number().int(),
  proposition: propositionSchema,
});
export type BookingResponse = z.infer<typeof bookingResponseSchema>;

/** A vehicle that could carry the load of a proposition, closest to the pick-up first. */
export const propositionCarSchema = z.object({
  id: z.number().int(),
  unit_id: z.string(),
  transport_type: vehicleTypeSchema,
  status: z.literal(VEHICLE_STATUS_IDS),
  driver: loadDriverSchema.pick({ id: true, full_name: true }).nullable(),
  /** The vehicle's current place ('City, ST'), null when it has no location. */
  current_address: z.string().nullable(),
  /** Deadhead miles to the pick-up (straight line x road factor); null without a location. */
  miles_out: z.number().int().nullable(),
  /** Seconds to reach the pick-up at the product's road speed; null without a location. */
  eta: z.number().int().nullable(),
  /** The vehicle type can carry the load (type, dimensions, payload). */
  fits: z.boolean(),
  /** Available now (status 1). */
  available: z.boolean(),
});
export type PropositionCar = z.infer<typeof propositionCarSchema>;

export const propositionCarsResponseSchema = listResponseSchema(propositionCarSchema);
export type PropositionCarsResponse = z.infer<typeof propositionCarsResponseSchema>;

/**
 * GET propositions/template: the company's proposition e-mail template, which a proposition is built from
 * when the dispatcher does not write the message, so that the form's preview is the e-mail the broker gets.
 */
export const propositionTemplateSchema = z.object({
  template: z.string(),
  /** No template of the company's own: the product's default. */
  is_default: z.boolean(),
});
export type PropositionTemplate = z.infer<typeof propositionTemplateSchema>;
