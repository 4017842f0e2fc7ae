import {
  brokerRating,
  CREDIT_CHECK_RESULT_IDS,
  type CreditCheckResult,
} from '@app/domain/brokers/brokers.rules';
import type { BrokerCompany, RatingHistoryEntry } from '@app/domain/brokers/brokers.schema';
import type { BrokerRow, RatingRow } from './brokers.repository';

// Rows as the API answers them: ratings with their name and colour, times as ISO 8601, people as
// { id, names }.

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

const person = (id: number | null, firstName: string | null, lastName: string | null) =>
  id === null ? null : { id, first_name: firstName ?? '', last_name: lastName ?? '' };

/**
 * The stored result of a credit check. The API writes only the domain's results; a value it does not know
 * (typed into the database by hand, say) needs a look again: 'Needs review'.
 */
export function creditCheckResultOf(stored: string): CreditCheckResult {
  return CREDIT_CHECK_RESULT_IDS.find((result) => result === stored) ?? 'Needs review';
}

export function toBrokerCompany(row: BrokerRow): BrokerCompany {
  return {
    id: row.id,
    name: row.name,
    mc_number: row.mc_number,
    dot_number: row.dot_number,
    is_otr: row.is_otr,
    brokerage: row.brokerage,
    address: row.address,
    city: row.city,
    state: row.state,
    zip_code: row.zip_code,
    phone: row.phone,
    email: row.email,
    rating: brokerRating(row.rating),
    rating_requested_at: iso(row.rating_requested_at),
    in_blacklist: row.in_blacklist,
    blacklist_reason: row.blacklist_reason,
    blacklisted_at: iso(row.blacklisted_at),
    notify_no_posting: row.notify_no_posting,
    credit_check:
      row.credit_check_result === null || row.credit_checked_at === null
        ? null
        : {
            result: creditCheckResultOf(row.credit_check_result),
            checked_at: row.credit_checked_at.toISOString(),
            checked_by: person(row.credit_checked_by, row.checker_first_name, row.checker_last_name),
          },
    created_date: row.created_at.toISOString(),
  };
}

export function toRatingHistoryEntry(row: RatingRow): RatingHistoryEntry {
  return {
    id: row.id,
    rating: brokerRating(row.rating),
    previous_rating: row.previous_rating === null ? null : brokerRating(row.previous_rating),
    comment: row.comment,
    rated_by: person(row.rated_by, row.rater_first_name, row.rater_last_name),
    created_date: row.created_at.toISOString(),
  };
}
