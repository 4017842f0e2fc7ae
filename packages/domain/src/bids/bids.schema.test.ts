import { describe, expect, it } from 'vitest';
import {
  PROPOSITION_MESSAGES,
  PROPOSITION_ROLES,
  propositionCarsQuerySchema,
  propositionCreateSchema,
  propositionListQuerySchema,
  propositionStatusUpdateSchema,
  propositionUpdatePriceSchema,
} from './bids.schema';

function firstIssue(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const issue = result.error?.issues[0];
  return issue ? { path: issue.path.join('.'), message: issue.message } : null;
}

describe('proposition create', () => {
  const body = { load: 7, car: 3, price: '$1,200.50' };

  it('takes the price as money text and gives cents, the rest defaulted', () => {
    expect(propositionCreateSchema.parse(body)).toEqual({
      load: 7,
      car: 3,
      driver: null,
      price: 120050,
      driver_price: null,
      eta: 0,
      miles_out: null,
      email_to: null,
      email_subject: null,
      message: null,
    });
  });

  it('refuses a price of $0 naming price', () => {
    expect(firstIssue(propositionCreateSchema.safeParse({ ...body, price: 0 }))).toEqual({
      path: 'price',
      message: PROPOSITION_MESSAGES.priceRequired,
    });
  });

  it('refuses an ETA beyond a week and a negative one', () => {
    for (const eta of [-1, 7 * 24 * 3600 + 1, 1.5]) {
      expect(firstIssue(propositionCreateSchema.safeParse({ ...body, eta }))).toEqual({
        path: 'eta',
        message: PROPOSITION_MESSAGES.etaInvalid,
      });
    }
  });

  it('refuses a bad e-mail and lower-cases a good one', () => {
    expect(firstIssue(propositionCreateSchema.safeParse({ ...body, email_to: 'nope' }))?.path).toBe(
      'email_to',
    );
    expect(propositionCreateSchema.parse({ ...body, email_to: ' Ops@Broker.COM ' }).email_to).toBe(
      'ops@broker.com',
    );
  });

  it('refuses a load id that is not digits', () => {
    expect(firstIssue(propositionCreateSchema.safeParse({ ...body, load: '07' }))?.path).toBe('load');
  });
});

describe('proposition status and price', () => {
  it('takes 2 won and 3 lost only', () => {
    expect(propositionStatusUpdateSchema.parse({ status: 2 }).status).toBe(2);
    expect(propositionStatusUpdateSchema.parse({ status: 3 }).status).toBe(3);
    expect(firstIssue(propositionStatusUpdateSchema.safeParse({ status: 1 }))).toEqual({
      path: 'status',
      message: PROPOSITION_MESSAGES.statusInvalid,
    });
  });

  it('takes a new price as cents', () => {
    expect(propositionUpdatePriceSchema.parse({ price: 950, driver_price: '700' })).toEqual({
      price: 95000,
      driver_price: 70000,
    });
  });
});

describe('proposition lists', () => {
  it('defaults page 1 and 25 rows', () => {
    expect(propositionListQuerySchema.parse({})).toMatchObject({ page: 1, limit: 25 });
  });

  it('reads date bounds as Eastern days: 11/25 starts at 05:00 UTC and ends before 11/26 05:00 UTC', () => {
    const query = propositionListQuerySchema.parse({ date_from: '2026-11-25', date_to: '2026-11-25' });
    expect(query.date_from).toBe('2026-11-25T05:00:00.000Z');
    expect(query.date_to).toBe('2026-11-26T05:00:00.000Z');
  });

  it('refuses a reversed range naming date_to', () => {
    const result = propositionListQuerySchema.safeParse({ date_from: '2026-11-25', date_to: '2026-11-24' });
    expect(firstIssue(result)).toEqual({ path: 'date_to', message: PROPOSITION_MESSAGES.rangeReversed });
  });

  it('reads show_all', () => {
    expect(propositionCarsQuerySchema.parse({}).show_all).toBe(false);
    expect(propositionCarsQuerySchema.parse({ show_all: 'true' }).show_all).toBe(true);
  });
});

it('propositions belong to the My bids roles: dispatcher, manager, senior dispatcher', () => {
  expect(PROPOSITION_ROLES).toEqual([3, 4, 5]);
});
