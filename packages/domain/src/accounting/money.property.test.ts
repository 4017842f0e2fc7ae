import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dispatcherWeekPay,
  ownerWeekPay,
  signedPayItem,
  type DispatcherPayTerms,
  type IncentiveMoney,
  type PayLoad,
  type PayPersonType,
} from './money.rules';
import { closedWeekAdjustments, loadContributions, loadMargin, weekLedger } from './pay-ledger.rules';
import { openPayWeekFor, payWeekKey, type PayWeek } from './pay-weeks.rules';

// The books balance whatever happens: random loads, TONUs, cancellations and restores, quick pays, incentives,
// pay items, price corrections, week moves and loads stepped back from Delivered to active and delivered
// again, with weeks closing in between, settled the way the server does (a change to a closed week's load, a
// load leaving the pay weeks for active included, is an adjustment in the next open week; a load entering them
// is booked into an open week). For every week, income received
// = owner pay + dispatcher pay + margin to the cent, the margin adding up load by load; and every person is
// paid exactly what their loads, incentives and pay items come to, once.

const OWNERS = [1, 2, 3];
const DISPATCHERS = [11, 12, 13];
const WEEKS: PayWeek[] = [51, 52, 53, 1, 2, 3].map((week) => ({ year: week > 50 ? 2026 : 2027, week }));

const cents = fc.integer({ min: 0, max: 1_000_000 });
const percent = fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100);
const terms: fc.Arbitrary<DispatcherPayTerms | null> = fc.oneof(
  fc.constant(null),
  percent.map((p) => ({ basis: 'gross_percent' as const, percent: p, amount_cents: null })),
  percent.map((p) => ({ basis: 'margin_percent' as const, percent: p, amount_cents: null })),
  fc
    .integer({ min: 0, max: 20_000 })
    .map((a) => ({ basis: 'per_load' as const, percent: null, amount_cents: a })),
);
const weekIndex = fc.integer({ min: 0, max: WEEKS.length - 1 });
const pick = fc.nat();

type Operation =
  | {
      op: 'load';
      owner: number | null;
      dispatcher: number | null;
      week: number;
      broker: number;
      driver: number;
      quickpay: number | null;
    }
  | { op: 'tonu'; load: number; broker: number; driver: number }
  | { op: 'cancel'; load: number }
  | { op: 'restore'; load: number }
  | { op: 'back'; load: number }
  | { op: 'deliver'; load: number; week: number }
  | { op: 'complete'; load: number }
  | { op: 'price'; load: number; broker: number; driver: number }
  | { op: 'move'; load: number; week: number }
  | { op: 'incentive'; load: number; incentive: IncentiveMoney }
  | {
      op: 'item';
      person: PayPersonType;
      index: number;
      week: number;
      kind: 'payment' | 'charge';
      amount: number;
    }
  | { op: 'close'; week: number };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    op: fc.constant('load' as const),
    owner: fc.option(fc.constantFrom(...OWNERS), { freq: 6 }),
    dispatcher: fc.option(fc.constantFrom(...DISPATCHERS), { freq: 4 }),
    week: weekIndex,
    broker: cents,
    driver: cents,
    quickpay: fc.option(percent, { freq: 2 }),
  }),
  fc.record({ op: fc.constant('tonu' as const), load: pick, broker: cents, driver: cents }),
  fc.record({ op: fc.constant('cancel' as const), load: pick }),
  fc.record({ op: fc.constant('restore' as const), load: pick }),
  fc.record({ op: fc.constant('back' as const), load: pick }),
  fc.record({ op: fc.constant('deliver' as const), load: pick, week: weekIndex }),
  fc.record({ op: fc.constant('complete' as const), load: pick }),
  fc.record({ op: fc.constant('price' as const), load: pick, broker: cents, driver: cents }),
  fc.record({ op: fc.constant('move' as const), load: pick, week: weekIndex }),
  fc.record({
    op: fc.constant('incentive' as const),
    load: pick,
    incentive: fc.record({
      type: fc.constantFrom('Bonus' as const, 'Fine' as const),
      person_type: fc.constantFrom('driver' as const, 'owner' as const, 'dispatcher' as const),
      amount_cents: fc.integer({ min: 1, max: 100_000 }),
    }),
  }),
  fc.record({
    op: fc.constant('item' as const),
    person: fc.constantFrom('owner' as const, 'dispatcher' as const),
    index: fc.integer({ min: 0, max: 2 }),
    week: weekIndex,
    kind: fc.constantFrom('payment' as const, 'charge' as const),
    amount: fc.integer({ min: 1, max: 200_000 }),
  }),
  fc.record({ op: fc.constant('close' as const), week: weekIndex }),
);

type Item = PayWeek & {
  person_type: PayPersonType;
  person_id: number;
  amount_cents: number;
  adjustment: boolean;
};

/** An active load (below 8: stepped back from Delivered, restored) is in no pay week. */
const inPayWeeks = (load: PayLoad) => load.status >= 8;

/** The company's books, changed the way the server changes them. */
function runBooks(termsOf: Map<number, DispatcherPayTerms | null>, operations: Operation[]) {
  const loads: PayLoad[] = [];
  const items: Item[] = [];
  const closed = new Set<string>();
  const frozen = new Map<string, number>();
  const terms = (id: number | null) => (id === null ? null : (termsOf.get(id) ?? null));
  const contributions = (load: PayLoad) =>
    inPayWeeks(load) ? loadContributions(load, terms(load.dispatcher_id)) : [];

  const personKey = (type: PayPersonType, id: number, week: PayWeek) => `${type}:${id}:${payWeekKey(week)}`;
  const isOf = (week: PayWeek) => (x: PayWeek) => x.year === week.year && x.week === week.week;
  function computed(type: PayPersonType, id: number, week: PayWeek): number {
    const weekLoads = loads
      .filter(isOf(week))
      .filter(inPayWeeks)
      .filter((l) => (type === 'owner' ? l.owner_id : l.dispatcher_id) === id);
    const weekItems = items
      .filter(isOf(week))
      .filter((i) => i.person_type === type && i.person_id === id)
      .map((i) => i.amount_cents);
    return type === 'owner'
      ? ownerWeekPay(weekLoads, weekItems).total_cents
      : dispatcherWeekPay(weekLoads, terms(id), weekItems).total_cents;
  }
  /** A change to one load: a closed week's difference becomes an adjustment in the next open week. */
  function change(load: PayLoad, apply: () => void) {
    const before = contributions(load);
    apply();
    for (const adjustment of closedWeekAdjustments(before, contributions(load), closed)) {
      items.push({ ...adjustment, adjustment: true });
    }
  }

  for (const step of operations) {
    const load = loads.length > 0 && 'load' in step ? loads[step.load % loads.length]! : undefined;
    switch (step.op) {
      case 'load': {
        const week = WEEKS[step.week]!;
        // A load enters its delivery week; when that week is closed it is booked in the next open one.
        loads.push({
          ...openPayWeekFor(week, closed),
          status: 8,
          broker_price_cents: step.broker,
          driver_price_cents: step.driver,
          quickpay_percent: step.quickpay,
          owner_id: step.owner,
          dispatcher_id: step.dispatcher,
          incentives: [],
        });
        break;
      }
      case 'tonu':
        if (load?.status === 8)
          change(load, () =>
            Object.assign(load, {
              status: 9,
              broker_price_cents: step.broker,
              driver_price_cents: step.driver,
            }),
          );
        break;
      case 'cancel':
        // An active load canceled enters the pay weeks in its week, or the next open one when that is closed.
        if (load && !inPayWeeks(load)) Object.assign(load, { status: 12, ...openPayWeekFor(load, closed) });
        else if (load && load.status !== 10 && load.status !== 11 && load.status !== 12)
          change(load, () => Object.assign(load, { status: 12 }));
        break;
      case 'restore':
        // Back to Waiting to accept: out of the pay weeks, a closed week's pay taken back by an adjustment.
        if (load?.status === 12) change(load, () => Object.assign(load, { status: 1 }));
        break;
      case 'back':
        // A step back from Delivered to Unloaded, the same way.
        if (load?.status === 8) change(load, () => Object.assign(load, { status: 7 }));
        break;
      case 'deliver':
        // Delivered (again): booked into its delivery week, or the next open one when that is closed.
        if (load && !inPayWeeks(load))
          Object.assign(load, { status: 8, ...openPayWeekFor(WEEKS[step.week]!, closed) });
        break;
      case 'complete':
        if (load?.status === 8 || load?.status === 9)
          change(load, () => Object.assign(load, { status: load.status === 8 ? 10 : 11 }));
        break;
      case 'price':
        if (load)
          change(load, () =>
            Object.assign(load, { broker_price_cents: step.broker, driver_price_cents: step.driver }),
          );
        break;
      case 'move':
        // PUT loads/{id}/change-week: a load of checkout or completed only.
        if (load && inPayWeeks(load)) change(load, () => Object.assign(load, WEEKS[step.week]));
        break;
      case 'incentive':
        if (load) change(load, () => (load.incentives = [...load.incentives, step.incentive]));
        break;
      case 'item': {
        const id = (step.person === 'owner' ? OWNERS : DISPATCHERS)[step.index]!;
        // POST payments/create books a pay item into the week asked, or the next open one.
        items.push({
          ...openPayWeekFor(WEEKS[step.week]!, closed),
          person_type: step.person,
          person_id: id,
          amount_cents: signedPayItem(step.kind, step.amount),
          adjustment: false,
        });
        break;
      }
      case 'close': {
        const week = WEEKS[step.week]!;
        if (closed.has(payWeekKey(week))) break;
        for (const id of OWNERS) frozen.set(personKey('owner', id, week), computed('owner', id, week));
        for (const id of DISPATCHERS)
          frozen.set(personKey('dispatcher', id, week), computed('dispatcher', id, week));
        closed.add(payWeekKey(week));
        break;
      }
    }
  }
  const paid = (type: PayPersonType, id: number, week: PayWeek) =>
    frozen.get(personKey(type, id, week)) ?? computed(type, id, week);
  return { loads, items, closed, computed, paid, terms };
}

describe('the books balance', () => {
  it('for any week: income received = owner pay + dispatcher pay + margin, to the cent; every cent paid once', () => {
    fc.assert(
      fc.property(
        fc.array(terms, { minLength: DISPATCHERS.length, maxLength: DISPATCHERS.length }),
        fc.array(operation, { minLength: 1, maxLength: 60 }),
        (termsList, operations) => {
          const termsOf = new Map(DISPATCHERS.map((id, index) => [id, termsList[index] ?? null]));
          const books = runBooks(termsOf, operations);
          // The listed weeks, and those past them that a closed week's changes went to.
          const allWeeks = [
            ...new Map(
              [...WEEKS, ...books.loads, ...books.items].map((w) => [
                payWeekKey(w),
                { year: w.year, week: w.week },
              ]),
            ).values(),
          ];
          for (const week of allWeeks) {
            const weekLoads = books.loads
              .filter(inPayWeeks)
              .filter((l) => l.year === week.year && l.week === week.week);
            const weekItems = books.items.filter((i) => i.year === week.year && i.week === week.week);
            const ledger = weekLedger(weekLoads, (id) => books.terms(id), weekItems);
            expect(ledger.income_received_cents).toBe(
              ledger.owner_pay_cents + ledger.dispatcher_pay_cents + ledger.margin_cents,
            );
            expect(ledger.income_cents).toBe(ledger.income_received_cents + ledger.quickpay_deductions_cents);
            // The margin, load by load, less the pay items, is the week's.
            const byLoad = weekLoads.reduce((sum, l) => sum + loadMargin(l, books.terms(l.dispatcher_id)), 0);
            expect(byLoad - weekItems.reduce((sum, i) => sum + i.amount_cents, 0)).toBe(ledger.margin_cents);
            // What each owner's and dispatcher's pay sheets add up to is the week's pay, people without a
            // sheet (loads with no owner or dispatcher) paying no one.
            const sheets =
              OWNERS.reduce((sum, id) => sum + books.computed('owner', id, week), 0) +
              DISPATCHERS.reduce((sum, id) => sum + books.computed('dispatcher', id, week), 0);
            expect(sheets).toBe(ledger.owner_pay_cents + ledger.dispatcher_pay_cents);
            for (const value of Object.values(ledger)) expect(Number.isSafeInteger(value)).toBe(true);
          }
          // Closed weeks keep what they paid; the adjustments carry every later change, so each person is
          // paid, over all weeks, what their loads, incentives and own pay items come to now.
          for (const [type, ids] of [
            ['owner', OWNERS],
            ['dispatcher', DISPATCHERS],
          ] as const) {
            for (const id of ids) {
              const paid = allWeeks.reduce((sum, week) => sum + books.paid(type, id, week), 0);
              const owed = books.loads.filter(inPayWeeks).reduce(
                (sum, l) =>
                  sum +
                  loadContributions(l, books.terms(l.dispatcher_id))
                    .filter((part) => part.person_type === type && part.person_id === id)
                    .reduce((s, part) => s + part.amount_cents, 0),
                0,
              );
              const ownItems = books.items
                .filter((i) => !i.adjustment && i.person_type === type && i.person_id === id)
                .reduce((sum, i) => sum + i.amount_cents, 0);
              expect(paid).toBe(owed + ownItems);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
