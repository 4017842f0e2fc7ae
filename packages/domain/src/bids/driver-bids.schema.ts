import { z } from 'zod';
import { emailSchema, newPasswordSchema } from '../auth/auth.schema';
import { idSchema, isoDateTimeSchema } from '../common/ids';
import { listResponseSchema, paginationQuerySchema } from '../common/pagination';
import { maxCharactersMessage } from '../common/text-fields';
import { loadPointSchema, moneyFieldSchema, vehicleTypeSchema } from '../loads/loads.schema';
import { DRIVER_BID_MESSAGES as M } from './driver-bids.rules';

// The API contract of driver and owner bids (all under /backend/api/v2): the dispatcher's forward of a
// board load to vehicles, the driver page's loads and bids, the dispatchers' reject and history, and the
// invitations that give drivers and owners their sign-in. Money comes in as a number or text ('$1,200.50')
// and goes out as dollars; times go out as ISO 8601 with offset (the pages show them in Eastern time).

export const DRIVER_BID_KINDS = ['driver', 'owner'] as const;
export type DriverBidKind = (typeof DRIVER_BID_KINDS)[number];
export const DRIVER_BID_STATES = ['pending', 'won', 'lost', 'rejected'] as const;

/** The longest ETA a driver may give: a week, in minutes. */
export const MAX_DRIVER_BID_ETA_MINUTES = 7 * 24 * 60;
export const MAX_REJECT_REASON_LENGTH = 500;
/** At most this many vehicles in one forward. */
export const MAX_FORWARD_VEHICLES = 100;

// ---------------------------------------------------------------- forward

/** POST bids/forward: offer a board load to the drivers and owners of these vehicles. */
export const forwardCreateSchema = z.object({
  load_id: idSchema,
  vehicle_ids: z
    .array(idSchema, { error: 'Choose at least one vehicle' })
    .min(1, { error: 'Choose at least one vehicle' })
    .max(MAX_FORWARD_VEHICLES, { error: `Choose at most ${MAX_FORWARD_VEHICLES} vehicles` })
    .transform((ids) => [...new Set(ids)]),
});
export type ForwardCreate = z.output<typeof forwardCreateSchema>;

export const forwardResponseSchema = z.object({
  load_id: z.number().int(),
  /** The vehicles the load now shows for: whose driver and whose owner see it. */
  forwarded: z.array(
    z.object({
      vehicle_id: z.number().int(),
      unit_id: z.string(),
      forwarded_at: isoDateTimeSchema,
      driver_sees: z.boolean(),
      owner_sees: z.boolean(),
    }),
  ),
  /** The vehicles left out, and why (not_active: the spec's not-active text). */
  skipped: z.array(
    z.object({
      vehicle_id: z.number().int(),
      unit_id: z.string(),
      reason: z.enum(['not_active', 'no_driver_or_owner']),
      detail: z.string(),
    }),
  ),
});
export type ForwardResponse = z.infer<typeof forwardResponseSchema>;

// ---------------------------------------------------------------- bids

const personSchema = z.object({ id: z.number().int(), full_name: z.string() });

/** A driver's or owner's bid, as the dispatchers' board, the history and the driver page show it. */
export const driverBidSchema = z.object({
  id: z.number().int(),
  load_id: z.number().int(),
  /** The load's accounting number (the lists pad it to 6 digits); null while the load has none. */
  load_accounting_number: z.number().int().nullable(),
  kind: z.enum(DRIVER_BID_KINDS),
  /** 1 pending, 2 won, 3 lost or rejected. */
  status: z.literal([1, 2, 3]),
  state: z.enum(DRIVER_BID_STATES),
  price: z.number(),
  eta_at: isoDateTimeSchema.nullable(),
  placed_at: isoDateTimeSchema,
  created_at: isoDateTimeSchema,
  vehicle: z.object({ id: z.number().int(), unit_id: z.string() }).nullable(),
  driver: personSchema.nullable(),
  /** The user who bid: the driver, or the owner. */
  bidder: personSchema.nullable(),
  rejected_reason: z.string().nullable(),
  rejected_at: isoDateTimeSchema.nullable(),
});
export type DriverBid = z.infer<typeof driverBidSchema>;

/** POST driver-portal/bids: a bid on a load forwarded to my vehicle (changes my pending bid on it). */
export const driverBidCreateSchema = z.object({
  load_id: idSchema,
  vehicle_id: idSchema,
  price: moneyFieldSchema.refine((cents) => cents > 0, { error: M.priceRequired }),
  /** Minutes until the vehicle can be at the pick-up. */
  eta_minutes: z.coerce
    .number({ error: M.etaInvalid })
    .int({ error: M.etaInvalid })
    .min(0, { error: M.etaInvalid })
    .max(MAX_DRIVER_BID_ETA_MINUTES, { error: M.etaInvalid }),
});
export type DriverBidCreateInput = z.input<typeof driverBidCreateSchema>;
export type DriverBidCreate = z.output<typeof driverBidCreateSchema>;

/** PUT bids/driver-bid/{id}/reject. */
export const driverBidRejectSchema = z.object({
  reason: z
    .string({ error: M.reasonRequired })
    .trim()
    .min(1, { error: M.reasonRequired })
    .max(MAX_REJECT_REASON_LENGTH, { error: maxCharactersMessage(MAX_REJECT_REASON_LENGTH) }),
});
export type DriverBidReject = z.output<typeof driverBidRejectSchema>;

const dateOnly = z.iso.date({ error: 'Must be a date (YYYY-MM-DD)' });

/**
 * GET bids/driver-bid/history: the company's driver and owner bids, newest first. Filters: status (1
 * pending, 2 won, 3 lost or rejected), kind, vehicle, driver, load, and placed from/to (Eastern dates).
 */
export const driverBidHistoryQuerySchema = paginationQuerySchema.extend({
  status: z.coerce
    .number()
    .pipe(z.literal([1, 2, 3], { error: 'Must be 1, 2 or 3' }))
    .optional(),
  kind: z.enum(DRIVER_BID_KINDS).optional(),
  vehicle_id: idSchema.optional(),
  driver_id: idSchema.optional(),
  load_id: idSchema.optional(),
  date_from: dateOnly.optional(),
  date_to: dateOnly.optional(),
});
export type DriverBidHistoryQuery = z.output<typeof driverBidHistoryQuerySchema>;
export const driverBidListSchema = listResponseSchema(driverBidSchema);

// ---------------------------------------------------------------- the driver page

/** A vehicle the driver page works for: as its active driver or as its owner, and whether loads reach it. */
export const portalVehicleSchema = z.object({
  id: z.number().int(),
  unit_id: z.string(),
  transport_type: vehicleTypeSchema,
  as: z.enum(DRIVER_BID_KINDS),
  /** False when the unit's switch forbids loads for me (the spec's not-active text explains it). */
  sees_loads: z.boolean(),
});

/** GET driver-portal/vehicles: the vehicles I drive or own, by unit ID. */
export const portalVehicleListSchema = z.object({ results: z.array(portalVehicleSchema) });
export type PortalVehicle = z.infer<typeof portalVehicleSchema>;

/** A load forwarded to one of my vehicles, still on the board, with my bid on it and the limit's wait. */
export const portalLoadSchema = z.object({
  load_id: z.number().int(),
  vehicle: z.object({ id: z.number().int(), unit_id: z.string() }),
  forwarded_at: isoDateTimeSchema,
  points: z.array(
    loadPointSchema.pick({ order: true, type: true, city: true, state: true, zip_code: true, date: true }),
  ),
  pick_up_datetime: isoDateTimeSchema.nullable(),
  delivery_datetime: isoDateTimeSchema.nullable(),
  miles: z.number().nullable(),
  /** Miles from my vehicle's location to the pick-up; null when either is unknown. */
  deadhead_miles: z.number().nullable(),
  vehicle_type: z.string().nullable(),
  weight: z.number().nullable(),
  pieces: z.number().nullable(),
  dims: z.object({
    length: z.number().nullable(),
    width: z.number().nullable(),
    height: z.number().nullable(),
  }),
  my_bid: driverBidSchema.nullable(),
  /** Seconds until I may bid again on it (0: now), and which limit holds. */
  wait_seconds: z.number().int().min(0),
  wait_limit: z.enum(['after_forward', 'between_bids']).nullable(),
});
export type PortalLoad = z.infer<typeof portalLoadSchema>;
export const portalLoadListSchema = listResponseSchema(portalLoadSchema);
export const portalBidsQuerySchema = paginationQuerySchema;

// ---------------------------------------------------------------- invitations

/** POST users/drivers/{id}/invite and users/owners/{id}/invite: the person's e-mail when none is given. */
export const invitationCreateSchema = z.object({
  email: emailSchema.nullish().transform((value) => value ?? null),
});
export type InvitationCreate = z.output<typeof invitationCreateSchema>;

export const invitationSentSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  expires_at: isoDateTimeSchema,
  /**
   * 'sent' handed to the company's mail server; 'kept' the company has no SMTP settings; 'failed' the
   * server refused it. Unless sent, `link` is the invitation's link for the dispatcher to pass on.
   */
  delivery: z.enum(['sent', 'kept', 'failed']),
  link: z.string().nullable(),
});
export type InvitationSent = z.infer<typeof invitationSentSchema>;

/** The token of the link /driver/invite/{token}: 43 URL-safe characters (32 random bytes). */
export const invitationTokenSchema = z
  .string({ error: 'Invalid invitation link' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'Invalid invitation link' });

export const invitationCheckQuerySchema = z.object({ token: invitationTokenSchema });

/** GET invitations/check: whom the link invites, for the page that asks for a password. */
export const invitationInfoSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company_name: z.string(),
  kind: z.enum(DRIVER_BID_KINDS),
  expires_at: isoDateTimeSchema,
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

/** POST invitations/accept: the password chosen; the user is made and signs in the normal way. */
export const invitationAcceptSchema = z.object({
  token: invitationTokenSchema,
  password: newPasswordSchema,
});
export type InvitationAccept = z.output<typeof invitationAcceptSchema>;
export const invitationAcceptedSchema = z.object({ email: z.string() });
