import { describe, expect, it } from 'vitest';
import {
  accountingStatusMove,
  accountingStatusName,
  brokerInvoiceAfterStatus,
  incomeListOf,
  isInAccounting,
  missingCompletionDocuments,
} from './accounting-status.rules';
import { isFactoring, payStatusOf } from './income.rules';
import { incomeReceived, quickPayDeduction } from './money.rules';
import { accountingStatusUpdateSchema, incomeListQuerySchema } from './income.schema';
import { brokerPaymentListQuerySchema, quickpayUpdateSchema } from './broker-payments.schema';

describe('quick pay on a load of accounting', () => {
  const load = (broker: number, percent: number | null) => ({
    status: 8,
    broker_price_cents: broker,
    driver_price_cents: 0,
    quickpay_percent: percent,
  });
  it('deducts round-half-up(broker price * percent / 100) from what the carrier receives', () => {
    // $1,234.50 at 3.5%: 4320.75 cents -> $43.21; the carrier receives $1,191.29.
    expect(quickPayDeduction(load(123_450, 3.5))).toBe(4321);
    expect(incomeReceived(load(123_450, 3.5))).toBe(119_129);
    // $1.50 at 1%: exactly 1.5 cents rounds up to 2.
    expect(quickPayDeduction(load(150, 1))).toBe(2);
    expect(incomeReceived(load(123_450, null))).toBe(123_450);
  });
});

describe('the accounting status of a load', () => {
  const docs = ['rate_confirmation', 'proof_of_delivery'];

  it('is names of the payment statuses', () => {
    expect(accountingStatusName(1)).toBe('Standard');
    expect(accountingStatusName(8)).toBe('Completed');
    expect(accountingStatusName(8, 'ru')).toBe('Завершён');
    expect(accountingStatusName(null)).toBe('Unknown');
  });

  it('belongs to loads in checkout (8, 9) and completed (10, 11) only', () => {
    expect([7, 8, 9, 10, 11, 12].map(isInAccounting)).toEqual([false, true, true, true, true, false]);
    expect(
      accountingStatusMove({ loadStatus: 5, from: null, to: 2, uploadedTypes: [], override: false }),
    ).toEqual({
      refusal: {
        code: 'load_not_in_accounting',
        detail: 'Only a load in checkout or completed has an accounting status.',
      },
    });
    expect(
      accountingStatusMove({ loadStatus: 12, from: 9, to: 1, uploadedTypes: docs, override: true }),
    ).toHaveProperty('refusal.code', 'load_not_in_accounting');
  });

  it('reaches Completed with the rate confirmation and proof of delivery, completing a load in checkout', () => {
    expect(
      accountingStatusMove({ loadStatus: 8, from: 1, to: 8, uploadedTypes: docs, override: false }),
    ).toEqual({
      move: { unchanged: false, overridden: [], completeTo: 10 },
    });
    // A TONU in checkout completes as TONU (11).
    expect(
      accountingStatusMove({ loadStatus: 9, from: 7, to: 8, uploadedTypes: docs, override: false }),
    ).toEqual({
      move: { unchanged: false, overridden: [], completeTo: 11 },
    });
    // A load already completed (reopened in accounting) stays where it is.
    expect(
      accountingStatusMove({ loadStatus: 10, from: 7, to: 8, uploadedTypes: docs, override: false }),
    ).toEqual({
      move: { unchanged: false, overridden: [], completeTo: null },
    });
  });

  it('refuses Completed without its documents, naming them, unless overridden', () => {
    expect(
      accountingStatusMove({
        loadStatus: 8,
        from: 1,
        to: 8,
        uploadedTypes: ['bill_of_lading'],
        override: false,
      }),
    ).toEqual({
      refusal: {
        code: 'documents_required',
        detail: 'Next documents needs to be uploaded before status changing',
        missing_documents: ['rate_confirmation', 'proof_of_delivery'],
      },
    });
    expect(
      accountingStatusMove({
        loadStatus: 8,
        from: 2,
        to: 8,
        uploadedTypes: ['rate_confirmation'],
        override: true,
      }),
    ).toEqual({ move: { unchanged: false, overridden: ['proof_of_delivery'], completeTo: 10 } });
  });

  it('moves between the other statuses without documents and without moving the load', () => {
    expect(
      accountingStatusMove({ loadStatus: 8, from: 1, to: 3, uploadedTypes: [], override: false }),
    ).toEqual({
      move: { unchanged: false, overridden: [], completeTo: null },
    });
    expect(
      accountingStatusMove({ loadStatus: 10, from: 8, to: 6, uploadedTypes: [], override: false }),
    ).toEqual({
      move: { unchanged: false, overridden: [], completeTo: null },
    });
    expect(
      accountingStatusMove({ loadStatus: 8, from: 3, to: 3, uploadedTypes: [], override: false }),
    ).toEqual({
      move: { unchanged: true, overridden: [], completeTo: null },
    });
  });

  it('puts 8 in the income completed list and everything else in active', () => {
    expect([1, 2, 7, 8, 9, null].map(incomeListOf)).toEqual([
      'active',
      'active',
      'active',
      'completed',
      'active',
      'active',
    ]);
  });

  it('names the missing completion documents in order', () => {
    expect(missingCompletionDocuments(['proof_of_delivery', 'other'])).toEqual(['rate_confirmation']);
    expect(missingCompletionDocuments(docs)).toEqual([]);
  });
});

describe('a broker invoice follows its payment status', () => {
  const at = new Date('2026-03-02T15:00:00Z');
  it('is paid at that moment when the payment is Completed, and unpaid again when it leaves it', () => {
    expect(brokerInvoiceAfterStatus(8, { invoice_status: 1, paid_at: null }, at)).toEqual({
      invoice_status: 3,
      paid_at: at,
    });
    const paidAt = new Date('2026-02-20T15:00:00Z');
    expect(brokerInvoiceAfterStatus(8, { invoice_status: 3, paid_at: paidAt }, at)).toEqual({
      invoice_status: 3,
      paid_at: paidAt,
    });
    expect(brokerInvoiceAfterStatus(9, { invoice_status: 3, paid_at: paidAt }, at)).toEqual({
      invoice_status: 1,
      paid_at: null,
    });
    expect(brokerInvoiceAfterStatus(2, { invoice_status: 2, paid_at: null }, at)).toEqual({
      invoice_status: 2,
      paid_at: null,
    });
  });
});

describe('the pay status of a load', () => {
  it("follows the spec's names", () => {
    expect(payStatusOf(12, null)).toBe('Canceled');
    expect(payStatusOf(9, { status: 1, quickpay_percent: '3.00' })).toBe('TONU');
    expect(payStatusOf(11, null)).toBe('TONU');
    expect(payStatusOf(8, { status: 6, quickpay_percent: null })).toBe('Problems');
    expect(payStatusOf(10, { status: 9, quickpay_percent: '3.00' })).toBe('Problems');
    expect(payStatusOf(8, { status: 1, quickpay_percent: '3.00' })).toBe('Quickpay');
    expect(payStatusOf(8, { status: 5, quickpay_percent: null })).toBe('W/0 Factoring');
    expect(payStatusOf(8, { status: 3, quickpay_percent: null })).toBe('Standard');
    expect(payStatusOf(8, null)).toBe('Standard');
  });
  it('counts 3 and 4 as factoring', () => {
    expect([1, 2, 3, 4, 5].map(isFactoring)).toEqual([false, false, true, true, false]);
  });
});

describe('the accounting contracts', () => {
  it('reads the income list query with the load lists filters and the accounting ones', () => {
    const query = incomeListQuerySchema.parse({
      type: 'quick-pay',
      page: '1',
      limit: '1',
      week: '9',
      year: '2026',
      factoring: 'false',
      payment_status: '3',
      dispatcher: '12',
      delivery_from: '2026-03-01',
    });
    expect(query).toMatchObject({
      type: 'quick-pay',
      page: 1,
      limit: 1,
      week: 9,
      year: 2026,
      factoring: false,
    });
    expect(query).toMatchObject({
      payment_status: 3,
      dispatcher: 12,
      delivery_from: '2026-03-01T05:00:00.000Z',
    });
  });
  it('names the field of a bad filter', () => {
    const result = incomeListQuerySchema.safeParse({ type: 'paid', week: '54' });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(paths).toEqual([
      ['week', 'Must be a week from 1 to 53'],
      ['type', "Must be 'active', 'completed' or 'quick-pay'"],
    ]);
  });
  it('takes an accounting status of 1 to 8 and explains 9', () => {
    expect(accountingStatusUpdateSchema.parse({ accounting_status: 8 })).toEqual({
      accounting_status: 8,
      override: false,
    });
    expect(accountingStatusUpdateSchema.safeParse({ accounting_status: 9 }).error?.issues[0]?.message).toBe(
      'A load is canceled with its cancel action, not by its accounting status',
    );
    expect(accountingStatusUpdateSchema.safeParse({ accounting_status: 0 }).error?.issues[0]?.message).toBe(
      'Choose an accounting status from 1 to 8',
    );
  });
  it('reads quick pay as a percent, the company default (true) or none', () => {
    expect(quickpayUpdateSchema.parse({ quickpay: 3.5 })).toEqual({ quickpay: 3.5 });
    expect(quickpayUpdateSchema.parse({ quickpay: '2.25' })).toEqual({ quickpay: 2.25 });
    expect(quickpayUpdateSchema.parse({ quickpay: true })).toEqual({ quickpay: true });
    expect(quickpayUpdateSchema.parse({ quickpay: false })).toEqual({ quickpay: null });
    expect(quickpayUpdateSchema.parse({ quickpay: null })).toEqual({ quickpay: null });
    for (const bad of [100.01, -1, '3.555', 'abc', {}]) {
      expect(quickpayUpdateSchema.safeParse({ quickpay: bad }).success).toBe(false);
    }
  });
  it('lists active broker payments by default', () => {
    expect(brokerPaymentListQuerySchema.parse({ team: '4', text: ' acme ' })).toMatchObject({
      list: 'active',
      team: 4,
      text: 'acme',
      page: 1,
    });
  });
});
