import { z } from 'zod';
import { parseLoadNumber } from '../loads/load-number.rules';
import { idSchema, isoDateTimeSchema } from '../common/ids';
import {
  LOCATION_STATUS_IDS,
  lookupName,
  SELECTABLE_VEHICLE_STATUS_IDS,
  USER_STATUS_IDS,
  VEHICLE_STATUS_IDS,
  VEHICLE_STATUSES,
  type VehicleStatusId,
} from '../common/lookups';
import { listResponseSchema, paginationQuerySchema } from '../common/pagination';
import { countrySchema } from '../geo/geo.schema';
import { wallTimeToInstant } from '../common/time';
import {
  countFieldMessage,
  LOAD_FORM_MESSAGES,
  MAX_DIMENSION,
  MAX_WEIGHT,
  US_PHONE_PATTERN,
} from '../loads/load-form.rules';
import {
  checkStateInCountry,
  equipmentSchema,
  loadPointSchema,
  placeInputShape,
  regionCodeSchema,
  vehicleTypeSchema,
} from '../loads/loads.schema';
import {
  isEmptyInput as isEmpty,
  maxCharactersMessage as maxCharacters,
  optionalText,
  requiredText,
} from '../common/text-fields';
import { clampDistance } from '../loads/loads.rules';
import { EXPIRY_STATES } from './vehicle.rules';

// The API contract of the fleet (all under /backend/api/v2): vehicles (cars) with their current and planned
// locations and tracking, capacity search and the map, drivers and owners. Dimensions are inches and the
// payload pounds; dates without a time are 'YYYY-MM-DD'; times are ISO 8601 with offset.

export const UNITS_MESSAGES = {
  fieldRequired: LOAD_FORM_MESSAGES.fieldRequired,
  idInvalid: 'Must be an id',
  phoneInvalid: LOAD_FORM_MESSAGES.phoneInvalid,
  emailInvalid: LOAD_FORM_MESSAGES.emailInvalid,
  addressFromLookup: LOAD_FORM_MESSAGES.addressFromLookup,
  latitudeInvalid: 'Must be a latitude',
  longitudeInvalid: 'Must be a longitude',
  dateInvalid: 'Must be a date (YYYY-MM-DD)',
  dateTimeInvalid: 'Must be an ISO 8601 date-time with offset',
  dateOrDateTimeInvalid: 'Must be a date (YYYY-MM-DD) or an ISO 8601 date-time with offset',
  yearInvalid: 'Must be a year from 1950 to 2100',
  vinInvalid: 'VIN must be 17 letters and digits, without I, O or Q',
  vehicleStatusInvalid: 'Unknown vehicle status',
  statusNotSelectable: 'Choose Available or Not available',
  activeDriverNotInDrivers: 'The active driver must be one of the drivers of the vehicle',
  tooManyDrivers: 'A vehicle has at most 5 drivers',
  tooManyVehicles: 'At most 500 vehicles at once',
  noVehicles: 'Choose at least one vehicle',
  currentAddressRequired: 'A vehicle location needs a current address',
  plannedAddressRequired: 'Planned and both location types need a planned address',
  availableDateRequired: 'A planned location needs an available date',
  originRequired: 'Choose a place or a load',
  originAmbiguous: 'Choose either a place or a load, not both',
  loadNumberInvalid: "Must be a load's number, e.g. 000301",
  latLonTogether: 'Give both lat and lon',
  boundsTogether: 'Give all four bounds: min_lat, max_lat, min_lon and max_lon',
  booleanInvalid: "Must be 'true' or 'false'",
  nothingToChange: 'Nothing to change',
} as const;

const M = UNITS_MESSAGES;

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: M.emailInvalid })
  .refine((text) => text === '' || z.regexes.email.test(text), { error: M.emailInvalid })
  .nullish()
  .transform((value) => value || null);

const requiredPhone = z
  .string({ error: M.fieldRequired })
  .trim()
  .min(1, { error: M.fieldRequired })
  .regex(US_PHONE_PATTERN, { error: M.phoneInvalid });

/** A reference to another record in a JSON body, or null for none. */
const optionalRefId = () =>
  z
    .number({ error: M.idInvalid })
    .int({ error: M.idInvalid })
    .positive({ error: M.idInvalid })
    .nullish()
    .transform((value) => value ?? null);

const refIdList = (max: number, tooMany: string) =>
  z
    .array(z.number({ error: M.idInvalid }).int({ error: M.idInvalid }).positive({ error: M.idInvalid }))
    .max(max, { error: tooMany })
    .transform((ids) => [...new Set(ids)]);

/** A calendar date 'YYYY-MM-DD', or null ('' reads as none). */
const optionalDate = z
  .preprocess((value) => (value === '' ? null : value), z.iso.date({ error: M.dateInvalid }).nullish())
  .transform((value) => value ?? null);

const optionalRegion = z
  .preprocess((value) => (value === '' ? null : value), regionCodeSchema.nullish())
  .transform((value) => value ?? null);

/** A whole number 0..max as a number or digits; '' and null read as none. */
const optionalCount = (max: number) =>
  z
    .union([z.number(), z.string(), z.null()], { error: LOAD_FORM_MESSAGES.mustBeNumber })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value.toString().trim() === '') return null;
      const message = countFieldMessage(value, max);
      if (message) {
        ctx.addIssue({ code: 'custom', message: LOAD_FORM_MESSAGES[message] });
        return z.NEVER;
      }
      return Number(value);
    });

export const MIN_VEHICLE_YEAR = 1950;
export const MAX_VEHICLE_YEAR = 2100;

const optionalYear = z
  .union([z.number(), z.string(), z.null()], { error: M.yearInvalid })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value.toString().trim() === '') return null;
    const year = Number(value);
    if (!Number.isInteger(year) || year < MIN_VEHICLE_YEAR || year > MAX_VEHICLE_YEAR) {
      ctx.addIssue({ code: 'custom', message: M.yearInvalid });
      return z.NEVER;
    }
    return year;
  });

/** 17 characters; I, O and Q are never used in a VIN (they look like 1 and 0). */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

const optionalVin = z
  .string()
  .trim()
  .toUpperCase()
  .refine((text) => text === '' || VIN_PATTERN.test(text), { error: M.vinInvalid })
  .nullish()
  .transform((value) => value || null);

// ---------------------------------------------------------------- query helpers

/** A query flag: 'true' or 'false' ('1' and '0' too). */
export const booleanQuerySchema = z
  .enum(['true', 'false', '1', '0'], { error: M.booleanInvalid })
  .transform((value) => value === 'true' || value === '1');

/**
 * A query list: repeated keys (?status=1&status=2), commas (?status=1,2) or both. Empty parts are dropped,
 * duplicates removed; an empty list reads as no filter.
 */
function queryList<Item extends z.ZodType>(item: Item) {
  return z.preprocess((value) => {
    if (isEmpty(value)) return undefined;
    const parts = (Array.isArray(value) ? value : [value])
      .flatMap((part: unknown) => (typeof part === 'string' ? part.split(',') : [part]))
      .map((part: unknown) => (typeof part === 'string' ? part.trim() : part))
      .filter((part) => part !== '');
    return parts.length > 0 ? [...new Set(parts)] : undefined;
  }, z.array(item).optional());
}

/** An optional number in a query string; '' reads as missing (z.coerce would make it 0). */
const optionalQueryNumber = (schema: z.ZodNumber) =>
  z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().pipe(schema).optional());

const searchText = z
  .string()
  .trim()
  .max(100, { error: maxCharacters(100) })
  .optional()
  .transform((value) => value || undefined);

export const vehicleStatusIdSchema = z.literal(VEHICLE_STATUS_IDS, { error: M.vehicleStatusInvalid });
const vehicleStatusQuery = z.coerce.number({ error: M.vehicleStatusInvalid }).pipe(vehicleStatusIdSchema);

/** The statuses a user sets: Available and Not available. The others follow loads and bids. */
export const selectableVehicleStatusSchema = z.literal(SELECTABLE_VEHICLE_STATUS_IDS, {
  error: M.statusNotSelectable,
});

export const locationStatusSchema = z.literal(LOCATION_STATUS_IDS, {
  error: 'Location type must be 1 current, 2 planned or 3 both',
});

// ---------------------------------------------------------------- vehicles as answered

const personSchema = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });

export const vehicleStatusSchema = z.object({ id: vehicleStatusIdSchema, name: z.string() });
export type VehicleStatus = z.infer<typeof vehicleStatusSchema>;

/** A vehicle status as the API answers it, in vehicles and in `car_status_change`: its id and English name. */
export function vehicleStatusOf(id: VehicleStatusId): VehicleStatus {
  return { id, name: lookupName(VEHICLE_STATUSES, id) };
}

/** A driver of the vehicle; phone_number is null when the viewer may not see phone numbers. */
export const vehicleDriverSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  phone_number: z.string().nullable(),
});
export type VehicleDriver = z.infer<typeof vehicleDriverSchema>;

export const vehicleOwnerSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  company_name: z.string().nullable(),
});
export type VehicleOwner = z.infer<typeof vehicleOwnerSchema>;

const placeResponseShape = {
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string().nullable(),
  country: countrySchema,
  lat: z.number(),
  lon: z.number(),
};

/** Who changed a location and when. */
const changeStampShape = {
  updated_by: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  last_update_time: isoDateTimeSchema.nullable(),
};

/** Where the vehicle is now. */
export const vehicleLocationSchema = z.object({ ...placeResponseShape, ...changeStampShape });
export type VehicleLocation = z.infer<typeof vehicleLocationSchema>;

/** Where the vehicle will be free, and from when. */
export const vehicleFutureLocationSchema = z.object({
  ...placeResponseShape,
  available_date: isoDateTimeSchema,
  ...changeStampShape,
});
export type VehicleFutureLocation = z.infer<typeof vehicleFutureLocationSchema>;

export const expiryStateSchema = z.enum(EXPIRY_STATES);

/**
 * A vehicle (unit). `location` and `future_location` are null when not set. The expiry states flag a
 * licence or insurance that has expired or expires within 30 days (Eastern calendar days).
 */
export const vehicleSchema = z.object({
  id: z.number().int(),
  unit_id: z.string(),
  transport_type: vehicleTypeSchema,
  status: vehicleStatusSchema,
  model: z.string().nullable(),
  year: z.number().int().nullable(),
  /** Inches. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  length: z.number().int().nullable(),
  /** Pounds. */
  payload: z.number().int().nullable(),
  vin: z.string().nullable(),
  license_plate: z.string().nullable(),
  license_state: z.string().nullable(),
  license_expiry: z.iso.date().nullable(),
  insurance_expiry: z.iso.date().nullable(),
  license_expiry_state: expiryStateSchema,
  insurance_expiry_state: expiryStateSchema,
  equipment: equipmentSchema,
  dispatcher: personSchema.nullable(),
  owner: vehicleOwnerSchema.nullable(),
  drivers: z.array(vehicleDriverSchema),
  active_driver: vehicleDriverSchema.nullable(),
  working_group: z.number().int().nullable(),
  location: vehicleLocationSchema.nullable(),
  future_location: vehicleFutureLocationSchema.nullable(),
  location_status: locationStatusSchema,
  is_tracking_active: z.boolean(),
  /** With tracking off: the end of the pause, or null when switched off until switched on. */
  inactive_tracking_until: isoDateTimeSchema.nullable(),
  can_bid_while_on_load: z.boolean(),
  /** The driver sees loads for this vehicle on the load board. */
  loads_allowed_for_driver: z.boolean(),
  /** The owner sees loads for this vehicle on the load board. */
  loads_allowed_for_owner: z.boolean(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

export const vehicleListResponseSchema = listResponseSchema(vehicleSchema);
export type VehicleListResponse = z.infer<typeof vehicleListResponseSchema>;

/** GET statuses/cars: the vehicle statuses with their English names. */
export const vehicleStatusesResponseSchema = z.array(vehicleStatusSchema);

/** GET cars/active-driver/{id}/: the vehicle's active driver, or null. */
export const activeDriverResponseSchema = z.object({
  vehicle_id: z.number().int(),
  active_driver: vehicleDriverSchema.nullable(),
});
export type ActiveDriverResponse = z.infer<typeof activeDriverResponseSchema>;

// ---------------------------------------------------------------- vehicle list

/** GET cars/all. `search` matches unit ID, VIN, license plate, driver and owner names. */
export const vehicleListQuerySchema = paginationQuerySchema.extend({
  status: queryList(vehicleStatusQuery),
  transport_type: queryList(vehicleTypeSchema),
  dispatcher: idSchema.optional(),
  owner: idSchema.optional(),
  driver: idSchema.optional(),
  /** The team (working group). */
  wg: idSchema.optional(),
  /** The subgroup: vehicles whose dispatcher is in it. */
  sub_wg: idSchema.optional(),
  /** The state or province of the current location. */
  state: regionCodeSchema.optional(),
  search: searchText,
});
export type VehicleListQueryInput = z.input<typeof vehicleListQuerySchema>;
export type VehicleListQuery = z.output<typeof vehicleListQuerySchema>;

// ---------------------------------------------------------------- vehicle changes

export const MAX_VEHICLE_DRIVERS = 5;

/**
 * PUT cars/{id}/update: every detail of the vehicle; a field left out or empty is cleared. The team follows
 * the dispatcher's team.
 */
export const vehicleUpdateSchema = z
  .object({
    unit_id: requiredText(20),
    transport_type: vehicleTypeSchema,
    model: optionalText(60),
    year: optionalYear,
    width: optionalCount(MAX_DIMENSION),
    height: optionalCount(MAX_DIMENSION),
    length: optionalCount(MAX_DIMENSION),
    payload: optionalCount(MAX_WEIGHT),
    vin: optionalVin,
    license_plate: z
      .string()
      .trim()
      .toUpperCase()
      .max(15, { error: maxCharacters(15) })
      .nullish()
      .transform((value) => value || null),
    license_state: optionalRegion,
    license_expiry: optionalDate,
    insurance_expiry: optionalDate,
    equipment: equipmentSchema.default({}),
    dispatcher: optionalRefId(),
    owner: optionalRefId(),
    drivers: refIdList(MAX_VEHICLE_DRIVERS, M.tooManyDrivers).default([]),
    active_driver: optionalRefId(),
  })
  .superRefine((body, ctx) => {
    if (body.active_driver !== null && !body.drivers.includes(body.active_driver)) {
      ctx.addIssue({ code: 'custom', path: ['active_driver'], message: M.activeDriverNotInDrivers });
    }
  });
export type VehicleUpdateInput = z.input<typeof vehicleUpdateSchema>;
export type VehicleUpdate = z.output<typeof vehicleUpdateSchema>;

/** PUT cars/{id}/update-status. */
export const vehicleStatusUpdateSchema = z.object({ status: selectableVehicleStatusSchema });
export type VehicleStatusUpdate = z.output<typeof vehicleStatusUpdateSchema>;

export const MAX_BULK_VEHICLES = 500;

/** PUT cars/update-status: several vehicles to one status, all or none. */
export const vehicleBulkStatusUpdateSchema = z.object({
  ids: z
    .array(z.number({ error: M.idInvalid }).int({ error: M.idInvalid }).positive({ error: M.idInvalid }), {
      error: M.noVehicles,
    })
    .min(1, { error: M.noVehicles })
    .max(MAX_BULK_VEHICLES, { error: M.tooManyVehicles })
    .transform((ids) => [...new Set(ids)]),
  status: selectableVehicleStatusSchema,
});
export type VehicleBulkStatusUpdate = z.output<typeof vehicleBulkStatusUpdateSchema>;

/**
 * PUT cars/{id}/tracking: switch on (`is_tracking_active` true; the pause end is ignored and cleared), off
 * (false with no end), or pause until a date-time (false with the end). That the end is in the future is
 * checked against the clock: trackingPauseError in vehicle.rules.
 */
export const vehicleTrackingUpdateSchema = z
  .object({
    is_tracking_active: z.boolean({ error: M.fieldRequired }),
    inactive_tracking_until: z
      .preprocess(
        (value) => (value === '' ? null : value),
        z.iso.datetime({ offset: true, error: M.dateTimeInvalid }).nullish(),
      )
      .transform((value) => value ?? null),
  })
  .transform((body) => ({
    is_tracking_active: body.is_tracking_active,
    inactive_tracking_until: body.is_tracking_active ? null : body.inactive_tracking_until,
  }));
export type VehicleTrackingUpdateInput = z.input<typeof vehicleTrackingUpdateSchema>;
export type VehicleTrackingUpdate = z.output<typeof vehicleTrackingUpdateSchema>;

/** PUT cars/{id}/update-can-bid-while-on-load. */
export const vehicleCanBidWhileOnLoadSchema = z.object({
  can_bid_while_on_load: z.boolean({ error: M.fieldRequired }),
});
export type VehicleCanBidWhileOnLoad = z.output<typeof vehicleCanBidWhileOnLoadSchema>;

/**
 * PUT /backend/api/cars/{id}/ (the older call): allow or forbid loads for the vehicle's driver or owner;
 * only the flags sent change.
 */
export const vehicleLoadsAllowedUpdateSchema = z
  .object({
    loads_allowed_for_driver: z.boolean().optional(),
    loads_allowed_for_owner: z.boolean().optional(),
  })
  .refine(
    (body) => body.loads_allowed_for_driver !== undefined || body.loads_allowed_for_owner !== undefined,
    { error: M.nothingToChange },
  );
export type VehicleLoadsAllowedUpdate = z.output<typeof vehicleLoadsAllowedUpdateSchema>;

// ---------------------------------------------------------------- location dialog

/** A place chosen from the address lookup, with its coordinates. */
export const locationPlaceInputSchema = z
  .object(placeInputShape, {
    error: (issue) => (isEmpty(issue.input) ? M.currentAddressRequired : undefined),
  })
  .superRefine(checkStateInCountry);
export type LocationPlaceInput = z.input<typeof locationPlaceInputSchema>;
export type LocationPlace = z.output<typeof locationPlaceInputSchema>;

/** The planned place and the full date-time the vehicle is free there. */
export const futureLocationInputSchema = z
  .object({
    ...placeInputShape,
    available_date: z
      .string({ error: M.availableDateRequired })
      .nullable()
      .pipe(
        z.iso.datetime({
          offset: true,
          error: (issue) => (isEmpty(issue.input) ? M.availableDateRequired : M.dateTimeInvalid),
        }),
      ),
  })
  .superRefine(checkStateInCountry);
export type FutureLocationInput = z.input<typeof futureLocationInputSchema>;
export type FutureLocation = z.output<typeof futureLocationInputSchema>;

/**
 * PUT cars/{id}/update-location: what the location dialog saves. `future_location` null clears the planned
 * location. `status` is sent only when the user picked another one (Available or Not available); a vehicle
 * On load keeps its status. The rules that depend on the vehicle (On load, who may change the type) are in
 * location-dialog.rules (validateLocationUpdate).
 */
export const locationUpdateSchema = z
  .object({
    location: locationPlaceInputSchema,
    future_location: futureLocationInputSchema.nullish().transform((value) => value ?? null),
    location_status: locationStatusSchema,
    status: selectableVehicleStatusSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.location_status !== 1 && body.future_location === null) {
      ctx.addIssue({ code: 'custom', path: ['future_location'], message: M.plannedAddressRequired });
    }
  });
export type LocationUpdateInput = z.input<typeof locationUpdateSchema>;
export type LocationUpdate = z.output<typeof locationUpdateSchema>;

// ---------------------------------------------------------------- realtime events

/** `car_status_change`: a status set by hand, or a vehicle that followed its load (On load, Available). */
export const carStatusChangeEventSchema = z.object({ id: z.number().int(), status: vehicleStatusSchema });
export type CarStatusChangeEvent = z.infer<typeof carStatusChangeEventSchema>;

/** The data of `car_status_change`, whoever publishes it. */
export function carStatusChange(id: number, status: VehicleStatusId): CarStatusChangeEvent {
  return { id, status: vehicleStatusOf(status) };
}
/** `location_change` */
export const locationChangeEventSchema = z.object({
  id: z.number().int(),
  location: vehicleLocationSchema.nullable(),
});
/** `future_location_change` */
export const futureLocationChangeEventSchema = z.object({
  id: z.number().int(),
  future_location: vehicleFutureLocationSchema.nullable(),
});
/** `location_status_change` */
export const locationStatusChangeEventSchema = z.object({
  id: z.number().int(),
  location_status: locationStatusSchema,
});

// ---------------------------------------------------------------- capacity search

export const DEFAULT_CAPACITY_RADIUS_MILES = 150;
export const DEFAULT_CAPACITY_LIMIT = 20;
/** The capacity map asks for this many: every truck within the radius a dispatcher may want to see. */
export const MAX_CAPACITY_LIMIT = 500;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * "Available by": an ISO date-time with offset, or a date 'YYYY-MM-DD' meaning the end of that Eastern
 * day. Given as an ISO instant.
 */
const availableBySchema = z
  .string()
  .trim()
  .refine(
    (text) =>
      DATE_ONLY.test(text) ? z.iso.date().safeParse(text).success : isoDateTimeSchema.safeParse(text).success,
    { error: M.dateOrDateTimeInvalid },
  )
  .transform((text) => {
    if (!DATE_ONLY.test(text)) return new Date(text).toISOString();
    const [year, month, day] = text.split('-').map(Number) as [number, number, number];
    const nextDay = new Date(Date.UTC(year, month - 1, day + 1));
    const nextDayStart = wallTimeToInstant({
      year: nextDay.getUTCFullYear(),
      month: nextDay.getUTCMonth() + 1,
      day: nextDay.getUTCDate(),
      hour: 0,
      minute: 0,
    });
    return new Date(nextDayStart.getTime() - 1).toISOString();
  })
  .optional();

/** Search radius in miles, held to the product's distance range 1..300. */
const radiusSchema = z.preprocess(
  (value) => (isEmpty(value) ? undefined : value),
  z.coerce
    .number({ error: 'Must be a number of miles' })
    .default(DEFAULT_CAPACITY_RADIUS_MILES)
    .transform(clampDistance),
);

const capacityFilterShape = {
  radius: radiusSchema,
  transport_type: queryList(vehicleTypeSchema),
  /** All statuses when not given. */
  status: queryList(vehicleStatusQuery),
  /**
   * A planned location counts when the vehicle is free there by this time; now when not given (for a load:
   * its pick-up time).
   */
  available_date: availableBySchema,
  limit: z.coerce.number().int().min(1).max(MAX_CAPACITY_LIMIT).default(DEFAULT_CAPACITY_LIMIT),
};

/**
 * GET cars/capacity-search: vehicles closest to a place, by deadhead miles. The place is lat and lon (an
 * address from the lookup, whose text may come as `address` to label it), an address alone (looked up by
 * the server), or a load (its pick-up).
 */
export const capacitySearchQuerySchema = z
  .object({
    lat: optionalQueryNumber(z.number().min(-90, M.latitudeInvalid).max(90, M.latitudeInvalid)),
    lon: optionalQueryNumber(z.number().min(-180, M.longitudeInvalid).max(180, M.longitudeInvalid)),
    address: z
      .string()
      .trim()
      .max(300, { error: maxCharacters(300) })
      .optional()
      .transform((value) => value || undefined),
    load_id: idSchema.optional(),
    /** The number users see ('000301' or '301', domain parseLoadNumber); the id only when no load has it. */
    load_number: z
      .string()
      .trim()
      .refine((text) => parseLoadNumber(text) !== null, { error: M.loadNumberInvalid })
      .optional(),
    ...capacityFilterShape,
  })
  .superRefine((query, ctx) => {
    const hasLat = query.lat !== undefined;
    const hasLon = query.lon !== undefined;
    if (hasLat !== hasLon) {
      ctx.addIssue({ code: 'custom', path: [hasLat ? 'lon' : 'lat'], message: M.latLonTogether });
      return;
    }
    const hasPlace = hasLat || query.address !== undefined;
    const loadField = query.load_number !== undefined ? 'load_number' : 'load_id';
    const loads = [query.load_id, query.load_number].filter((value) => value !== undefined).length;
    if ((hasPlace && loads > 0) || loads > 1) {
      ctx.addIssue({ code: 'custom', path: [loadField], message: M.originAmbiguous });
    } else if (!hasPlace && loads === 0) {
      ctx.addIssue({ code: 'custom', path: ['lat'], message: M.originRequired });
    }
  });
export type CapacitySearchQueryInput = z.input<typeof capacitySearchQuerySchema>;
export type CapacitySearchQuery = z.output<typeof capacitySearchQuerySchema>;

/** GET loads/{id}/closest-cars: the capacity search from the load's pick-up. */
export const closestCarsQuerySchema = z.object(capacityFilterShape);
export type ClosestCarsQuery = z.output<typeof closestCarsQuerySchema>;

/** A vehicle found by the capacity search: deadhead miles to the place and arrival at 50 mph. */
export const capacitySearchResultSchema = vehicleSchema.extend({
  deadhead_miles: z.number().int().min(0),
  eta: isoDateTimeSchema,
  /** The distance is from the planned location (free there by the search's available date). */
  uses_planned_location: z.boolean(),
});
export type CapacitySearchResult = z.infer<typeof capacitySearchResultSchema>;

export const capacitySearchResponseSchema = z.object({
  origin: z.object({ lat: z.number(), lon: z.number(), address: z.string().nullable() }),
  /** The load searched from, by both its numbers, so that a client can say which load it found. */
  load: z.object({ id: z.number().int(), load_accounting_number: z.number().int().nullable() }).optional(),
  available_date: isoDateTimeSchema,
  radius: z.number(),
  /**
   * How many vehicles are answered (at most `limit`): the search stops at the closest `limit`, it does not
   * count every vehicle within the radius.
   */
  count: z.number().int().min(0),
  results: z.array(capacitySearchResultSchema),
});
export type CapacitySearchResponse = z.infer<typeof capacitySearchResponseSchema>;

// ---------------------------------------------------------------- map

/** GET cars/imap: positions for the map, optionally inside a box (all four bounds or none). */
export const vehicleMapQuerySchema = z
  .object({
    status: queryList(vehicleStatusQuery),
    transport_type: queryList(vehicleTypeSchema),
    dispatcher: idSchema.optional(),
    owner: idSchema.optional(),
    wg: idSchema.optional(),
    sub_wg: idSchema.optional(),
    min_lat: optionalQueryNumber(z.number().min(-90, M.latitudeInvalid).max(90, M.latitudeInvalid)),
    max_lat: optionalQueryNumber(z.number().min(-90, M.latitudeInvalid).max(90, M.latitudeInvalid)),
    min_lon: optionalQueryNumber(z.number().min(-180, M.longitudeInvalid).max(180, M.longitudeInvalid)),
    max_lon: optionalQueryNumber(z.number().min(-180, M.longitudeInvalid).max(180, M.longitudeInvalid)),
  })
  .superRefine((query, ctx) => {
    const bounds = [query.min_lat, query.max_lat, query.min_lon, query.max_lon];
    const given = bounds.filter((bound) => bound !== undefined).length;
    if (given !== 0 && given !== 4)
      ctx.addIssue({ code: 'custom', path: ['min_lat'], message: M.boundsTogether });
  });
export type VehicleMapQuery = z.output<typeof vehicleMapQuerySchema>;

/**
 * The next point of the load a vehicle is on: the delivery map draws the route to it and names the place as
 * a load's points do (the street line, then city, state and ZIP).
 */
export const nextPointSchema = loadPointSchema.pick({
  type: true,
  address: true,
  city: true,
  state: true,
  zip_code: true,
  country: true,
  lat: true,
  lon: true,
  date: true,
});
export type NextPoint = z.infer<typeof nextPointSchema>;

/** A vehicle on the map, at its current location. */
export const vehicleMapItemSchema = z.object({
  id: z.number().int(),
  unit_id: z.string(),
  transport_type: vehicleTypeSchema,
  status: vehicleStatusSchema,
  lat: z.number(),
  lon: z.number(),
  address: z.string(),
  last_update_time: isoDateTimeSchema.nullable(),
  location_status: locationStatusSchema,
  future_location: z
    .object({ lat: z.number(), lon: z.number(), address: z.string(), available_date: isoDateTimeSchema })
    .nullable(),
  active_driver: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  /** The active load the vehicle is on, with its next point. */
  load: z
    .object({ id: z.number().int(), status: z.number().int(), next_point: nextPointSchema.nullable() })
    .nullable(),
});
export type VehicleMapItem = z.infer<typeof vehicleMapItemSchema>;

export const vehicleMapResponseSchema = listResponseSchema(vehicleMapItemSchema);
export type VehicleMapResponse = z.infer<typeof vehicleMapResponseSchema>;

// ---------------------------------------------------------------- drivers

export const userStatusSchema = z.enum(USER_STATUS_IDS);

/** GET users/drivers. `search` matches name, phone and e-mail. */
export const driverListQuerySchema = paginationQuerySchema.extend({
  search: searchText,
  owner: idSchema.optional(),
  /** The vehicle the driver drives. */
  car: idSchema.optional(),
  status: userStatusSchema.optional(),
  is_active: booleanQuerySchema.optional(),
  /**
   * Ours, beside the spec's filters: true leaves fired drivers out, for the pickers that put a driver on a
   * load or a vehicle (a fired driver is given no work); list filters find fired drivers too.
   */
  exclude_fired: booleanQuerySchema.optional(),
});
export type DriverListQuery = z.output<typeof driverListQuerySchema>;

/** A driver; phone_number is null when the viewer may not see phone numbers (canViewPhoneNumber). */
export const driverSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
  status: userStatusSchema,
  /** The driver sees loads on the load board (off: neither the driver nor the owner sees them). */
  is_active: z.boolean(),
  /** The owner sees loads for this driver. */
  is_active_for_owner: z.boolean(),
  owner: vehicleOwnerSchema.nullable(),
  /** The vehicle the driver drives. */
  car: z.object({ id: z.number().int(), unit_id: z.string() }).nullable(),
  license_number: z.string().nullable(),
  license_state: z.string().nullable(),
  license_expiry: z.iso.date().nullable(),
  license_expiry_state: expiryStateSchema,
  created_date: isoDateTimeSchema,
});
export type Driver = z.infer<typeof driverSchema>;

export const driverListResponseSchema = listResponseSchema(driverSchema);
export type DriverListResponse = z.infer<typeof driverListResponseSchema>;

/** POST hr/add-driver (HR and managers). */
export const addDriverSchema = z.object({
  first_name: requiredText(150),
  last_name: requiredText(150),
  phone_number: requiredPhone,
  email: optionalEmail,
  owner: optionalRefId(),
  /** Adds the driver to this vehicle's drivers. */
  car: optionalRefId(),
  license_number: optionalText(30),
  license_state: optionalRegion,
  license_expiry: optionalDate,
});
export type AddDriverInput = z.input<typeof addDriverSchema>;
export type AddDriver = z.output<typeof addDriverSchema>;

/** PUT users/{id}/update-driver-is-active/ */
export const driverIsActiveSchema = z.object({ is_active: z.boolean({ error: M.fieldRequired }) });
export type DriverIsActive = z.output<typeof driverIsActiveSchema>;

/** PUT users/{id}/update-driver-is-active-for-owner/ */
export const driverIsActiveForOwnerSchema = z.object({
  is_active_for_owner: z.boolean({ error: M.fieldRequired }),
});
export type DriverIsActiveForOwner = z.output<typeof driverIsActiveForOwnerSchema>;

// ---------------------------------------------------------------- owners

/** GET users/owners. `search` matches name, company name, phone and e-mail. */
export const ownerListQuerySchema = paginationQuerySchema.extend({
  search: searchText,
  company_name: searchText,
  is_active: booleanQuerySchema.optional(),
});
export type OwnerListQuery = z.output<typeof ownerListQuerySchema>;

/** A vehicle owner; phone_number is null when the viewer may not see phone numbers. */
export const ownerSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  company_name: z.string().nullable(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
  /** The owner sees what the drivers of the owner's vehicles are paid. */
  is_wage_visible: z.boolean(),
  is_active: z.boolean(),
  drivers_count: z.number().int().min(0),
  vehicles_count: z.number().int().min(0),
  created_date: isoDateTimeSchema,
});
export type Owner = z.infer<typeof ownerSchema>;

export const ownerListResponseSchema = listResponseSchema(ownerSchema);
export type OwnerListResponse = z.infer<typeof ownerListResponseSchema>;

const ownerFields = {
  first_name: requiredText(150),
  last_name: requiredText(150),
  company_name: optionalText(150),
  phone_number: requiredPhone,
  email: optionalEmail,
  is_wage_visible: z.boolean(),
  is_active: z.boolean(),
};

/** POST users/owners/create */
export const ownerCreateSchema = z.object({
  ...ownerFields,
  is_wage_visible: ownerFields.is_wage_visible.default(false),
  is_active: ownerFields.is_active.default(true),
});
export type OwnerCreateInput = z.input<typeof ownerCreateSchema>;
export type OwnerCreate = z.output<typeof ownerCreateSchema>;

/** PUT users/owners/{id}/update: only the fields sent change (the wage visibility switch sends one). */
export const ownerUpdateSchema = z
  .object(ownerFields)
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: M.nothingToChange });
export type OwnerUpdateInput = z.input<typeof ownerUpdateSchema>;
export type OwnerUpdate = z.output<typeof ownerUpdateSchema>;

/** GET users/owner-companies?name: the owners' company names starting with the text, for a picker. */
export const ownerCompaniesQuerySchema = z.object({
  name: searchText,
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type OwnerCompaniesQuery = z.output<typeof ownerCompaniesQuerySchema>;

export const ownerCompaniesResponseSchema = z.object({
  results: z.array(z.object({ company_name: z.string(), owners_count: z.number().int().min(0) })),
});
export type OwnerCompaniesResponse = z.infer<typeof ownerCompaniesResponseSchema>;

// ---------------------------------------------------------------- contacts

export const CONTACT_ENTITIES = ['driver', 'owner'] as const;
export type ContactEntity = (typeof CONTACT_ENTITIES)[number];

/** GET users/search/drivers?entity: drivers (or owners) to contact, by name, unit ID or phone. */
export const contactSearchQuerySchema = z.object({
  entity: z.enum(CONTACT_ENTITIES, { error: "Must be 'driver' or 'owner'" }).default('driver'),
  search: searchText,
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type ContactSearchQuery = z.output<typeof contactSearchQuerySchema>;

/** A person to call, text or chat with; the chats are null until they exist. */
export const contactSchema = z.object({
  id: z.number().int(),
  entity: z.enum(CONTACT_ENTITIES),
  full_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string().nullable(),
  unit_id: z.string().nullable(),
  company_name: z.string().nullable(),
  avatar: z.string().nullable(),
  driver_chat: z.number().int().nullable(),
  personal_sms_chat: z.number().int().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactSearchResponseSchema = z.object({ results: z.array(contactSchema) });
export type ContactSearchResponse = z.infer<typeof contactSearchResponseSchema>;
