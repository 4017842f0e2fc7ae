import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/ids';
import {
  BROKER_RATING_IDS,
  EMAIL_NOTIFICATION_STATUS_IDS,
  EQUIPMENT_FLAG_IDS,
  isRegionCode,
  LOAD_STATUS_IDS,
  REGIONS,
  VEHICLE_TYPE_IDS,
  type LookupEntry,
} from '../common/lookups';
import { parseMoneyToCents } from '../common/money';
import { isEmptyInput, maxCharactersMessage, optionalText, requiredText } from '../common/text-fields';
import { listResponseSchema, paginationQuerySchema } from '../common/pagination';
import { countrySchema } from '../geo/geo.schema';
import { wallTimeToInstant } from '../common/time';
import {
  countFieldMessage,
  LOAD_FORM_MESSAGES,
  MAX_DIMENSION,
  MAX_NOTE_LENGTH,
  MAX_PIECES,
  MAX_WEIGHT,
  US_PHONE_PATTERN,
} from './load-form.rules';
import { LOAD_FILE_TYPE_IDS } from './load-lifecycle.rules';
import { LOAD_POINT_TYPE_IDS } from './loads.rules';

// The API contract of the loads endpoints (all under /backend/api/v2). Requests take money as a number or
// text ('$1,200.50') and give integer cents; responses give dollars as numbers with two decimals and times
// as ISO 8601 with offset.

const M = LOAD_FORM_MESSAGES;

export const LOAD_SCHEMA_MESSAGES = {
  dateTimeInvalid: 'Must be an ISO 8601 date-time with offset',
  dateInvalid: 'Must be a date (YYYY-MM-DD) or an ISO 8601 date-time with offset',
  stateInvalid: 'Must be a US state or Canadian province code',
  stateNotInCountry: 'The state is not in the country of the address',
  latitudeInvalid: 'Must be a latitude',
  longitudeInvalid: 'Must be a longitude',
  pointOrder: 'Points must be numbered 1, 2, 3... in their order',
  tooManyPoints: 'A load has at most 20 points',
  idInvalid: 'Must be an id',
  rangeReversed: 'Must not be before the start of the range',
  nothingToChange: 'Nothing to change',
  emailRequired: 'Add at least one e-mail',
  flagRequired: 'Choose location, load status or both',
  brokerCompanyInvalid: 'Must be a broker company name or id',
} as const;

const S = LOAD_SCHEMA_MESSAGES;

export const MAX_LOAD_POINTS = 20;

const maxCharacters = maxCharactersMessage;
const isEmpty = isEmptyInput;

/**
 * A reference to another record in a JSON body. null (an empty choice in a form) reads as missing, so the
 * form's values can be sent as they are and get the required message.
 */
const refIdSchema = (required: string = M.fieldRequired) => {
  const message = (issue: { input?: unknown }) => (isEmpty(issue.input) ? required : S.idInvalid);
  return z
    .number({ error: message })
    .nullable()
    .pipe(z.number({ error: message }).int({ error: S.idInvalid }).positive({ error: S.idInvalid }));
};

const optionalRefId = () =>
  z
    .number({ error: S.idInvalid })
    .int({ error: S.idInvalid })
    .positive({ error: S.idInvalid })
    .nullish()
    .transform((value) => value ?? null);

const dateTimeMessage = (issue: { input?: unknown }) =>
  isEmpty(issue.input) ? M.fieldRequired : S.dateTimeInvalid;

/** A required ISO date-time with offset; null or '' (an empty picker) reads as missing. */
const dateTimeField = z
  .string({ error: dateTimeMessage })
  .nullable()
  .pipe(z.iso.datetime({ offset: true, error: dateTimeMessage }));

/** A required amount of money, 0 or more: a number or text such as '$1,200.50', given as integer cents. */
export const moneyFieldSchema = z
  .union([z.number(), z.string()], {
    error: (issue) => (issue.input === undefined || issue.input === null ? M.fieldRequired : M.amountInvalid),
  })
  .transform((value, ctx) => {
    let cents: number;
    try {
      cents = parseMoneyToCents(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: M.amountInvalid });
      return z.NEVER;
    }
    if (cents < 0) {
      ctx.addIssue({ code: 'custom', message: M.mustNotBeNegative });
      return z.NEVER;
    }
    return cents;
  });

/** An optional amount ('' and null mean none), as integer cents or null. */
export const optionalMoneyFieldSchema = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value.toString().trim() === '') return null;
    try {
      const cents = parseMoneyToCents(value);
      if (cents >= 0) return cents;
      ctx.addIssue({ code: 'custom', message: M.mustNotBeNegative });
    } catch {
      ctx.addIssue({ code: 'custom', message: M.amountInvalid });
    }
    return z.NEVER;
  });

/** A whole number 0..max, as a number or digits; the form's messages. */
const countField = (max: number) =>
  z.union([z.number(), z.string(), z.null()], { error: M.fieldRequired }).transform((value, ctx) => {
    const message = countFieldMessage(value, max);
    if (message) {
      ctx.addIssue({ code: 'custom', message: M[message] });
      return z.NEVER;
    }
    return Number(value);
  });

export const vehicleTypeSchema = z.enum(VEHICLE_TYPE_IDS, { error: M.vehicleTypeInvalid });

export const regionCodeSchema = z
  .string({ error: M.stateRequired })
  .trim()
  .toUpperCase()
  .refine(isRegionCode, { error: S.stateInvalid });

/** Equipment flags set on the load: { straps: true, liftgate: true }. */
export const equipmentSchema = z.partialRecord(z.enum(EQUIPMENT_FLAG_IDS), z.boolean());

export const loadPointTypeSchema = z.enum(LOAD_POINT_TYPE_IDS);

// ---------------------------------------------------------------- points

// Coordinates come with an address chosen from the lookup, so a missing one means the address was typed.
const coordinate = (limit: number, outOfRange: string) => {
  const message = (issue: { input?: unknown }) => (isEmpty(issue.input) ? M.addressFromLookup : outOfRange);
  return z
    .number({ error: message })
    .nullable()
    .pipe(z.number({ error: message }).min(-limit, { error: outOfRange }).max(limit, { error: outOfRange }));
};

/** An address chosen from the lookup: every place the product stores (load points, vehicle locations). */
export const placeInputShape = {
  address: z
    .string({ error: M.addressFromLookup })
    .trim()
    .min(1, { error: M.addressFromLookup })
    .max(300, { error: maxCharacters(300) }),
  city: requiredText(100),
  state: regionCodeSchema,
  zip_code: optionalText(10),
  country: countrySchema.default('US'),
  lat: coordinate(90, S.latitudeInvalid),
  lon: coordinate(180, S.longitudeInvalid),
};

const placeShape = { ...placeInputShape, date: dateTimeField };

export function checkStateInCountry(
  place: { state: string; country: 'US' | 'CA' },
  ctx: z.RefinementCtx,
): void {
  const region = REGIONS.find((candidate) => candidate.id === place.state);
  if (region && region.country !== place.country) {
    ctx.addIssue({ code: 'custom', path: ['state'], message: S.stateNotInCountry });
  }
}

/** A pick-up or delivery point as sent: an address chosen from the lookup, with its coordinates and date. */
export const loadPointInputSchema = z
  .object({
    /** Present when the point is already saved. */
    id: idSchema.optional(),
    ...placeShape,
    order: z.number({ error: M.fieldRequired }).int().min(1),
    type: loadPointTypeSchema,
    is_active: z.boolean().default(false),
  })
  .superRefine(checkStateInCountry);
export type LoadPointInput = z.input<typeof loadPointInputSchema>;

/** At least two points, numbered 1..n in their order, the first a pick-up and the last a delivery. */
export const loadPointsInputSchema = z
  .array(loadPointInputSchema, { error: M.tooFewPoints })
  .min(2, { error: M.tooFewPoints })
  .max(MAX_LOAD_POINTS, { error: S.tooManyPoints })
  .superRefine((points, ctx) => {
    points.forEach((point, index) => {
      if (point.order !== index + 1)
        ctx.addIssue({ code: 'custom', path: [index, 'order'], message: S.pointOrder });
    });
    if (points.length < 2) return;
    if (points[0]!.type !== 'pick_up') {
      ctx.addIssue({ code: 'custom', path: [0, 'type'], message: M.firstPointPickUp });
    }
    if (points[points.length - 1]!.type !== 'deliver_to') {
      ctx.addIssue({ code: 'custom', path: [points.length - 1, 'type'], message: M.lastPointDeliverTo });
    }
  });

// ---------------------------------------------------------------- create and edit

/** The load form's fields shared by create and the active-load update. */
const loadFormShape = {
  broker_name: requiredText(150),
  broker_phone: z
    .string({ error: M.fieldRequired })
    .trim()
    .min(1, { error: M.fieldRequired })
    .regex(US_PHONE_PATTERN, { error: M.phoneInvalid }),
  reply_email: z
    .string({ error: M.fieldRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: M.fieldRequired })
    .max(254, { error: M.emailInvalid })
    .regex(z.regexes.email, { error: M.emailInvalid }),
  rateconf_ref: optionalText(100),
  /** What the broker pays, as posted; '$1,200.50' or a number. */
  pays: optionalMoneyFieldSchema,
  weight: countField(MAX_WEIGHT),
  pieces: countField(MAX_PIECES),
  length: countField(MAX_DIMENSION),
  width: countField(MAX_DIMENSION),
  height: countField(MAX_DIMENSION),
  /** The vehicle type the load needs. */
  car: vehicleTypeSchema.nullish().transform((value) => value ?? null),
  note: optionalText(MAX_NOTE_LENGTH, M.noteTooLong),
  dock_level: z.boolean().default(false),
  /** Hazardous. */
  isDanger: z.boolean().default(false),
  /** A fast load. */
  isUrgent: z.boolean().default(false),
  /** Stackable. */
  isCanPutOnTop: z.boolean().default(false),
  equipment: equipmentSchema.default({}),
  pick_up_datetime: dateTimeField,
  delivery_datetime: dateTimeField,
  points: loadPointsInputSchema,
};

/**
 * The broker company of a new load as the load form sends it: its name (the spec's form), or its id (a
 * number, or { id, name } as a picker holds it). A name matches a broker of the company or adds one.
 * Given as the id (a number) or the name (text); '' and null mean none.
 */
export const brokerCompanyRefSchema = z
  .union([z.number(), z.string(), z.looseObject({ id: z.number() }), z.null()], {
    error: S.brokerCompanyInvalid,
  })
  .optional()
  .transform((value, ctx): number | string | null => {
    if (value === undefined || value === null) return null;
    const id = typeof value === 'object' ? value.id : value;
    if (typeof id === 'number') {
      if (Number.isInteger(id) && id > 0) return id;
      ctx.addIssue({ code: 'custom', message: S.idInvalid });
      return z.NEVER;
    }
    const name = id.trim().replace(/\s+/g, ' ');
    if (name.length > 200) {
      ctx.addIssue({ code: 'custom', message: maxCharacters(200) });
      return z.NEVER;
    }
    return name === '' ? null : name;
  });

/**
 * POST loads/create. The accounting broker company and prices may be set now or when the load is booked.
 * What the broker pays is the broker price unless one is given, so a new load does not read $0.00.
 */
export const loadCreateSchema = z
  .object({
    accounting_broker_company: optionalRefId(),
    broker_company: brokerCompanyRefSchema,
    ...loadFormShape,
    broker_price: moneyFieldSchema.optional(),
    driver_price: moneyFieldSchema.optional(),
    driver: optionalRefId(),
    /** The vehicle (unit) assigned. */
    car_id: optionalRefId(),
    /** The responsible dispatcher; the creator when not given. */
    dispatcher: optionalRefId(),
  })
  .transform((body) => ({ ...body, broker_price: body.broker_price ?? body.pays ?? undefined }));
export type LoadCreateInput = z.input<typeof loadCreateSchema>;
export type LoadCreate = z.output<typeof loadCreateSchema>;

export const loadCreateResponseSchema = z.object({ id: z.number().int() });
export type LoadCreateResponse = z.infer<typeof loadCreateResponseSchema>;

/**
 * PUT loads/active/{id}/edit: the form of an active load. It omits broker_company, sends the accounting
 * broker company as an id, and needs rateconf_ref. Prices, driver, vehicle and dispatcher change through
 * their own calls, which check the load's state and write their own history.
 */
export const loadActiveUpdateSchema = z.object({
  accounting_broker_company: refIdSchema(M.accountingBrokerRequired),
  ...loadFormShape,
  rateconf_ref: requiredText(100),
});
export type LoadActiveUpdateInput = z.input<typeof loadActiveUpdateSchema>;
export type LoadActiveUpdate = z.output<typeof loadActiveUpdateSchema>;

const fastCreatePlaceSchema = z.object(placeShape).superRefine(checkStateInCountry);

/**
 * POST loads/fast-create: a minimal load board posting. The rest defaults: no dimensions, one pick-up and
 * one delivery point made from the two places, the posted rate as pays.
 */
export const loadFastCreateSchema = z
  .object({
    pick_up: fastCreatePlaceSchema,
    deliver_to: fastCreatePlaceSchema,
    car: vehicleTypeSchema,
    broker_company: brokerCompanyRefSchema,
    broker_name: optionalText(150),
    pays: optionalMoneyFieldSchema,
  })
  .superRefine((body, ctx) => {
    if (Date.parse(body.deliver_to.date) < Date.parse(body.pick_up.date)) {
      ctx.addIssue({ code: 'custom', path: ['deliver_to', 'date'], message: M.deliveryBeforeFirstPoint });
    }
  });
export type LoadFastCreateInput = z.input<typeof loadFastCreateSchema>;
export type LoadFastCreate = z.output<typeof loadFastCreateSchema>;

// ---------------------------------------------------------------- actions

/** PUT loads/active/{id}/tonu. */
export const loadTonuSchema = z.object({ broker_price: moneyFieldSchema, driver_price: moneyFieldSchema });
export type LoadTonu = z.output<typeof loadTonuSchema>;

/** PUT loads/active/{id}/cancel. */
export const loadCancelSchema = z.object({ driver_price: moneyFieldSchema });
export type LoadCancel = z.output<typeof loadCancelSchema>;

/** PUT loads/active/{id}/change-price. */
export const loadChangePriceSchema = z.object({
  broker_price: moneyFieldSchema,
  driver_price: moneyFieldSchema,
});
export type LoadChangePrice = z.output<typeof loadChangePriceSchema>;

/** PUT loads/{id}/restore-as-copy: a new load like the canceled one, for this driver. */
export const loadRestoreAsCopySchema = z.object({ driver: refIdSchema() });
export type LoadRestoreAsCopy = z.output<typeof loadRestoreAsCopySchema>;

/** PUT loads/{id}/change-driver. */
export const loadChangeDriverSchema = z.object({ new_driver: refIdSchema() });
export type LoadChangeDriver = z.output<typeof loadChangeDriverSchema>;

/** PUT loads/{id}/change-responsible. */
export const loadChangeResponsibleSchema = z.object({ new_dispatcher: refIdSchema() });
export type LoadChangeResponsible = z.output<typeof loadChangeResponsibleSchema>;

/** PUT loads/{id}/edit-driver-info: the name and phone of the load's driver as the broker gets them. */
export const loadEditDriverInfoSchema = z.object({
  first_name: requiredText(150),
  last_name: requiredText(150),
  phone_number: z
    .string({ error: M.fieldRequired })
    .trim()
    .min(1, { error: M.fieldRequired })
    .regex(US_PHONE_PATTERN, { error: M.phoneInvalid }),
});
export type LoadEditDriverInfo = z.output<typeof loadEditDriverInfoSchema>;

/** PATCH loads/completed/{id}/edit: accounting corrections; only the fields sent change. */
export const completedLoadEditSchema = z
  .object({
    broker_price: moneyFieldSchema.optional(),
    driver_price: moneyFieldSchema.optional(),
    load_accounting_week: z.number().int().min(1).max(53).optional(),
    load_accounting_year: z.number().int().min(2000).max(2100).optional(),
    rateconf_ref: z
      .string()
      .trim()
      .max(100, { error: maxCharacters(100) })
      .nullable()
      .optional(),
    note: z.string().trim().max(MAX_NOTE_LENGTH, { error: M.noteTooLong }).nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: S.nothingToChange });
export type CompletedLoadEdit = z.output<typeof completedLoadEditSchema>;

// ---------------------------------------------------------------- e-mail notifications

/** When the broker gets the load's e-mail updates: every interval, or on each location or status change. */
export const EMAIL_NOTIFICATION_TYPE_IDS = ['interval', 'on_change'] as const;
export type EmailNotificationType = (typeof EMAIL_NOTIFICATION_TYPE_IDS)[number];

export const EMAIL_NOTIFICATION_TYPES: LookupEntry<EmailNotificationType>[] = [
  { id: 'interval', en: 'Every interval', ru: 'С интервалом' },
  { id: 'on_change', en: 'On each change', ru: 'При каждом изменении' },
];

/** Interval of the updates, in minutes. */
export const MIN_EMAIL_NOTIFICATION_INTERVAL = 15;
export const MAX_EMAIL_NOTIFICATION_INTERVAL = 1440;
export const MAX_LOCATION_UPDATE_EMAILS = 20;

const notificationEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: M.emailInvalid })
  .regex(z.regexes.email, { error: M.emailInvalid });

/**
 * PUT loads/active/{id}/email-notifications. An Active setting needs at least one e-mail, something to
 * report (location, load status or both) and, for the interval type, the interval.
 */
export const loadEmailNotificationsSchema = z
  .object({
    email_notifications_status: z.enum(EMAIL_NOTIFICATION_STATUS_IDS),
    email_notifications_interval: z
      .number()
      .int()
      .min(MIN_EMAIL_NOTIFICATION_INTERVAL, {
        error: `Must be at least ${MIN_EMAIL_NOTIFICATION_INTERVAL} minutes`,
      })
      .max(MAX_EMAIL_NOTIFICATION_INTERVAL, {
        error: `Must be at most ${MAX_EMAIL_NOTIFICATION_INTERVAL} minutes`,
      })
      .nullish()
      .transform((value) => value ?? null),
    email_notifications_location_flag: z.boolean().default(false),
    email_notifications_load_status_flag: z.boolean().default(false),
    email_notifications_type: z.enum(EMAIL_NOTIFICATION_TYPE_IDS).default('interval'),
    location_update_emails: z
      .array(notificationEmailSchema)
      .max(MAX_LOCATION_UPDATE_EMAILS, { error: `At most ${MAX_LOCATION_UPDATE_EMAILS} e-mails` })
      .default([])
      .transform((emails) => [...new Set(emails)]),
  })
  .superRefine((body, ctx) => {
    if (body.email_notifications_status !== 'Active') return;
    if (body.location_update_emails.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['location_update_emails'], message: S.emailRequired });
    }
    if (!body.email_notifications_location_flag && !body.email_notifications_load_status_flag) {
      ctx.addIssue({ code: 'custom', path: ['email_notifications_location_flag'], message: S.flagRequired });
    }
    if (body.email_notifications_type === 'interval' && body.email_notifications_interval === null) {
      ctx.addIssue({ code: 'custom', path: ['email_notifications_interval'], message: M.fieldRequired });
    }
  });
export type LoadEmailNotificationsInput = z.input<typeof loadEmailNotificationsSchema>;
export type LoadEmailNotifications = z.output<typeof loadEmailNotificationsSchema>;

// ---------------------------------------------------------------- files

export const loadFileTypeSchema = z.enum(LOAD_FILE_TYPE_IDS, { error: 'Choose the document type' });

/** The form fields sent with the file to PUT loads/active/{id}/upload-file (multipart). */
export const loadFileUploadFieldsSchema = z.object({ file_type: loadFileTypeSchema.default('other') });
export type LoadFileUploadFields = z.output<typeof loadFileUploadFieldsSchema>;

const personSchema = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });

export const loadFileSchema = z.object({
  id: z.number().int(),
  file_type: loadFileTypeSchema,
  name: z.string(),
  /** Bytes. */
  size: z.number().int().min(0),
  mime_type: z.string().nullable(),
  /** Where the browser downloads it (signed in). */
  url: z.string(),
  uploaded_by: personSchema.nullable(),
  created_date: isoDateTimeSchema,
});
export type LoadFile = z.infer<typeof loadFileSchema>;

// ---------------------------------------------------------------- lists

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A list date bound: an ISO date-time with offset, or a plain date 'YYYY-MM-DD' meaning that Eastern
 * calendar day (its start for a `_from` bound, its last millisecond for a `_to` bound). Given as an ISO
 * instant.
 */
const dateBound = (edge: 'from' | 'to') =>
  z
    .string()
    .trim()
    .refine(
      (text) =>
        DATE_ONLY.test(text)
          ? z.iso.date().safeParse(text).success
          : isoDateTimeSchema.safeParse(text).success,
      {
        error: S.dateInvalid,
      },
    )
    .transform((text) => {
      if (!DATE_ONLY.test(text)) return new Date(text).toISOString();
      const [year, month, day] = text.split('-').map(Number) as [number, number, number];
      if (edge === 'from') return wallTimeToInstant({ year, month, day, hour: 0, minute: 0 }).toISOString();
      const nextDay = new Date(Date.UTC(year, month - 1, day + 1));
      const start = wallTimeToInstant({
        year: nextDay.getUTCFullYear(),
        month: nextDay.getUTCMonth() + 1,
        day: nextDay.getUTCDate(),
        hour: 0,
        minute: 0,
      });
      return new Date(start.getTime() - 1).toISOString();
    })
    .optional();

/** GET loads/active, checkout, completed, canceled (and loads/drivers/history by driver). */
export const loadListQuerySchema = paginationQuerySchema
  .extend({
    /** Load id, accounting number, rateconf_ref, broker or city. */
    search: z
      .string()
      .trim()
      .max(100, { error: maxCharacters(100) })
      .optional()
      .transform((value) => value || undefined),
    dispatcher: idSchema.optional(),
    driver: idSchema.optional(),
    /** The vehicle (unit) id. */
    car: idSchema.optional(),
    /** The broker company id. */
    broker: idSchema.optional(),
    /** The team (working group) id. */
    wg: idSchema.optional(),
    /** The subgroup id. */
    sub_wg: idSchema.optional(),
    pick_up_from: dateBound('from'),
    pick_up_to: dateBound('to'),
    delivery_from: dateBound('from'),
    delivery_to: dateBound('to'),
    /** A pick-up or delivery point in this state or province. */
    state: regionCodeSchema.optional(),
  })
  .superRefine((query, ctx) => {
    for (const [from, to] of [
      ['pick_up_from', 'pick_up_to'],
      ['delivery_from', 'delivery_to'],
    ] as const) {
      const start = query[from];
      const end = query[to];
      if (start && end && end < start) ctx.addIssue({ code: 'custom', path: [to], message: S.rangeReversed });
    }
  });
export type LoadListQueryInput = z.input<typeof loadListQuerySchema>;
export type LoadListQuery = z.output<typeof loadListQuerySchema>;

/** GET loads/drivers/history?driver_id={id}: the driver's loads, newest first. */
export const driverLoadHistoryQuerySchema = paginationQuerySchema.extend({ driver_id: idSchema });
export type DriverLoadHistoryQuery = z.output<typeof driverLoadHistoryQuerySchema>;

// ---------------------------------------------------------------- the load as answered

export const loadPointSchema = z.object({
  id: z.number().int(),
  order: z.number().int().min(1),
  type: loadPointTypeSchema,
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string().nullable(),
  country: countrySchema,
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  date: isoDateTimeSchema.nullable(),
  is_active: z.boolean(),
});
export type LoadPoint = z.infer<typeof loadPointSchema>;

export const loadBrokerCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mc_number: z.string().nullable(),
  rating: z.literal(BROKER_RATING_IDS),
  in_blacklist: z.boolean(),
});
export type LoadBrokerCompany = z.infer<typeof loadBrokerCompanySchema>;

export const loadAccountingBrokerCompanySchema = z.object({ id: z.number().int(), name: z.string() });

export const loadDriverSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  phone_number: z.string().nullable(),
});
export type LoadDriver = z.infer<typeof loadDriverSchema>;

/** The vehicle (unit) on the load. */
export const loadCarSchema = z.object({
  id: z.number().int(),
  unit_id: z.string(),
  transport_type: vehicleTypeSchema,
});
export type LoadCar = z.infer<typeof loadCarSchema>;

export const loadDispatcherSchema = personSchema;
export type LoadDispatcher = z.infer<typeof loadDispatcherSchema>;

/** Dollars as a number with two decimals: 1200.5 is $1,200.50. */
const amountSchema = z.number();

/**
 * A load in the lists and on its page. The form's vehicle type `car` is answered as `vehicle_type`, as
 * `car` is the vehicle on the load; `car_id` of the create body is `car.id`.
 */
export const loadSchema = z.object({
  id: z.number().int(),
  status: z.literal(LOAD_STATUS_IDS),
  /** The status display name (English). */
  status_name: z.string(),
  accounting_status: z.number().int().nullable(),
  load_accounting_number: z.number().int().nullable(),
  /** Padded to 6 digits: '000042'. */
  load_accounting_number_display: z.string().nullable(),
  load_accounting_week: z.number().int().nullable(),
  load_accounting_year: z.number().int().nullable(),
  broker_company: loadBrokerCompanySchema.nullable(),
  accounting_broker_company: loadAccountingBrokerCompanySchema.nullable(),
  broker_name: z.string().nullable(),
  broker_phone: z.string().nullable(),
  reply_email: z.string().nullable(),
  rateconf_ref: z.string().nullable(),
  pays: amountSchema.nullable(),
  broker_price: amountSchema,
  driver_price: amountSchema,
  weight: z.number().int().nullable(),
  pieces: z.number().int().nullable(),
  length: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  vehicle_type: vehicleTypeSchema.nullable(),
  note: z.string().nullable(),
  dock_level: z.boolean(),
  isDanger: z.boolean(),
  isUrgent: z.boolean(),
  isCanPutOnTop: z.boolean(),
  equipment: equipmentSchema,
  pick_up_datetime: isoDateTimeSchema.nullable(),
  delivery_datetime: isoDateTimeSchema.nullable(),
  points: z.array(loadPointSchema),
  files: z.array(loadFileSchema),
  driver: loadDriverSchema.nullable(),
  car: loadCarSchema.nullable(),
  dispatcher: loadDispatcherSchema.nullable(),
  working_group: z.number().int().nullable(),
  subgroup: z.number().int().nullable(),
  miles: z.number().int().nullable(),
  /** Hours on the road at 50 mph. */
  transit_time: z.number().nullable(),
  email_notifications_status: z.enum(EMAIL_NOTIFICATION_STATUS_IDS),
  email_notifications_interval: z.number().int().nullable(),
  email_notifications_location_flag: z.boolean(),
  email_notifications_load_status_flag: z.boolean(),
  email_notifications_type: z.enum(EMAIL_NOTIFICATION_TYPE_IDS),
  location_update_emails: z.array(z.string()),
  created_date: isoDateTimeSchema,
  updated_date: isoDateTimeSchema,
});
export type Load = z.infer<typeof loadSchema>;

export const LOAD_HISTORY_ACTIONS = [
  'create',
  'edit',
  'status',
  'tonu',
  'cancel',
  'change_price',
  'restore',
  'restore_as_copy',
  'change_driver',
  'change_vehicle',
  'change_responsible',
  'upload_file',
  'delete_file',
  'email_notifications',
  'edit_driver_info',
  'edit_completed',
  /** A damage report (POST loads/{id}/damage-report): `after` is its description. */
  'damage_report',
] as const;
export type LoadHistoryAction = (typeof LOAD_HISTORY_ACTIONS)[number];

/** One change of a load: who, when, what field, the value before and after. */
export const loadHistoryEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(LOAD_HISTORY_ACTIONS),
  field: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  user: personSchema.nullable(),
  created_date: isoDateTimeSchema,
});
export type LoadHistoryEntry = z.infer<typeof loadHistoryEntrySchema>;

/**
 * GET loads/{list}/{id}/: the load with its history (oldest first) and the documents its next status
 * still needs (the required-documents hint).
 */
export const loadDetailSchema = loadSchema.extend({
  history: z.array(loadHistoryEntrySchema),
  missing_documents: z.array(loadFileTypeSchema),
});
export type LoadDetail = z.infer<typeof loadDetailSchema>;

export const loadListResponseSchema = listResponseSchema(loadSchema);
export type LoadListResponse = z.infer<typeof loadListResponseSchema>;
