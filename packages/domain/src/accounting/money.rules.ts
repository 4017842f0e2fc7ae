import { CANCELED_STATUS } from '../loads/load-lifecycle.rules';
import type { PayWeek } from './pay-weeks.rules';

/**
 * The money model of accounting: what a load earns, what it pays its owner and its dispatcher, what the
 * company keeps, and how a change to a week already paid is settled. Money is integer cents everywhere
 * (common/money.ts); every rounding is half up to the cent, once per load.
 *
 * A load
 * - earns its broker price (what the broker pays the carrier) and pays its driver price to its owner. A TONU
 *   load (status 9, 11) earns and pays the prices its TONU set; a canceled load (12) earns and pays nothing
 *   (a payment made for it with POST payments/create is a pay item of its own).
 * - Quick pay: when the broker pays early the carrier receives the broker price less the quick pay
 *   deduction, round-half-up(broker_price * quickpay_percent / 100). The deduction is the company's cost:
 *   it lowers the margin, never the owner's or the dispatcher's pay.
 * - Its owner is the owner of its vehicle, else the owner of its driver; its dispatcher is loads.dispatcher_id.
 *
 * A dispatcher's pay for a load follows their terms (dispatcher_pay_terms; no terms pay 0):
 * - gross_percent p:  round(broker_price * p / 100)
 * - margin_percent p: round((broker_price - driver_price) * p / 100), 0 when the margin is below 0
 * - per_load a:       a for every load of the week (TONU included, canceled not)
 *
 * Incentives: a Bonus adds, a Fine takes away. A driver's or owner's incentive on a load is paid to the load's
 * owner (on the owner's pay sheet as a line of its own), a dispatcher's to the load's dispatcher.
 * Pay items: a 'payment' (POST payments/create, e.g. for a canceled load) adds, a 'charge' (negative)
 * takes away, an 'adjustment' is what a change to a closed week made (below).
 *
 * A week's pay, for each owner and dispatcher: the pay of their loads of that accounting week + their
 * incentives on those loads + their pay items of that week. The company margin of the week is the income
 * received (broker prices less quick pay deductions) less all owner pay and all dispatcher pay, so that
 * income received = owner pay + dispatcher pay + margin, to the cent (weekLedger in pay-ledger.rules.ts).
 *
 * Closed weeks: once a week's pay sheets are sent the week is closed and what it paid is frozen. A later
 * change to one of its loads (a completed load's prices, its week, an incentive, a step back from Delivered
 * to active) is settled as an adjustment of the difference in the next open week (closedWeekAdjustments in pay-ledger.rules.ts), so that every cent is paid exactly once.
 *
 * Worked examples (money.test.ts has them all):
 * - Load A: broker $2,000.00, driver $1,500.00, quick pay 3.5 %: income $2,000.00, deduction $70.00,
 *   received $1,930.00; owner $1,500.00; dispatcher at 10 % of gross $200.00; margin $230.00.
 * - The same load at 25 % of margin pays the dispatcher round($500.00 * 25 %) = $125.00; at $35 per load $35.00.
 * - A load paying more than it earns (broker $900, driver $1,000) at 20 % of margin pays the dispatcher $0.
 * - A canceled load with a $150.00 payment to its owner: income $0, owner $150.00, margin -$150.00.
 * - A week closed with owner pay $1,500.00; the load's driver price is then corrected to $1,450.00: the
 *   closed week still shows $1,500.00 and the next open week gets an adjustment of -$50.00.
 */

export type DispatcherPayBasis = 'gross_percent' | 'margin_percent' | 'per_load';
export const DISPATCHER_PAY_BASES = ['gross_percent', 'margin_percent', 'per_load'] as const;

/** A dispatcher's terms: a percent (0 to 100, two decimals) for the percent bases, cents for per_load. */
export type DispatcherPayTerms = {
  basis: DispatcherPayBasis;
  percent: number | null;
  amount_cents: number | null;
};

/** What the money model reads of a load. */
export type LoadMoney = {
  status: number;
  broker_price_cents: number;
  driver_price_cents: number;
  /** The quick pay percent of the load's broker payment; null without quick pay. */
  quickpay_percent?: number | null;
};

export type IncentiveType = 'Bonus' | 'Fine';
export type IncentivePersonType = 'driver' | 'owner' | 'dispatcher';
export type IncentiveMoney = { type: IncentiveType; person_type: IncentivePersonType; amount_cents: number };

export type PayItemKind = 'payment' | 'charge' | 'adjustment';
export type PayPersonType = 'owner' | 'dispatcher';

/** round-half-up(cents * percent / 100), exact for percents with two decimals; half away from zero below 0. */
export function percentOfCents(cents: number, percent: number | string): number {
  const hundredths = Math.round(Number(percent) * 100);
  const product = Math.abs(cents) * hundredths;
  const rounded = Math.floor((product + 5000) / 10000);
  return cents < 0 ? -rounded : rounded;
}

export const isCanceledLoad = (load: Pick<LoadMoney, 'status'>) => load.status === CANCELED_STATUS;

/** What the broker owes for the load: its broker price, 0 when canceled. */
export function loadIncome(load: LoadMoney): number {
  return isCanceledLoad(load) ? 0 : load.broker_price_cents;
}

/** The quick pay deduction: round-half-up(income * percent / 100), 0 without quick pay. */
export function quickPayDeduction(load: LoadMoney): number {
  const percent = load.quickpay_percent;
  return percent === null || percent === undefined ? 0 : percentOfCents(loadIncome(load), percent);
}

/** What the carrier receives for the load: its income less the quick pay deduction. */
export function incomeReceived(load: LoadMoney): number {
  return loadIncome(load) - quickPayDeduction(load);
}

/** What the load pays its owner: the driver price, 0 when canceled. */
export function ownerLoadPay(load: LoadMoney): number {
  return isCanceledLoad(load) ? 0 : load.driver_price_cents;
}

/** What the load pays its dispatcher under their terms (none: 0). */
export function dispatcherLoadPay(load: LoadMoney, terms: DispatcherPayTerms | null | undefined): number {
  if (!terms || isCanceledLoad(load)) return 0;
  switch (terms.basis) {
    case 'gross_percent':
      return percentOfCents(load.broker_price_cents, terms.percent ?? 0);
    case 'margin_percent':
      return Math.max(
        0,
        percentOfCents(load.broker_price_cents - load.driver_price_cents, terms.percent ?? 0),
      );
    case 'per_load':
      return terms.amount_cents ?? 0;
  }
}

/** An incentive as money: a Bonus adds its amount, a Fine takes it away. */
export function signedIncentive(incentive: Pick<IncentiveMoney, 'type' | 'amount_cents'>): number {
  return incentive.type === 'Fine' ? -incentive.amount_cents : incentive.amount_cents;
}

/** Whose pay an incentive goes to: driver and owner incentives to the owner, the others to the dispatcher. */
export function incentivePayee(incentive: Pick<IncentiveMoney, 'person_type'>): PayPersonType {
  return incentive.person_type === 'dispatcher' ? 'dispatcher' : 'owner';
}

/** A charge is kept negative, a payment positive; an adjustment has its own sign. */
export function signedPayItem(kind: PayItemKind, amountCents: number): number {
  if (kind === 'charge') return -Math.abs(amountCents);
  if (kind === 'payment') return Math.abs(amountCents);
  return amountCents;
}

/** A person's week, summed: what the pay sheet's totals show. */
export type WeekPay = {
  loads_count: number;
  /** Broker prices of the loads (what they earn). */
  gross_cents: number;
  /** What the loads pay the person. */
  load_pay_cents: number;
  bonuses_cents: number;
  /** Positive: what the fines take away. */
  fines_cents: number;
  /** Pay items: payments, charges, adjustments. */
  items_cents: number;
  total_cents: number;
};

export type WeekPayLoad = LoadMoney & { incentives: readonly IncentiveMoney[] };

function weekPay(
  payee: PayPersonType,
  loads: readonly WeekPayLoad[],
  itemsCents: readonly number[],
  payOf: (load: LoadMoney) => number,
): WeekPay {
  let gross = 0;
  let loadPay = 0;
  let bonuses = 0;
  let fines = 0;
  for (const load of loads) {
    gross += loadIncome(load);
    loadPay += payOf(load);
    for (const incentive of load.incentives) {
      if (incentivePayee(incentive) !== payee) continue;
      if (incentive.type === 'Fine') fines += incentive.amount_cents;
      else bonuses += incentive.amount_cents;
    }
  }
  const items = itemsCents.reduce((sum, cents) => sum + cents, 0);
  return {
    loads_count: loads.length,
    gross_cents: gross,
    load_pay_cents: loadPay,
    bonuses_cents: bonuses,
    fines_cents: fines,
    items_cents: items,
    total_cents: loadPay + bonuses - fines + items,
  };
}

/** An owner's week: driver prices + bonuses - fines (driver and owner incentives) + pay items. */
export function ownerWeekPay(loads: readonly WeekPayLoad[], itemsCents: readonly number[]): WeekPay {
  return weekPay('owner', loads, itemsCents, ownerLoadPay);
}

/** A dispatcher's week: pay by terms for each load + dispatcher incentives + pay items. */
export function dispatcherWeekPay(
  loads: readonly WeekPayLoad[],
  terms: DispatcherPayTerms | null | undefined,
  itemsCents: readonly number[],
): WeekPay {
  return weekPay('dispatcher', loads, itemsCents, (load) => dispatcherLoadPay(load, terms));
}

/** A load as the pay of its people sees it: who they are, and the week it is counted in. */
export type PayLoad = WeekPayLoad & PayWeek & { owner_id: number | null; dispatcher_id: number | null };
