import { describe, expect, it } from 'vitest';
import {
  ageInvoices,
  ageingBucket,
  averageDaysToPay,
  daysBetween,
  daysPastDue,
  dueDateOf,
} from './ageing.rules';

describe('ageing of unpaid broker invoices', () => {
  it('is due the invoice date plus the days to pay, 30 when not set', () => {
    expect(dueDateOf('2026-01-15', null)).toBe('2026-02-14');
    expect(dueDateOf('2026-02-20', 15)).toBe('2026-03-07');
    expect(dueDateOf('2024-02-20', 15)).toBe('2024-03-06');
    expect(daysBetween('2026-01-01', '2026-01-31')).toBe(30);
  });

  it('puts each invoice in its bucket by days past due', () => {
    expect([-5, 0, 1, 30, 31, 60, 61, 90, 91, 400].map(ageingBucket)).toEqual([
      'current',
      'current',
      'days_1_30',
      'days_1_30',
      'days_31_60',
      'days_31_60',
      'days_61_90',
      'days_61_90',
      'over_90',
      'over_90',
    ]);
    // Invoiced 1 January on 30 days: due 31 January; on 2 March it is 30 days past due.
    expect(daysPastDue('2026-01-01', null, '2026-03-02')).toBe(30);
    expect(daysPastDue('2026-01-01', null, '2026-01-31')).toBe(0);
  });

  it("sums a broker's invoices by bucket on a date", () => {
    const asOf = '2026-06-30';
    const invoices = [
      // due 2026-06-20 (20 days before: 10 past due)
      { amount_cents: 100_000, invoice_date: '2026-06-05', days_to_pay: 15 },
      // due 2026-07-10: current
      { amount_cents: 50_050, invoice_date: '2026-06-10', days_to_pay: null },
      // due 2026-04-30: 61 past due
      { amount_cents: 25_000, invoice_date: '2026-03-31', days_to_pay: null },
      // due 2026-01-31: 150 past due
      { amount_cents: 7_525, invoice_date: '2026-01-01', days_to_pay: null },
      // due 2026-05-31: 30 past due
      { amount_cents: 1, invoice_date: '2026-05-01', days_to_pay: null },
    ];
    expect(ageInvoices(invoices, asOf)).toEqual({
      current: 50_050,
      days_1_30: 100_001,
      days_31_60: 0,
      days_61_90: 25_000,
      over_90: 7_525,
      total: 182_576,
    });
    expect(ageInvoices([], asOf).total).toBe(0);
  });

  it("averages a broker's days to pay to one decimal, none before its first payment", () => {
    expect(averageDaysToPay([])).toBeNull();
    expect(
      averageDaysToPay([
        { invoice_date: '2026-01-01', paid_date: '2026-01-31' },
        { invoice_date: '2026-02-01', paid_date: '2026-02-21' },
        { invoice_date: '2026-03-01', paid_date: '2026-03-26' },
      ]),
    ).toBe(25);
    expect(
      averageDaysToPay([
        { invoice_date: '2026-01-01', paid_date: '2026-01-11' },
        { invoice_date: '2026-01-01', paid_date: '2026-01-12' },
        { invoice_date: '2026-01-01', paid_date: '2026-01-12' },
      ]),
    ).toBe(10.7);
  });
});
