import { describe, expect, it } from 'vitest';
import {
  dispatcherLoadPay,
  dispatcherWeekPay,
  incomeReceived,
  loadIncome,
  ownerLoadPay,
  ownerWeekPay,
  percentOfCents,
  quickPayDeduction,
  signedPayItem,
  type DispatcherPayTerms,
  type PayLoad,
} from './money.rules';
import { closedWeekAdjustments, loadContributions, loadMargin, weekLedger } from './pay-ledger.rules';
import {
  addPayWeeks,
  isoWeeksInYear,
  nextOpenPayWeek,
  nextPayWeek,
  payWeekDates,
  payWeekKey,
  previousPayWeek,
} from './pay-weeks.rules';

const gross10: DispatcherPayTerms = { basis: 'gross_percent', percent: 10, amount_cents: null };
const margin25: DispatcherPayTerms = { basis: 'margin_percent', percent: 25, amount_cents: null };
const perLoad35: DispatcherPayTerms = { basis: 'per_load', percent: null, amount_cents: 3_500 };

/** Load A of the model's examples: broker $2,000.00, driver $1,500.00, delivered. */
const loadA = { status: 8, broker_price_cents: 200_000, driver_price_cents: 150_000 };

describe('what a load earns', () => {
  it('earns its broker price; with quick pay 3.5 % the carrier receives $1,930.00', () => {
    const load = { ...loadA, quickpay_percent: 3.5 };
    expect(loadIncome(load)).toBe(200_000);
    expect(quickPayDeduction(load)).toBe(7_000);
    expect(incomeReceived(load)).toBe(193_000);
    expect(quickPayDeduction(loadA)).toBe(0);
  });

  it('rounds the deduction half up to the cent', () => {
    // $1,234.55 at 2.5 % = $30.86375 -> $30.86; $1,000.10 at 2.5 % = $25.0025 -> $25.00; $0.30 at 5 % = 1.5¢ -> 2¢.
    expect(quickPayDeduction({ ...loadA, broker_price_cents: 123_455, quickpay_percent: 2.5 })).toBe(3_086);
    expect(
      quickPayDeduction({ ...loadA, broker_price_cents: 100_010, quickpay_percent: '2.50' as never }),
    ).toBe(2_500);
    expect(percentOfCents(30, 5)).toBe(2);
    expect(percentOfCents(-30, 5)).toBe(-2);
    expect(percentOfCents(100_000, 3.33)).toBe(3_330);
  });

  it('a TONU load earns and pays its TONU prices; a canceled one nothing', () => {
    const tonu = { status: 9, broker_price_cents: 25_000, driver_price_cents: 15_000 };
    expect(loadIncome(tonu)).toBe(25_000);
    expect(ownerLoadPay(tonu)).toBe(15_000);
    expect(ownerLoadPay({ ...tonu, status: 11 })).toBe(15_000);
    const canceled = { ...loadA, status: 12, quickpay_percent: 3 };
    expect(loadIncome(canceled)).toBe(0);
    expect(quickPayDeduction(canceled)).toBe(0);
    expect(ownerLoadPay(canceled)).toBe(0);
    expect(dispatcherLoadPay(canceled, perLoad35)).toBe(0);
  });
});

describe("a dispatcher's pay by terms", () => {
  it('10 % of gross, 25 % of margin, $35 per load, nothing without terms', () => {
    expect(dispatcherLoadPay(loadA, gross10)).toBe(20_000);
    expect(dispatcherLoadPay(loadA, margin25)).toBe(12_500);
    expect(dispatcherLoadPay(loadA, perLoad35)).toBe(3_500);
    expect(dispatcherLoadPay(loadA, null)).toBe(0);
  });

  it('pays 0 of a margin below 0, and rounds each load half up', () => {
    const loss = { status: 10, broker_price_cents: 90_000, driver_price_cents: 100_000 };
    expect(dispatcherLoadPay(loss, { basis: 'margin_percent', percent: 20, amount_cents: null })).toBe(0);
    // $1,234.55 at 12.5 % of gross = $154.31875 -> $154.32.
    const odd = { status: 10, broker_price_cents: 123_455, driver_price_cents: 0 };
    expect(dispatcherLoadPay(odd, { basis: 'gross_percent', percent: 12.5, amount_cents: null })).toBe(
      15_432,
    );
  });

  it('is not lowered by quick pay: the deduction is the company cost', () => {
    expect(dispatcherLoadPay({ ...loadA, quickpay_percent: 5 }, gross10)).toBe(20_000);
  });
});

describe("a person's week", () => {
  const week = [
    {
      ...loadA,
      incentives: [{ type: 'Bonus' as const, person_type: 'driver' as const, amount_cents: 5_000 }],
    },
    {
      status: 11,
      broker_price_cents: 30_000,
      driver_price_cents: 20_000,
      incentives: [
        { type: 'Fine' as const, person_type: 'owner' as const, amount_cents: 2_500 },
        { type: 'Bonus' as const, person_type: 'dispatcher' as const, amount_cents: 1_000 },
      ],
    },
    { status: 12, broker_price_cents: 80_000, driver_price_cents: 60_000, incentives: [] },
  ];

  it("owner: driver prices + driver's and owner's bonuses - fines + pay items", () => {
    // $1,500 + $200 (TONU) + $0 (canceled) + $50 bonus - $25 fine + $150 payment - $40 charge = $1,835.00.
    const pay = ownerWeekPay(week, [signedPayItem('payment', 15_000), signedPayItem('charge', 4_000)]);
    expect(pay).toEqual({
      loads_count: 3,
      gross_cents: 230_000,
      load_pay_cents: 170_000,
      bonuses_cents: 5_000,
      fines_cents: 2_500,
      items_cents: 11_000,
      total_cents: 183_500,
    });
  });

  it('dispatcher: pay by terms per load + dispatcher incentives + pay items', () => {
    // 10 % of $2,000 and of $300 (TONU), canceled 0, + $10 bonus - $5 adjustment = $235.00.
    const pay = dispatcherWeekPay(week, gross10, [signedPayItem('adjustment', -500)]);
    expect(pay.load_pay_cents).toBe(23_000);
    expect(pay.bonuses_cents).toBe(1_000);
    expect(pay.total_cents).toBe(23_500);
  });
});

describe('the books of a week', () => {
  const load = (over: Partial<PayLoad>): PayLoad => ({
    ...loadA,
    incentives: [],
    year: 2026,
    week: 10,
    owner_id: 1,
    dispatcher_id: 7,
    ...over,
  });

  it('balance: income received = owner pay + dispatcher pay + margin', () => {
    const loads = [
      load({ quickpay_percent: 3.5 }),
      load({ status: 12, owner_id: 2 }),
      load({ broker_price_cents: 50_000, driver_price_cents: 40_000, dispatcher_id: null }),
    ];
    const ledger = weekLedger(loads, () => gross10, [{ person_type: 'owner', amount_cents: 15_000 }]);
    expect(ledger).toEqual({
      income_cents: 250_000,
      quickpay_deductions_cents: 7_000,
      income_received_cents: 243_000,
      owner_pay_cents: 205_000,
      dispatcher_pay_cents: 20_000,
      margin_cents: 18_000,
    });
    // Load A alone: $1,930.00 received - $1,500.00 - $200.00 = $230.00.
    expect(loadMargin(loads[0]!, gross10)).toBe(23_000);
  });

  it('a canceled load paid $150.00 to its owner lowers the margin by $150.00', () => {
    const ledger = weekLedger([load({ status: 12 })], () => gross10, [
      { person_type: 'owner', amount_cents: 15_000 },
    ]);
    expect(ledger.income_received_cents).toBe(0);
    expect(ledger.owner_pay_cents).toBe(15_000);
    expect(ledger.margin_cents).toBe(-15_000);
  });
});

describe('closed weeks', () => {
  it('counts ISO weeks: 2026 has 53, 2027 has 52; weeks run Monday to Sunday', () => {
    expect(isoWeeksInYear(2026)).toBe(53);
    expect(isoWeeksInYear(2027)).toBe(52);
    expect(nextPayWeek({ year: 2026, week: 52 })).toEqual({ year: 2026, week: 53 });
    expect(nextPayWeek({ year: 2026, week: 53 })).toEqual({ year: 2027, week: 1 });
    expect(previousPayWeek({ year: 2027, week: 1 })).toEqual({ year: 2026, week: 53 });
    expect(addPayWeeks({ year: 2025, week: 51 }, 3)).toEqual({ year: 2026, week: 2 });
    expect(payWeekDates({ year: 2026, week: 1 })).toEqual({ start: '2025-12-29', end: '2026-01-04' });
    expect(payWeekDates({ year: 2026, week: 48 })).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(payWeekKey({ year: 2026, week: 3 })).toBe('2026-03');
  });

  it('the next open week skips closed ones', () => {
    const closed = new Set(['2026-10', '2026-11']);
    expect(nextOpenPayWeek({ year: 2026, week: 10 }, closed)).toEqual({ year: 2026, week: 12 });
  });

  it('a corrected driver price of a closed week is an adjustment of the difference in the next open week', () => {
    const before = { ...loadA, incentives: [], year: 2026, week: 10, owner_id: 1, dispatcher_id: 7 };
    const after = { ...before, driver_price_cents: 145_000 };
    const closed = new Set(['2026-10']);
    const adjustments = closedWeekAdjustments(
      loadContributions(before, margin25),
      loadContributions(after, margin25),
      closed,
    );
    // Owner: $1,450 - $1,500 = -$50.00; dispatcher at 25 % of margin: $137.50 - $125.00 = +$12.50.
    expect(adjustments).toEqual([
      {
        person_type: 'owner',
        person_id: 1,
        year: 2026,
        week: 11,
        amount_cents: -5_000,
        from: [{ year: 2026, week: 10 }],
      },
      {
        person_type: 'dispatcher',
        person_id: 7,
        year: 2026,
        week: 11,
        amount_cents: 1_250,
        from: [{ year: 2026, week: 10 }],
      },
    ]);
    // The same change to an open week needs no adjustment.
    expect(
      closedWeekAdjustments(
        loadContributions(before, margin25),
        loadContributions(after, margin25),
        new Set(),
      ),
    ).toEqual([]);
  });

  it('a load moved out of a closed week takes its pay back; between two closed weeks nothing is made', () => {
    const before = { ...loadA, incentives: [], year: 2026, week: 10, owner_id: 1, dispatcher_id: null };
    const moved = { ...before, week: 12 };
    expect(
      closedWeekAdjustments(
        loadContributions(before, null),
        loadContributions(moved, null),
        new Set(['2026-10']),
      ),
    ).toEqual([
      {
        person_type: 'owner',
        person_id: 1,
        year: 2026,
        week: 11,
        amount_cents: -150_000,
        from: [{ year: 2026, week: 10 }],
      },
    ]);
    const closedBoth = new Set(['2026-10', '2026-11']);
    const toEleven = { ...before, week: 11 };
    expect(
      closedWeekAdjustments(loadContributions(before, null), loadContributions(toEleven, null), closedBoth),
    ).toEqual([]);
  });
});
