import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../common/errors';
import { BROKER_RATINGS } from '../common/lookups';
import {
  BLACKLISTED_BROKER_LABEL,
  brokerRating,
  brokerRatingColor,
  CREDIT_CHECK_RESULTS,
  formatMcNumber,
  isAwaitingRating,
  isBlacklisted,
  isLoadFromBlacklistedBroker,
  mcNumberError,
  normalizeMcNumber,
  ratingNeedsComment,
} from './brokers.rules';
import {
  blacklistUpdateSchema,
  brokerByMcQuerySchema,
  brokerCompanySchema,
  brokerCompanyUpdateSchema,
  brokerListQuerySchema,
  brokerSearchQuerySchema,
  creditCheckUpdateSchema,
  nonOtrBrokerSchema,
  notifyNoPostingSchema,
  otrBrokerCreateSchema,
  ratingHistoryEntrySchema,
  ratingUpdateSchema,
  type BrokerCompany,
} from './brokers.schema';

function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`Expected ${JSON.stringify(input)} to be refused`);
  return fieldErrors(result.error);
}

describe('MC number', () => {
  it("drops the 'MC' prefix and separators", () => {
    expect(normalizeMcNumber('MC-123456')).toBe('123456');
    expect(normalizeMcNumber('mc 123456')).toBe('123456');
    expect(normalizeMcNumber('MC#123456')).toBe('123456');
    expect(normalizeMcNumber(' 123456 ')).toBe('123456');
    expect(normalizeMcNumber(123456)).toBe('123456');
  });
  it('drops leading zeros, so one broker is found however it was typed', () => {
    expect(normalizeMcNumber('MC-0123456')).toBe('123456');
    expect(normalizeMcNumber('000')).toBe('');
  });
  it('keeps what is not a number for the validation to refuse', () => {
    expect(normalizeMcNumber('MC-12A456')).toBe('12A456');
    expect(mcNumberError('12A456')).toBe('MC number must contain digits only');
  });
  it('is required and has at most 8 digits', () => {
    expect(mcNumberError('')).toBe('This field is required');
    expect(mcNumberError('123456789')).toBe('MC number must have at most 8 digits');
    expect(mcNumberError('1234567')).toBeNull();
  });
  it("is shown as 'MC-123456'", () => {
    expect(formatMcNumber('123456')).toBe('MC-123456');
    expect(formatMcNumber(null)).toBe('');
  });
});

describe('rating', () => {
  it('has the five ratings of the spec, each with its colour', () => {
    expect(BROKER_RATINGS.map((rating) => brokerRating(rating.id))).toEqual(
      BROKER_RATINGS.map((rating) => ({ id: rating.id, name: rating.en, color: rating.color })),
    );
    expect(brokerRating(4)).toEqual({ id: 4, name: 'Severe Risk', color: brokerRatingColor(4) });
    expect(brokerRating(5, 'ru').name).toBe('Позвонить в офис');
  });
  it('an unknown rating reads as 1 Unknown', () => {
    expect(brokerRating(null)).toEqual(brokerRating(1));
    expect(brokerRating(9).name).toBe('Unknown');
  });
  it('Not Approved, Severe Risk and Call Office need a comment; Unknown and Approved do not', () => {
    expect([1, 2, 3, 4, 5].filter(ratingNeedsComment)).toEqual([2, 4, 5]);
  });
  it('a broker waits for rating while a rating is asked for', () => {
    expect(isAwaitingRating({ rating_requested_at: '2026-03-10T12:00:00Z' })).toBe(true);
    expect(isAwaitingRating({ rating_requested_at: null })).toBe(false);
  });
});

describe('credit check', () => {
  it('results are Approved, Declined and Needs review', () => {
    expect(CREDIT_CHECK_RESULTS.map((result) => result.id)).toEqual(['Approved', 'Declined', 'Needs review']);
  });
  it('the body is the result', () => {
    expect(creditCheckUpdateSchema.parse({ result: 'Needs review' })).toEqual({ result: 'Needs review' });
    expect(errorsOf(creditCheckUpdateSchema, { result: 'Maybe' })).toEqual({
      result: ['Result must be Approved, Declined or Needs review'],
    });
  });
});

describe('blacklist', () => {
  it('a broker is blacklisted by its flag', () => {
    expect(isBlacklisted({ in_blacklist: true })).toBe(true);
    expect(isBlacklisted({ in_blacklist: false })).toBe(false);
    expect(isBlacklisted(null)).toBe(false);
  });
  it('a load is marked when its broker is blacklisted', () => {
    expect(isLoadFromBlacklistedBroker({ broker_company: { in_blacklist: true } })).toBe(true);
    expect(isLoadFromBlacklistedBroker({ broker_company: null })).toBe(false);
    expect(BLACKLISTED_BROKER_LABEL.en).toBe('Blacklisted broker');
  });
  it('putting a broker on the blacklist needs the reason', () => {
    expect(errorsOf(blacklistUpdateSchema, { in_blacklist: true, blacklist_reason: ' ' })).toEqual({
      blacklist_reason: ['Say why the broker is blacklisted'],
    });
    expect(blacklistUpdateSchema.parse({ in_blacklist: true, blacklist_reason: 'Double brokering' })).toEqual(
      {
        in_blacklist: true,
        blacklist_reason: 'Double brokering',
      },
    );
  });
  it('taking it off clears the reason', () => {
    expect(blacklistUpdateSchema.parse({ in_blacklist: false, blacklist_reason: 'Old reason' })).toEqual({
      in_blacklist: false,
      blacklist_reason: null,
    });
  });
});

describe('OTR broker create', () => {
  it('needs the name and MC number, normalised', () => {
    expect(otrBrokerCreateSchema.parse({ name: ' TQL ', mc_number: 'MC-411443' })).toEqual({
      name: 'TQL',
      mc_number: '411443',
      dot_number: null,
      brokerage: null,
      address: null,
      city: null,
      state: null,
      zip_code: null,
      phone: null,
      email: null,
    });
  });
  it('refuses a missing or non-digit MC number', () => {
    expect(errorsOf(otrBrokerCreateSchema, { name: 'TQL' })).toEqual({
      mc_number: ['This field is required'],
    });
    expect(errorsOf(otrBrokerCreateSchema, { name: 'TQL', mc_number: '' })).toEqual({
      mc_number: ['This field is required'],
    });
    expect(errorsOf(otrBrokerCreateSchema, { name: 'TQL', mc_number: 'ABC' })).toEqual({
      mc_number: ['MC number must contain digits only'],
    });
  });
  it('checks phone, e-mail, state and brokerage M or S', () => {
    expect(
      errorsOf(otrBrokerCreateSchema, {
        name: 'TQL',
        mc_number: '411443',
        phone: '123',
        email: 'nope',
        state: 'ZZ',
        brokerage: 'X',
      }),
    ).toEqual({
      phone: ['Must be a US phone number, e.g. (555) 123-4567'],
      email: ['Email must be valid'],
      state: ['Must be a US state or Canadian province code'],
      brokerage: ['Brokerage must be M or S'],
    });
  });
});

describe('non-OTR broker company', () => {
  it('needs a name; the MC number is optional', () => {
    expect(nonOtrBrokerSchema.parse({ name: 'Acme Shipping', mc_number: '', brokerage: 'S' })).toMatchObject({
      name: 'Acme Shipping',
      mc_number: null,
      brokerage: 'S',
    });
    expect(errorsOf(nonOtrBrokerSchema, {})).toEqual({ name: ['This field is required'] });
  });
  it('an MC number given is normalised and checked', () => {
    expect(nonOtrBrokerSchema.parse({ name: 'Acme', mc_number: 'MC 987' }).mc_number).toBe('987');
    expect(errorsOf(nonOtrBrokerSchema, { name: 'Acme', mc_number: '12-AB' })).toEqual({
      mc_number: ['MC number must contain digits only'],
    });
  });
});

describe('broker company update (PUT brokers/broker-company/{id}/update)', () => {
  it('changes only the fields sent', () => {
    expect(brokerCompanyUpdateSchema.parse({ phone: '(555) 123-4567' })).toEqual({ phone: '(555) 123-4567' });
  });
  it('needs something to change', () => {
    expect(errorsOf(brokerCompanyUpdateSchema, {})).toEqual({ '': ['Nothing to change'] });
  });
  it('blacklisting needs the reason; unlisting clears it', () => {
    expect(errorsOf(brokerCompanyUpdateSchema, { in_blacklist: true })).toEqual({
      blacklist_reason: ['Say why the broker is blacklisted'],
    });
    expect(brokerCompanyUpdateSchema.parse({ in_blacklist: false })).toEqual({
      in_blacklist: false,
      blacklist_reason: null,
    });
  });
});

describe('other broker calls', () => {
  it('notify_no_posting', () => {
    expect(notifyNoPostingSchema.parse({ notify_no_posting: true })).toEqual({ notify_no_posting: true });
  });
  it('get-by-mc takes the MC number as typed', () => {
    expect(brokerByMcQuerySchema.parse({ mc_number: 'MC-0411443' })).toEqual({ mc_number: '411443' });
  });
  it('search takes name and in_blacklist', () => {
    expect(brokerSearchQuerySchema.parse({ name: 'tql', in_blacklist: 'false' })).toEqual({
      name: 'tql',
      in_blacklist: false,
      limit: 20,
    });
  });
  it('lists filter by text, blacklist, rating and OTR', () => {
    expect(
      brokerListQuerySchema.parse({ search: 'x', in_blacklist: 'true', rating: '4', is_otr: '1' }),
    ).toEqual({
      page: 1,
      limit: 25,
      search: 'x',
      in_blacklist: true,
      rating: 4,
      is_otr: true,
    });
  });
});

describe('rating update', () => {
  it('takes a rating 1..5', () => {
    expect(ratingUpdateSchema.parse({ rating: 3 })).toEqual({ rating: 3, comment: null });
    expect(errorsOf(ratingUpdateSchema, { rating: 6 })).toEqual({
      rating: ['Rating must be 1 Unknown, 2 Not Approved, 3 Approved, 4 Severe Risk or 5 Call Office'],
    });
  });
  it('needs a comment for 2, 4 and 5', () => {
    for (const rating of [2, 4, 5]) {
      expect(errorsOf(ratingUpdateSchema, { rating, comment: '' })).toEqual({
        comment: ['Say why: a Not Approved, Severe Risk or Call Office rating needs a comment'],
      });
    }
    expect(ratingUpdateSchema.parse({ rating: 4, comment: 'Paid 90 days late' })).toEqual({
      rating: 4,
      comment: 'Paid 90 days late',
    });
  });
  it('history says who rated, when and why', () => {
    const entry = {
      id: 1,
      rating: brokerRating(4),
      previous_rating: brokerRating(3),
      comment: 'Paid 90 days late',
      rated_by: { id: 13, first_name: 'Dana', last_name: 'Fox' },
      created_date: '2026-03-10T12:00:00-04:00',
    };
    expect(ratingHistoryEntrySchema.parse(entry)).toEqual(entry);
  });
});

describe('broker company as answered', () => {
  const broker: BrokerCompany = {
    id: 1,
    name: 'TQL',
    mc_number: '411443',
    dot_number: null,
    is_otr: true,
    brokerage: 'M',
    address: null,
    city: null,
    state: null,
    zip_code: null,
    phone: null,
    email: null,
    rating: brokerRating(3),
    rating_requested_at: null,
    in_blacklist: false,
    blacklist_reason: null,
    blacklisted_at: null,
    notify_no_posting: true,
    credit_check: {
      result: 'Approved',
      checked_at: '2026-03-10T12:00:00-04:00',
      checked_by: { id: 13, first_name: 'Dana', last_name: 'Fox' },
    },
    created_date: '2026-03-01T09:00:00-05:00',
  };
  it('has the fields of the spec', () => expect(brokerCompanySchema.parse(broker)).toEqual(broker));
  it('brokerages are M and S', () => {
    expect(brokerCompanySchema.safeParse({ ...broker, brokerage: 'S' }).success).toBe(true);
    expect(brokerCompanySchema.safeParse({ ...broker, brokerage: 'X' }).success).toBe(false);
  });
});
