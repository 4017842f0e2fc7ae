import {
  BROKER_RATINGS,
  type BrokerRatingId,
  type Lang,
  type LookupEntry,
  type RoleId,
} from '../common/lookups';
import { MENU, type MenuName } from '../shell/menu.rules';

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
  hasLoads: 'This company is named on loads and cannot be deleted.',
  // The server's 403 answer.
  blacklistForbidden: 'Only the conflict manager, managers and admins can change the blacklist.',
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

// ---------------------------------------------------------------- roles

// Who may do what with broker companies. The spec names the pages' roles only (partners 3, 4, 5, 7; the
// broker check 13); the rest is ours. The server enforces these lists and the screens hide what it would
// refuse, so both read them from here. A superuser may do everything in their company.

function menuRoles(name: MenuName): readonly RoleId[] {
  const entry = MENU.flatMap((item) => [item, ...item.children]).find((item) => item.name === name);
  return entry?.roles ?? [];
}

const union = (...lists: (readonly RoleId[])[]): readonly RoleId[] =>
  [...new Set(lists.flat())].sort((a, b) => a - b);

/** The partners page: 3, 4, 5, 7. */
export const PARTNERS_ROLES = menuRoles('partners');
/** The broker check (credit check, rating, the rating queue, the blacklist): 13, with managers and admins. */
export const BROKER_CHECK_ROLES = union(menuRoles('partnersBrokersCheck'), [3, 4]);
/** The roles that work loads: the broker pickers of the load form and of accounting. */
export const LOAD_WORK_ROLES: readonly RoleId[] = [3, 4, 5, 6, 7];
/** Looking brokers up: search, get-by-mc, lists, blacklist, rating history. */
export const BROKER_LOOKUP_ROLES = union(LOAD_WORK_ROLES, PARTNERS_ROLES, BROKER_CHECK_ROLES);
/** Creating and editing broker companies, notify_no_posting. */
export const BROKER_EDIT_ROLES = union(PARTNERS_ROLES, BROKER_CHECK_ROLES);
/** Removing a non-OTR company. */
export const BROKER_DELETE_ROLES: readonly RoleId[] = [3, 4, 7];
/** Asking for a broker to be rated. */
export const RATING_REQUEST_ROLES = LOAD_WORK_ROLES;

export type BrokerPermissions = { edit: boolean; remove: boolean; check: boolean; requestRating: boolean };

export function brokerPermissions(user: { role: number | null; is_superuser: boolean }): BrokerPermissions {
  const has = (roles: readonly RoleId[]) =>
    user.is_superuser || (user.role !== null && (roles as readonly number[]).includes(user.role));
  return {
    edit: has(BROKER_EDIT_ROLES),
    remove: has(BROKER_DELETE_ROLES),
    check: has(BROKER_CHECK_ROLES),
    requestRating: has(RATING_REQUEST_ROLES),
  };
}
