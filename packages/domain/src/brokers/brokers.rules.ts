import { BROKER_RATINGS, type BrokerRatingId, type Lang, type LookupEntry } from '../common/lookups';

// Broker companies: MC numbers, the credit check, the rating (with a colour each) and the blacklist.

// ---------------------------------------------------------------- MC number

/** FMCSA docket numbers have at most 8 digits. */
export const MC_NUMBER_MAX_DIGITS = 8;

/**
 * An MC number as stored: the 'MC' prefix, spaces, dashes, dots and '#' dropped, and leading zeros too, so
 * that one broker is found however it was typed ('MC-123456', 'mc 0123456', '#123456' -> '123456').
 * Anything else is kept for the validation to reject; a number that is all zeros reads as empty.
 */
export function normalizeMcNumber(input: string | number | null | undefined): string {
  if (input === null || input === undefined) return '';
  const text = String(input)
    .trim()
    .replace(/^mc/i, '')
    .replace(/[\s\-#.:]/g, '');
  return /^\d+$/.test(text) ? text.replace(/^0+/, '') : text;
}

export const BROKER_MESSAGES = {
  fieldRequired: 'This field is required',
  mcDigitsOnly: 'MC number must contain digits only',
  mcTooLong: `MC number must have at most ${MC_NUMBER_MAX_DIGITS} digits`,
  dotDigitsOnly: 'DOT number must contain digits only',
  ratingInvalid: 'Rating must be 1 Unknown, 2 Not Approved, 3 Approved, 4 Severe Risk or 5 Call Office',
  ratingCommentRequired: 'Say why: a Not Approved, Severe Risk or Call Office rating needs a comment',
  blacklistReasonRequired: 'Say why the broker is blacklisted',
  creditCheckResultInvalid: 'Result must be Approved, Declined or Needs review',
  brokerageInvalid: 'Brokerage must be M or S',
  nothingToChange: 'Nothing to change',
  // The server's 409 answers.
  mcNumberTaken: 'A broker company with this MC number already exists.',
  otrNeedsMcNumber: 'An OTR broker keeps its MC number.',
} as const;

/** Why an MC number (already normalised) is not valid, or null. */
export function mcNumberError(mcNumber: string): string | null {
  if (mcNumber === '') return BROKER_MESSAGES.fieldRequired;
  if (!/^\d+$/.test(mcNumber)) return BROKER_MESSAGES.mcDigitsOnly;
  return mcNumber.length > MC_NUMBER_MAX_DIGITS ? BROKER_MESSAGES.mcTooLong : null;
}

/** The MC number as shown: 'MC-123456'. */
export function formatMcNumber(mcNumber: string | null | undefined): string {
  return mcNumber ? `MC-${mcNumber}` : '';
}

// ---------------------------------------------------------------- brokerage

export const BROKERAGE_IDS = ['M', 'S'] as const;
export type Brokerage = (typeof BROKERAGE_IDS)[number];

// ---------------------------------------------------------------- rating

export const DEFAULT_BROKER_RATING: BrokerRatingId = 1;

export type BrokerRatingDisplay = { id: BrokerRatingId; name: string; color: string };

/** A rating with its name and colour; an unknown id reads as 1 Unknown. */
export function brokerRating(id: number | null | undefined, lang: Lang = 'en'): BrokerRatingDisplay {
  const entry = BROKER_RATINGS.find((rating) => rating.id === id) ?? BROKER_RATINGS[0]!;
  return { id: entry.id, name: entry[lang], color: entry.color };
}

export function brokerRatingColor(id: number | null | undefined): string {
  return brokerRating(id).color;
}

/**
 * Ratings that warn the next dispatcher (2 Not Approved, 4 Severe Risk, 5 Call Office) must say why, so the
 * history explains them; 1 Unknown and 3 Approved need no comment.
 */
export const RATINGS_NEEDING_COMMENT: readonly BrokerRatingId[] = [2, 4, 5];

export function ratingNeedsComment(rating: number): boolean {
  return (RATINGS_NEEDING_COMMENT as readonly number[]).includes(rating);
}

/**
 * A broker waits in the rating queue (GET brokers/rating/queue/active) from the moment a rating is asked
 * for (a new OTR broker, or a dispatcher asking for a re-check) until the conflict manager rates it.
 */
export function isAwaitingRating(broker: { rating_requested_at: string | null }): boolean {
  return broker.rating_requested_at !== null;
}

// ---------------------------------------------------------------- credit check

export const CREDIT_CHECK_RESULT_IDS = ['Approved', 'Declined', 'Needs review'] as const;
export type CreditCheckResult = (typeof CREDIT_CHECK_RESULT_IDS)[number];

/** The outcome of checking a broker's credit (days to pay, credit score) before working with it. */
export const CREDIT_CHECK_RESULTS: LookupEntry<CreditCheckResult>[] = [
  { id: 'Approved', en: 'Approved', ru: 'Одобрен' },
  { id: 'Declined', en: 'Declined', ru: 'Отклонён' },
  { id: 'Needs review', en: 'Needs review', ru: 'Требует проверки' },
];

// ---------------------------------------------------------------- blacklist

export function isBlacklisted(broker: { in_blacklist: boolean } | null | undefined): boolean {
  return broker?.in_blacklist === true;
}

/** A load is marked on every list and on the load board when its broker is blacklisted. */
export function isLoadFromBlacklistedBroker(load: {
  broker_company: { in_blacklist: boolean } | null | undefined;
}): boolean {
  return isBlacklisted(load.broker_company);
}

export const BLACKLISTED_BROKER_LABEL: Record<Lang, string> = {
  en: 'Blacklisted broker',
  ru: 'Брокер в чёрном списке',
};
