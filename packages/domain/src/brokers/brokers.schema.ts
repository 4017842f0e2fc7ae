import { z } from 'zod';
import { isoDateTimeSchema } from '../common/ids';
import { BROKER_RATING_IDS } from '../common/lookups';
import { listResponseSchema, paginationQuerySchema } from '../common/pagination';
import { maxCharactersMessage as maxCharacters, optionalText, requiredText } from '../common/text-fields';
import { US_PHONE_PATTERN, LOAD_FORM_MESSAGES } from '../loads/load-form.rules';
import { regionCodeSchema } from '../loads/loads.schema';
import {
  BROKER_MESSAGES,
  BROKERAGE_IDS,
  CREDIT_CHECK_RESULT_IDS,
  mcNumberError,
  normalizeMcNumber,
  ratingNeedsComment,
} from './brokers.rules';

// The API contract of broker companies (all under /backend/api/v2/brokers): OTR brokers (known by their MC
// number) and non-OTR companies, the search, the credit check, the rating with its history and queue, and
// the blacklist.

const M = BROKER_MESSAGES;

/** A required MC number, normalised ('MC-123456' -> '123456'), digits only. */
export const mcNumberSchema = z
  .union([z.string(), z.number()], { error: M.fieldRequired })
  .transform((value, ctx) => {
    const mcNumber = normalizeMcNumber(value);
    const error = mcNumberError(mcNumber);
    if (error) {
      ctx.addIssue({ code: 'custom', message: error });
      return z.NEVER;
    }
    return mcNumber;
  });

/** An optional MC number: '' and null read as none. */
const optionalMcNumber = z
  .union([z.string(), z.number(), z.null()], { error: M.mcDigitsOnly })
  .optional()
  .transform((value, ctx) => {
    const mcNumber = normalizeMcNumber(value);
    if (mcNumber === '') return null;
    const error = mcNumberError(mcNumber);
    if (error) {
      ctx.addIssue({ code: 'custom', message: error });
      return z.NEVER;
    }
    return mcNumber;
  });

const optionalDotNumber = z
  .string()
  .trim()
  .max(10, { error: maxCharacters(10) })
  .refine((text) => /^\d*$/.test(text), { error: M.dotDigitsOnly })
  .nullish()
  .transform((value) => value || null);

const optionalPhone = z
  .string()
  .trim()
  .refine((text) => text === '' || US_PHONE_PATTERN.test(text), { error: LOAD_FORM_MESSAGES.phoneInvalid })
  .nullish()
  .transform((value) => value || null);

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: LOAD_FORM_MESSAGES.emailInvalid })
  .refine((text) => text === '' || z.regexes.email.test(text), { error: LOAD_FORM_MESSAGES.emailInvalid })
  .nullish()
  .transform((value) => value || null);

const optionalRegion = z
  .preprocess((value) => (value === '' ? null : value), regionCodeSchema.nullish())
  .transform((value) => value ?? null);

export const brokerageSchema = z.enum(BROKERAGE_IDS, { error: M.brokerageInvalid });

const optionalBrokerage = z
  .preprocess((value) => (value === '' ? null : value), brokerageSchema.nullish())
  .transform((value) => value ?? null);

export const brokerRatingIdSchema = z.literal(BROKER_RATING_IDS, { error: M.ratingInvalid });

/** A query flag: 'true' or 'false' ('1' and '0' too). */
const booleanQuery = z
  .enum(['true', 'false', '1', '0'], { error: "Must be 'true' or 'false'" })
  .transform((value) => value === 'true' || value === '1');

const searchText = z
  .string()
  .trim()
  .max(100, { error: maxCharacters(100) })
  .optional()
  .transform((value) => value || undefined);

// ---------------------------------------------------------------- the broker company as answered

const personSchema = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });

/** A rating with its name (English) and colour. */
export const brokerRatingSchema = z.object({ id: brokerRatingIdSchema, name: z.string(), color: z.string() });
export type BrokerRating = z.infer<typeof brokerRatingSchema>;

export const creditCheckResultSchema = z.enum(CREDIT_CHECK_RESULT_IDS, { error: M.creditCheckResultInvalid });

export const creditCheckSchema = z.object({
  result: creditCheckResultSchema,
  checked_at: isoDateTimeSchema,
  checked_by: personSchema.nullable(),
});
export type CreditCheck = z.infer<typeof creditCheckSchema>;

export const brokerCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Digits only; shown as 'MC-123456'. */
  mc_number: z.string().nullable(),
  dot_number: z.string().nullable(),
  is_otr: z.boolean(),
  brokerage: brokerageSchema.nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  rating: brokerRatingSchema,
  /** When a rating was asked for; null once rated. */
  rating_requested_at: isoDateTimeSchema.nullable(),
  in_blacklist: z.boolean(),
  blacklist_reason: z.string().nullable(),
  blacklisted_at: isoDateTimeSchema.nullable(),
  /** Tell the dispatchers when this broker stops posting loads. */
  notify_no_posting: z.boolean(),
  /** null until checked. */
  credit_check: creditCheckSchema.nullable(),
  created_date: isoDateTimeSchema,
});
export type BrokerCompany = z.infer<typeof brokerCompanySchema>;

export const brokerCompanyListResponseSchema = listResponseSchema(brokerCompanySchema);
export type BrokerCompanyListResponse = z.infer<typeof brokerCompanyListResponseSchema>;

// ---------------------------------------------------------------- lists and search

/**
 * GET brokers/all, brokers/otr-broker-company, brokers/non-otr-broker-company, brokers/broker-company and
 * the blacklist (GET brokers/broker-company/blacklist, the same as brokers/broker-company?in_blacklist=true).
 * `search` matches a part of the name and the start of the MC number.
 */
export const brokerListQuerySchema = paginationQuerySchema.extend({
  search: searchText,
  in_blacklist: booleanQuery.optional(),
  rating: z.coerce.number({ error: M.ratingInvalid }).pipe(brokerRatingIdSchema).optional(),
  is_otr: booleanQuery.optional(),
});
export type BrokerListQuery = z.output<typeof brokerListQuerySchema>;

export const BROKER_SEARCH_LIMIT = 20;

/** GET brokers/broker-company/search {name, in_blacklist}: by name or MC number (the web debounces it). */
export const brokerSearchQuerySchema = z.object({
  name: searchText,
  in_blacklist: booleanQuery.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(BROKER_SEARCH_LIMIT),
});
export type BrokerSearchQuery = z.output<typeof brokerSearchQuerySchema>;

/** GET brokers/get-by-mc {mc_number}: the company with this MC number, or 404. */
export const brokerByMcQuerySchema = z.object({ mc_number: mcNumberSchema });
export type BrokerByMcQuery = z.output<typeof brokerByMcQuerySchema>;

// ---------------------------------------------------------------- create and edit

const detailsShape = {
  dot_number: optionalDotNumber,
  brokerage: optionalBrokerage,
  address: optionalText(300),
  city: optionalText(100),
  state: optionalRegion,
  zip_code: optionalText(10),
  phone: optionalPhone,
  email: optionalEmail,
};

/** POST brokers/otr-broker-company/create: an OTR broker needs its MC number. */
export const otrBrokerCreateSchema = z.object({
  name: requiredText(200),
  mc_number: mcNumberSchema,
  ...detailsShape,
});
export type OtrBrokerCreateInput = z.input<typeof otrBrokerCreateSchema>;
export type OtrBrokerCreate = z.output<typeof otrBrokerCreateSchema>;

/**
 * POST brokers/non-otr-broker-company/create and PUT brokers/non-otr-broker-company/{id}/update (every
 * field; one left out is cleared).
 */
export const nonOtrBrokerSchema = z.object({
  name: requiredText(200),
  mc_number: optionalMcNumber,
  ...detailsShape,
});
export type NonOtrBrokerInput = z.input<typeof nonOtrBrokerSchema>;
export type NonOtrBroker = z.output<typeof nonOtrBrokerSchema>;

function requireReasonWhenBlacklisted(
  body: { in_blacklist?: boolean; blacklist_reason?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (body.in_blacklist === true && !body.blacklist_reason) {
    ctx.addIssue({ code: 'custom', path: ['blacklist_reason'], message: M.blacklistReasonRequired });
  }
}

/**
 * Putting a broker on the blacklist (with the reason) or taking it off (the reason is cleared): the body of
 * the blacklist's update, PUT brokers/broker-company/blacklist/{id}/update (PUT
 * brokers/broker-company/{id}/update takes the same two fields).
 */
export const blacklistUpdateSchema = z
  .object({
    in_blacklist: z.boolean({ error: M.fieldRequired }),
    blacklist_reason: optionalText(500),
  })
  .superRefine(requireReasonWhenBlacklisted)
  .transform((body) => ({
    in_blacklist: body.in_blacklist,
    blacklist_reason: body.in_blacklist ? body.blacklist_reason : null,
  }));
export type BlacklistUpdateInput = z.input<typeof blacklistUpdateSchema>;
export type BlacklistUpdate = z.output<typeof blacklistUpdateSchema>;

/**
 * PUT brokers/broker-company/{id}/update: any broker company, only the fields sent change; the blacklist
 * dialog sends in_blacklist and blacklist_reason. An OTR broker keeps its MC number (the server answers 409
 * to clearing it).
 */
export const brokerCompanyUpdateSchema = z
  .object({
    name: requiredText(200),
    mc_number: optionalMcNumber,
    ...detailsShape,
    in_blacklist: z.boolean(),
    blacklist_reason: optionalText(500),
  })
  .partial()
  .superRefine((body, ctx) => {
    if (Object.values(body).every((value) => value === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: M.nothingToChange });
    }
    requireReasonWhenBlacklisted(body, ctx);
  })
  .transform((body) => (body.in_blacklist === false ? { ...body, blacklist_reason: null } : body));
export type BrokerCompanyUpdateInput = z.input<typeof brokerCompanyUpdateSchema>;
export type BrokerCompanyUpdate = z.output<typeof brokerCompanyUpdateSchema>;

/** PUT brokers/broker-company/{id}/ {notify_no_posting} */
export const notifyNoPostingSchema = z.object({ notify_no_posting: z.boolean({ error: M.fieldRequired }) });
export type NotifyNoPosting = z.output<typeof notifyNoPostingSchema>;

/** PUT brokers/broker-company/{id}/credit-check: the result; the server records when and who. */
export const creditCheckUpdateSchema = z.object({ result: creditCheckResultSchema });
export type CreditCheckUpdate = z.output<typeof creditCheckUpdateSchema>;

// ---------------------------------------------------------------- rating

/**
 * PUT brokers/rating/broker-company/{id}/update: the new rating; 2 Not Approved, 4 Severe Risk and 5 Call
 * Office need a comment saying why. Rating takes the broker out of the rating queue.
 */
export const ratingUpdateSchema = z
  .object({
    rating: brokerRatingIdSchema,
    comment: optionalText(500),
  })
  .superRefine((body, ctx) => {
    if (ratingNeedsComment(body.rating) && !body.comment) {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: M.ratingCommentRequired });
    }
  });
export type RatingUpdateInput = z.input<typeof ratingUpdateSchema>;
export type RatingUpdate = z.output<typeof ratingUpdateSchema>;

/** GET brokers/rating/broker-company/{id}?limit&page: newest first. */
export const ratingHistoryQuerySchema = paginationQuerySchema;

/** One rating of a broker: who rated, when and why. */
export const ratingHistoryEntrySchema = z.object({
  id: z.number().int(),
  rating: brokerRatingSchema,
  previous_rating: brokerRatingSchema.nullable(),
  comment: z.string().nullable(),
  rated_by: personSchema.nullable(),
  created_date: isoDateTimeSchema,
});
export type RatingHistoryEntry = z.infer<typeof ratingHistoryEntrySchema>;

export const ratingHistoryResponseSchema = listResponseSchema(ratingHistoryEntrySchema);
export type RatingHistoryResponse = z.infer<typeof ratingHistoryResponseSchema>;

/** GET brokers/rating/queue/active: the brokers waiting to be rated, the longest waiting first. */
export const ratingQueueQuerySchema = paginationQuerySchema.extend({ search: searchText });
export type RatingQueueQuery = z.output<typeof ratingQueueQuerySchema>;
