import { describe, expect, it } from 'vitest';
import {
  changeWeekSchema,
  dispatcherInfoUpdateSchema,
  PAY_CHANGE_MESSAGES as M,
  payItemCreateSchema,
  paymentStatusUpdateSchema,
} from './pay-changes.schema';
import { payListQuerySchema } from './payments.schema';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('the pay contracts', () => {
  it('bulk status: ids once each, 1 to 500 of them, a payment status', () => {
    expect(paymentStatusUpdateSchema.parse({ payments_ids: [3, '3', 4], type: 'owner', status: 8 })).toEqual({
      payments_ids: [3, 4],
      type: 'owner',
      status: 8,
    });
    expect(
      issues(paymentStatusUpdateSchema.safeParse({ payments_ids: [], type: 'owner', status: 8 })),
    ).toEqual([['payments_ids', M.idsRequired]]);
    expect(
      issues(paymentStatusUpdateSchema.safeParse({ payments_ids: [1], type: 'driver', status: 10 })),
    ).toEqual([
      ['type', M.typeInvalid],
      ['status', M.statusInvalid],
    ]);
  });

  it("a pay item names its person, amounts above $0.00 in cents, the week with its year; a charge's kind", () => {
    expect(
      payItemCreateSchema.parse({ type: 'owner', owner_id: 5, amount: '$1,200.50', reason: ' Detention ' }),
    ).toMatchObject({ kind: 'payment', amount: 120_050, reason: 'Detention' });
    // The amount is checked first; the rules across fields once every field reads.
    expect(
      issues(payItemCreateSchema.safeParse({ type: 'owner', owner_id: 5, amount: '-3', reason: 'x' })),
    ).toEqual([['amount', M.amountPositive]]);
    const wrong = payItemCreateSchema.safeParse({
      type: 'dispatcher',
      owner_id: 5,
      amount: 3,
      reason: 'x',
      year: 2026,
    });
    expect(issues(wrong)).toEqual([
      ['dispatcher_id', M.dispatcherRequired],
      ['owner_id', M.notForType],
      ['week', M.weekAndYear],
    ]);
    expect(
      issues(
        payItemCreateSchema.safeParse({
          type: 'owner',
          owner_id: 5,
          amount: 1,
          reason: 'x',
          week: 53,
          year: 2027,
        }),
      ),
    ).toEqual([['week', M.weekNotInYear]]);
  });

  it('terms: a percent for the percent bases, an amount per load, or none', () => {
    expect(dispatcherInfoUpdateSchema.parse({ basis: 'gross_percent', percent: '12.5' })).toEqual({
      basis: 'gross_percent',
      percent: 12.5,
      amount_cents: null,
    });
    expect(dispatcherInfoUpdateSchema.parse({ basis: 'per_load', amount: '$40' })).toEqual({
      basis: 'per_load',
      percent: null,
      amount_cents: 4_000,
    });
    expect(dispatcherInfoUpdateSchema.parse({ basis: null })).toBeNull();
    expect(
      issues(dispatcherInfoUpdateSchema.safeParse({ basis: 'margin_percent', percent: '3.333' })),
    ).toEqual([['percent', M.percentInvalid]]);
    expect(issues(dispatcherInfoUpdateSchema.safeParse({ basis: 'per_load' }))).toEqual([
      ['amount', M.amountRequired],
    ]);
  });

  it('weeks exist in their year: week 53 of 2026, not of 2027', () => {
    expect(changeWeekSchema.safeParse({ load_accounting_week: 53, load_accounting_year: 2026 }).success).toBe(
      true,
    );
    expect(
      issues(changeWeekSchema.safeParse({ load_accounting_week: 53, load_accounting_year: 2027 })),
    ).toEqual([['load_accounting_week', M.weekNotInYear]]);
    expect(payListQuerySchema.parse({ week: '10', year: '2026', text: '  ' })).toMatchObject({
      list: 'active',
      week: 10,
      year: 2026,
      text: undefined,
      page: 1,
    });
  });
});
