import { z } from 'zod';
import { ID_MESSAGE, idSchema, isoDateTimeSchema } from '../common/ids';
import {
  BROKER_RATING_IDS,
  isRegionCode,
  LOAD_STATUS_IDS,
  VEHICLE_TYPE_IDS,
  type VehicleType,
} from '../common/lookups';
import { listResponseSchema } from '../common/pagination';
import { BROKERAGE_IDS } from '../brokers/brokers.rules';
import { countrySchema } from '../geo/geo.schema';
import { equipmentSchema, loadPointTypeSchema } from '../loads/loads.schema';
import { menuRoles } from '../shell/menu.rules';

// The API contract of the load board (GET loads/loadboard, POST loads/loadboard/seen), the board load every
// board event carries (update_loadboard, driver_bid) and the filter templates saved in filters_data_2.

/** Who sees the board and its events: the roles of its menu entry (3, 4, 5, 6). */
export const LOADBOARD_ROLES = menuRoles('loadboard');

/** The board's page size (shell spec: load board page size 100, page from 1). */
export const LOADBOARD_PAGE_LIMIT = 100;
export const LOADBOARD_MAX_PAGE_LIMIT = 500;
/** The most values a list-valued parameter takes. */
export const LOADBOARD_MAX_LIST = 100;
/** The deadhead `match` allows when max_miles_out is not given. */
export const DEFAULT_MAX_MILES_OUT = 150;
export const MAX_MILES_LIMIT = 10_000;
/** A company's board expiry: hours after the pick-up time a load not booked leaves the board. */
export const DEFAULT_BOARD_EXPIRY_HOURS = 24;
export const MAX_BOARD_EXPIRY_HOURS = 720;

export const LOADBOARD_MESSAGES = {
  pageInvalid: 'Must be a page number from 1',
  limitInvalid: `Must be a whole number from 1 to ${LOADBOARD_MAX_PAGE_LIMIT}`,
  idsInvalid: 'Must be ids separated by commas',
  statesInvalid: 'Must be US state or Canadian province codes separated by commas',
  vehicleTypesInvalid: `Must be vehicle types separated by commas: ${VEHICLE_TYPE_IDS.join(', ')}`,
  brokeragesInvalid: 'Must be M, S or M,S',
  milesInvalid: `Must be a whole number of miles from 1 to ${MAX_MILES_LIMIT}`,
  matchInvalid: 'Must be true or false',
  tooMany: `At most ${LOADBOARD_MAX_LIST} values`,
  carAndNotCar: 'Send car or not_car, not both',
  brokersAndNotBrokers: 'Send brokers or not_brokers, not both',
  templateNameRequired: 'Name the template',
  templateNameTaken: 'Another template has this name',
  templatesInvalid: 'Must be a JSON list of load board filter templates',
  tooManyTemplates: 'At most 50 filter templates',
} as const;

const M = LOADBOARD_MESSAGES;

// ---------------------------------------------------------------- the querystring

/** A query value sent once ('a,b') or repeated (a=..&a=..): the list of its comma-separated parts. */
function splitList(value: string | string[]): string[] {
  const texts = Array.isArray(value) ? value : [value];
  return texts
    .flatMap((text) => text.split(','))
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * A list-valued parameter: comma-separated (`car=VAN,REEFER`) or repeated (`car=VAN&car=REEFER`). A bad
 * part fails the whole parameter with one message naming it, so the 400 names `car`, not `car.1`.
 */
function commaList<Item>(parse: (part: string) => Item | undefined, message: string) {
  return z
    .union([z.string(), z.array(z.string())], { error: message })
    .transform((value, ctx): Item[] => {
      const parts = splitList(value);
      if (parts.length > LOADBOARD_MAX_LIST) {
        ctx.addIssue({ code: 'custom', message: M.tooMany });
        return z.NEVER;
      }
      const items: Item[] = [];
      for (const part of parts) {
        const item = parse(part);
        if (item === undefined) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        if (!items.includes(item)) items.push(item);
      }
      return items;
    })
    .optional();
}

function parseId(part: string): number | undefined {
  const parsed = idSchema.safeParse(part);
  return parsed.success ? parsed.data : undefined;
}

function parseState(part: string): string | undefined {
  const code = part.toUpperCase();
  return isRegionCode(code) ? code : undefined;
}

function parseVehicleType(part: string): VehicleType | undefined {
  const type = part.toUpperCase();
  return (VEHICLE_TYPE_IDS as readonly string[]).includes(type) ? (type as VehicleType) : undefined;
}

function parseBrokerage(part: string): (typeof BROKERAGE_IDS)[number] | undefined {
  const brokerage = part.toUpperCase();
  return (BROKERAGE_IDS as readonly string[]).includes(brokerage)
    ? (brokerage as (typeof BROKERAGE_IDS)[number])
    : undefined;
}

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .regex(/^[0-9]{1,6}$/, { error: message })
    .transform(Number)
    .pipe(z.number().min(min, { error: message }).max(max, { error: message }));

const milesParam = wholeNumber(1, MAX_MILES_LIMIT, M.milesInvalid).optional();

const booleanParam = z
  .enum(['true', 'false', '1', '0'], { error: M.matchInvalid })
  .transform((value) => value === 'true' || value === '1')
  .optional();

/**
 * GET loads/loadboard. Every parameter is optional; list-valued ones are comma-separated or repeated.
 *
 * - page (from 1), limit (default 100, at most 500): the page, newest posted first (by id).
 * - loads_id: only these load ids (a board refreshing the rows it shows).
 * - wg: team ids; a load is the team's when its working group is one of them or its dispatcher is a member.
 * - sub_wg: subgroup ids; the same with the load's subgroup and the subgroups' members.
 * - brokerage: M, S: the broker company's brokerage.
 * - pickUpAt_state, deliverTo_state: state or province codes; a pick-up (delivery) point in one of them.
 * - car / not_car: vehicle types the load asks for, to keep / to leave out (one of the two).
 * - max_miles: loaded miles at most this; loads without miles are left out.
 * - brokers / not_brokers: broker company ids to keep / to leave out (one of the two).
 * - max_miles_out: the deadhead `match` allows (default 150 miles); alone it changes nothing.
 * - match (true/false): only loads a vehicle of the load's type can take: Available (or On load when it may
 *   bid while on load), its planned location when it has one else its current one within max_miles_out of
 *   the first pick-up.
 */
export const loadboardQuerySchema = z
  .object({
    page: wholeNumber(1, 1_000_000, M.pageInvalid).default(1),
    limit: wholeNumber(1, LOADBOARD_MAX_PAGE_LIMIT, M.limitInvalid).default(LOADBOARD_PAGE_LIMIT),
    loads_id: commaList(parseId, M.idsInvalid),
    wg: commaList(parseId, M.idsInvalid),
    sub_wg: commaList(parseId, M.idsInvalid),
    brokerage: commaList(parseBrokerage, M.brokeragesInvalid),
    pickUpAt_state: commaList(parseState, M.statesInvalid),
    deliverTo_state: commaList(parseState, M.statesInvalid),
    car: commaList(parseVehicleType, M.vehicleTypesInvalid),
    not_car: commaList(parseVehicleType, M.vehicleTypesInvalid),
    max_miles: milesParam,
    brokers: commaList(parseId, M.idsInvalid),
    not_brokers: commaList(parseId, M.idsInvalid),
    max_miles_out: milesParam,
    match: booleanParam,
  })
  .superRefine((query, ctx) => {
    if (query.car?.length && query.not_car?.length)
      ctx.addIssue({ code: 'custom', path: ['not_car'], message: M.carAndNotCar });
    if (query.brokers?.length && query.not_brokers?.length)
      ctx.addIssue({ code: 'custom', path: ['not_brokers'], message: M.brokersAndNotBrokers });
  });
export type LoadboardQueryInput = z.input<typeof loadboardQuerySchema>;
export type LoadboardQuery = z.output<typeof loadboardQuerySchema>;

/** POST loads/loadboard/seen: mark these board loads seen for the caller. */
export const loadboardSeenSchema = z.object({
  ids: z.array(idSchema, { error: M.idsInvalid }).min(1, { error: M.idsInvalid }).max(LOADBOARD_PAGE_LIMIT, {
    error: M.tooMany,
  }),
});
export type LoadboardSeen = z.output<typeof loadboardSeenSchema>;
export const loadboardSeenResponseSchema = z.object({ ids: z.array(z.number().int()) });

// ---------------------------------------------------------------- the board load

/** How a load stands to the board: on it, booked off it, withdrawn (canceled) or expired. */
export const BOARD_STATUS_IDS = ['posted', 'booked', 'withdrawn', 'expired'] as const;
export type BoardStatus = (typeof BOARD_STATUS_IDS)[number];

export const boardPointSchema = z.object({
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
});
export type BoardPoint = z.infer<typeof boardPointSchema>;

/** A driver's or owner's bid waiting for the dispatcher (bid status 1). */
export const boardDriverBidSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['driver', 'owner']),
  vehicle_id: z.number().int().nullable(),
  unit_id: z.string().nullable(),
  driver_id: z.number().int().nullable(),
  driver_name: z.string().nullable(),
  /** Dollars. */
  price: z.number(),
  miles_out: z.number().int().nullable(),
  eta_at: isoDateTimeSchema.nullable(),
  created_at: isoDateTimeSchema,
});
export type BoardDriverBid = z.infer<typeof boardDriverBidSchema>;

/** A dispatcher's active bid (proposition) to the broker. */
export const boardDispatcherBidSchema = z.object({
  id: z.number().int(),
  dispatcher_id: z.number().int().nullable(),
  dispatcher_name: z.string().nullable(),
  vehicle_id: z.number().int().nullable(),
  unit_id: z.string().nullable(),
  /** Dollars offered to the broker. */
  price: z.number(),
  status: z.literal([1, 2, 3]),
  created_at: isoDateTimeSchema,
});
export type BoardDispatcherBid = z.infer<typeof boardDispatcherBidSchema>;

export const boardBrokerCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mc_number: z.string().nullable(),
  rating: z.literal(BROKER_RATING_IDS),
  in_blacklist: z.boolean(),
});

/** A load as the board shows it, in the list and in every board event. */
export const boardLoadSchema = z.object({
  id: z.number().int(),
  status: z.literal(LOAD_STATUS_IDS),
  /** 'posted' while on the board; any other value tells a client to drop the load from the board. */
  board_status: z.enum(BOARD_STATUS_IDS).nullable(),
  load_accounting_number: z.number().int().nullable(),
  /** In their order; the first pick-up is where `match` measures from. */
  points: z.array(boardPointSchema),
  pick_up_datetime: isoDateTimeSchema.nullable(),
  delivery_datetime: isoDateTimeSchema.nullable(),
  /** Driver and owner bids waiting for an answer, oldest first. */
  pending_driver_bids: z.array(boardDriverBidSchema),
  /** The active dispatcher bid with the lowest id (at most one), and how many there are. */
  dispatcher_bids: z.array(boardDispatcherBidSchema),
  dispatcher_bids_count: z.number().int().min(0),
  /** Whether the caller marked it seen. */
  already_saw: z.boolean(),
  broker_company_instance: boardBrokerCompanySchema.nullable(),
  is_blacklisted: z.boolean(),
  broker_name: z.string().nullable(),
  broker_phone: z.string().nullable(),
  reply_email: z.string().nullable(),
  posting_reference: z.string().nullable(),
  miles: z.number().int().nullable(),
  /**
   * Road miles from the nearest truck that could take the load (of its vehicle type, free to bid, from where
   * it will be free) to its first pick-up; null when there is none or the pick-up is not placed.
   */
  deadhead_miles: z.number().int().nullable(),
  vehicle_type: z.enum(VEHICLE_TYPE_IDS).nullable(),
  length: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  weight: z.number().int().nullable(),
  pieces: z.number().int().nullable(),
  equipment: equipmentSchema,
  dock_level: z.boolean(),
  is_danger: z.boolean(),
  note: z.string().nullable(),
  /** The posted rate in dollars. */
  pays: z.number().nullable(),
  /** pays / miles, two decimals; null without either. */
  rate_per_mile: z.number().nullable(),
  posted_at: isoDateTimeSchema.nullable(),
  /** Whole minutes since posted_at when answered (events: when published). */
  age_minutes: z.number().int().min(0).nullable(),
  working_group: z.number().int().nullable(),
  subgroup: z.number().int().nullable(),
  dispatcher_id: z.number().int().nullable(),
});
export type BoardLoad = z.infer<typeof boardLoadSchema>;

export const loadboardResponseSchema = listResponseSchema(boardLoadSchema);
export type LoadboardResponse = z.infer<typeof loadboardResponseSchema>;

// ---------------------------------------------------------------- filter templates (filters_data_2)

export const MAX_BOARD_TEMPLATES = 50;
export const MAX_TEMPLATE_NAME = 100;

const optionalMiles = z
  .number({ error: M.milesInvalid })
  .int({ error: M.milesInvalid })
  .min(1, { error: M.milesInvalid })
  .max(MAX_MILES_LIMIT, { error: M.milesInvalid })
  .nullish()
  .transform((value) => value ?? null);

const stateCode = z
  .string({ error: M.statesInvalid })
  .transform((text) => text.toUpperCase())
  .refine(isRegionCode, { error: M.statesInvalid });

/**
 * A named filter template (shell spec, "Loadboard filter template"), and the query it stands for:
 * pickupStates -> pickUpAt_state, deliveryStates -> deliverTo_state, vehicleTypes -> car (or not_car with
 * vehiclesExclude), miles -> max_miles, maxMiles -> max_miles_out, brokers -> brokers (or not_brokers with
 * brokersExclude), match -> match.
 */
export const boardTemplateSchema = z.object({
  name: z
    .string({ error: M.templateNameRequired })
    .trim()
    .min(1, { error: M.templateNameRequired })
    .max(MAX_TEMPLATE_NAME, { error: `At most ${MAX_TEMPLATE_NAME} characters` }),
  pickupStates: z.array(stateCode).max(LOADBOARD_MAX_LIST, { error: M.tooMany }).default([]),
  deliveryStates: z.array(stateCode).max(LOADBOARD_MAX_LIST, { error: M.tooMany }).default([]),
  vehicleTypes: z
    .array(z.enum(VEHICLE_TYPE_IDS, { error: M.vehicleTypesInvalid }))
    .max(LOADBOARD_MAX_LIST, { error: M.tooMany })
    .default([]),
  vehiclesExclude: z.boolean().default(false),
  miles: optionalMiles,
  maxMiles: optionalMiles,
  brokers: z
    .array(z.number({ error: ID_MESSAGE }).int({ error: ID_MESSAGE }).positive({ error: ID_MESSAGE }))
    .max(LOADBOARD_MAX_LIST, { error: M.tooMany })
    .default([]),
  brokersExclude: z.boolean().default(false),
  match: z.boolean().default(false),
});
export type BoardTemplateInput = z.input<typeof boardTemplateSchema>;
export type BoardTemplateValue = z.output<typeof boardTemplateSchema>;

/** The whole of filters_data_2: named templates with distinct names (case-insensitive). */
export const boardTemplatesSchema = z
  .array(boardTemplateSchema, { error: M.templatesInvalid })
  .max(MAX_BOARD_TEMPLATES, { error: M.tooManyTemplates })
  .superRefine((templates, ctx) => {
    const seen = new Set<string>();
    templates.forEach((template, index) => {
      const key = template.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [index, 'name'], message: M.templateNameTaken });
      seen.add(key);
    });
  });

/** filters_data_2 as stored and sent: JSON text of the template list; undefined when it is not valid. */
export function parseBoardTemplates(text: string): BoardTemplateValue[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = boardTemplatesSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
