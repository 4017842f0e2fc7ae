import { z } from 'zod';
import { isoDateTimeSchema } from '../common/ids';
import { VEHICLE_TYPE_IDS } from '../common/lookups';
import { listResponseSchema, paginationQuerySchema } from '../common/pagination';
import { optionalText } from '../common/text-fields';
import {
  checkStateInCountry,
  optionalMoneyFieldSchema,
  placeInputShape,
  vehicleTypeSchema,
} from '../loads/loads.schema';
import { menuRoles } from '../shell/menu.rules';
import { INTAKE_MESSAGES } from './intake.rules';
import { POSTING_EMAIL_FIELDS } from './posting-email.rules';

// The API contract of e-mailed load postings: the mails the load board's e-mail intake could not post by
// itself (or posted with fields it could not read), the dispatcher's review list, and the fields a
// dispatcher fills in to post one.

/** Who reviews e-mailed postings: who works the load board. */
export const EMAIL_POSTING_ROLES = menuRoles('loadboard');

export const EMAIL_POSTING_STATES = ['posted', 'needs_review', 'dismissed'] as const;
export type EmailPostingState = (typeof EMAIL_POSTING_STATES)[number];

export const EMAIL_POSTING_MESSAGES = {
  notReviewable: 'This e-mail is no longer waiting for review',
  notAPosting: 'The message could not be read as an e-mail',
} as const;

/** A place as read from a mail: its address and coordinates when the gazetteer knew it. */
export const emailPostingPlaceSchema = z.object({
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  country: z.enum(['US', 'CA']).nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
});
export type EmailPostingPlace = z.infer<typeof emailPostingPlaceSchema>;

const count = z.number().int().nullable();

/** The values read from a posting e-mail (null: not read). Rates in dollars. */
export const emailPostingValuesSchema = z.object({
  pick_up: emailPostingPlaceSchema.nullable(),
  pick_up_date: z.string().nullable(),
  deliver_to: emailPostingPlaceSchema.nullable(),
  delivery_date: z.string().nullable(),
  car: z.enum(VEHICLE_TYPE_IDS).nullable(),
  miles: count,
  weight: count,
  pieces: count,
  length: count,
  width: count,
  height: count,
  pays_cents: count,
  reference: z.string().nullable(),
  mc_number: z.string().nullable(),
  broker_name: z.string().nullable(),
  broker_phone: z.string().nullable(),
});
export type EmailPostingValues = z.infer<typeof emailPostingValuesSchema>;

/** A field the reader could not read and the text the mail had for it. */
export const unreadFieldSchema = z.object({
  field: z.enum(POSTING_EMAIL_FIELDS),
  text: z.string().nullable(),
});

/** GET loadboard/email-postings: one e-mail with what was read and what is missing. */
export const emailPostingSchema = z.object({
  id: z.number().int(),
  from_address: z.string(),
  from_name: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  received_at: isoDateTimeSchema,
  state: z.enum(EMAIL_POSTING_STATES),
  load_id: z.number().int().nullable(),
  read: emailPostingValuesSchema,
  unread_fields: z.array(unreadFieldSchema),
});
export type EmailPosting = z.infer<typeof emailPostingSchema>;

export const emailPostingListQuerySchema = paginationQuerySchema;
export const emailPostingListSchema = listResponseSchema(emailPostingSchema);
export type EmailPostingList = z.infer<typeof emailPostingListSchema>;

const placeSchema = z.object(placeInputShape).superRefine(checkStateInCountry);
const dateTime = z.iso.datetime({ offset: true, error: INTAKE_MESSAGES.dateTimeInvalid });

/**
 * POST loadboard/email-postings/{id}/post: the fields the dispatcher completes; each given one replaces
 * what was read, the others are taken as read. The whole posting is then checked as the intake checks one.
 */
export const emailPostingCompletionSchema = z.object({
  pick_up: placeSchema.optional(),
  pick_up_date: dateTime.optional(),
  deliver_to: placeSchema.optional(),
  delivery_date: dateTime.optional(),
  car: vehicleTypeSchema.optional(),
  /** The rate: a number or text such as '$1,250.00' (read as cents). */
  pays: optionalMoneyFieldSchema,
  weight: z.number().int().min(0).nullish(),
  pieces: z.number().int().min(0).nullish(),
  reference: optionalText(100),
  broker_name: optionalText(200),
});
export type EmailPostingCompletion = z.infer<typeof emailPostingCompletionSchema>;

/** What the e-mail intake did with a mail: posted (the board load) or kept for review. */
export const emailPostingReceiptSchema = z.object({
  id: z.number().int(),
  state: z.enum(EMAIL_POSTING_STATES),
  load_id: z.number().int().nullable(),
  unread_fields: z.array(unreadFieldSchema),
});
export type EmailPostingReceipt = z.infer<typeof emailPostingReceiptSchema>;
