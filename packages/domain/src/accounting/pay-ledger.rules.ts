import {
  dispatcherLoadPay,
  incentivePayee,
  incomeReceived,
  loadIncome,
  ownerLoadPay,
  quickPayDeduction,
  signedIncentive,
  type DispatcherPayTerms,
  type PayLoad,
  type PayPersonType,
} from './money.rules';
import { nextOpenPayWeek, payWeekKey, type PayWeek } from './pay-weeks.rules';

// Each load's share of its owner's and dispatcher's weeks, the adjustments a change to a closed week makes,
// and the books of a week (the money model is written down in money.rules.ts).

/** What one load adds to one person's week. */
export type PayContribution = PayWeek & {
  person_type: PayPersonType;
  person_id: number;
  amount_cents: number;
};

/** What the load adds to its owner's and its dispatcher's weeks (its pay and their incentives on it). */
export function loadContributions(
  load: PayLoad,
  terms: DispatcherPayTerms | null | undefined,
): PayContribution[] {
  const incentivesOf = (payee: PayPersonType) =>
    load.incentives
      .filter((incentive) => incentivePayee(incentive) === payee)
      .reduce((sum, incentive) => sum + signedIncentive(incentive), 0);
  const week = { year: load.year, week: load.week };
  const contributions: PayContribution[] = [];
  if (load.owner_id !== null) {
    contributions.push({
      ...week,
      person_type: 'owner',
      person_id: load.owner_id,
      amount_cents: ownerLoadPay(load) + incentivesOf('owner'),
    });
  }
  if (load.dispatcher_id !== null) {
    contributions.push({
      ...week,
      person_type: 'dispatcher',
      person_id: load.dispatcher_id,
      amount_cents: dispatcherLoadPay(load, terms) + incentivesOf('dispatcher'),
    });
  }
  return contributions;
}

/** What the company keeps of one load: income received less what the load pays its people. */
export function loadMargin(load: PayLoad, terms: DispatcherPayTerms | null | undefined): number {
  return loadContributions(load, terms).reduce(
    (margin, part) => margin - part.amount_cents,
    incomeReceived(load),
  );
}

/** An adjustment to make: the difference a change made to a closed week, paid in an open week. */
export type PayAdjustment = PayWeek & {
  person_type: PayPersonType;
  person_id: number;
  amount_cents: number;
  /** The closed weeks whose pay changed. */
  from: PayWeek[];
};

/**
 * The adjustments a change to loads makes: for every person and closed week whose pay the change moved
 * (contributions before and after), the difference goes to the next open week; differences that meet in
 * the same person's open week are added, and nothing is made when they cancel. Changes to open weeks need
 * nothing: their pay is computed from the loads as they are.
 */
export function closedWeekAdjustments(
  before: readonly PayContribution[],
  after: readonly PayContribution[],
  closed: ReadonlySet<string>,
): PayAdjustment[] {
  const deltas = new Map<string, PayContribution>();
  const add = (part: PayContribution, sign: 1 | -1) => {
    const key = `${part.person_type}:${part.person_id}:${payWeekKey(part)}`;
    const found = deltas.get(key) ?? { ...part, amount_cents: 0 };
    found.amount_cents += sign * part.amount_cents;
    deltas.set(key, found);
  };
  for (const part of before) add(part, -1);
  for (const part of after) add(part, 1);
  const adjustments = new Map<string, PayAdjustment>();
  for (const delta of deltas.values()) {
    if (delta.amount_cents === 0 || !closed.has(payWeekKey(delta))) continue;
    const target = nextOpenPayWeek(delta, closed);
    const key = `${delta.person_type}:${delta.person_id}:${payWeekKey(target)}`;
    const found = adjustments.get(key) ?? {
      ...target,
      person_type: delta.person_type,
      person_id: delta.person_id,
      amount_cents: 0,
      from: [],
    };
    found.amount_cents += delta.amount_cents;
    found.from.push({ year: delta.year, week: delta.week });
    adjustments.set(key, found);
  }
  return [...adjustments.values()].filter((adjustment) => adjustment.amount_cents !== 0);
}

// ---------------------------------------------------------------- the books of a week

export type WeekLedger = {
  /** Broker prices of the week's loads (canceled: 0). */
  income_cents: number;
  quickpay_deductions_cents: number;
  /** Income less the quick pay deductions: what the carrier receives. */
  income_received_cents: number;
  owner_pay_cents: number;
  dispatcher_pay_cents: number;
  /** income received = owner pay + dispatcher pay + margin. */
  margin_cents: number;
};

/**
 * The books of one week: its loads (with their incentives), the dispatchers' terms and the week's pay
 * items. A load without an owner or a dispatcher pays no one on that side.
 */
export function weekLedger(
  loads: readonly PayLoad[],
  termsOf: (dispatcherId: number) => DispatcherPayTerms | null | undefined,
  items: readonly { person_type: PayPersonType; amount_cents: number }[],
): WeekLedger {
  const ledger: WeekLedger = {
    income_cents: 0,
    quickpay_deductions_cents: 0,
    income_received_cents: 0,
    owner_pay_cents: 0,
    dispatcher_pay_cents: 0,
    margin_cents: 0,
  };
  for (const load of loads) {
    ledger.income_cents += loadIncome(load);
    ledger.quickpay_deductions_cents += quickPayDeduction(load);
    const terms = load.dispatcher_id === null ? null : termsOf(load.dispatcher_id);
    for (const part of loadContributions(load, terms)) {
      if (part.person_type === 'owner') ledger.owner_pay_cents += part.amount_cents;
      else ledger.dispatcher_pay_cents += part.amount_cents;
    }
  }
  for (const item of items) {
    if (item.person_type === 'owner') ledger.owner_pay_cents += item.amount_cents;
    else ledger.dispatcher_pay_cents += item.amount_cents;
  }
  ledger.income_received_cents = ledger.income_cents - ledger.quickpay_deductions_cents;
  ledger.margin_cents = ledger.income_received_cents - ledger.owner_pay_cents - ledger.dispatcher_pay_cents;
  return ledger;
}
