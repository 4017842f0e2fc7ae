import type { PayLoad } from '@app/domain/accounting/money.rules';
import {
  closedWeekAdjustments,
  loadContributions,
  type PayAdjustment,
} from '@app/domain/accounting/pay-ledger.rules';
import { padAccountingNumber } from '@app/domain/loads/loads.rules';
import type { Trx } from '../../db/unit-of-work';
import type { RealtimeEvent } from '../../realtime/event-bus';
import { accountingEvents, ensureWeekPayments } from './broker-payments';
import { termsOf } from './pay-response';
import * as sheets from './pay-sheet.repository';
import * as repository from './payments.repository';

// A change to a load's money or accounting week, settled with its people's pay: a week whose pay sheets were
// sent (closed) keeps what it paid, and the difference the change makes to it is an adjustment pay item in the
// next open week (closedWeekAdjustments, the money model's); the load's payment rows follow it to its week.
// The loads module calls `loadPayChanging` around a completed load's edit, a change of week and a status move
// that takes a load out of the pay weeks (a step back from Delivered, a restore), in its transaction; the
// incentives module may wrap its changes with `settleLoadPayChange`.

export type PayChangeTarget = { companyId: number; userId: number | null; loadId: number };

/** Called before the change, in its transaction; what it answers is called after it, for the events. */
export type LoadPayChanging = (trx: Trx, target: PayChangeTarget) => Promise<() => Promise<RealtimeEvent[]>>;

/** The hook the loads service takes (LoadsDeps.payAdjustments). */
export type PayAdjustmentsHook = { loadPayChanging: LoadPayChanging };

/** The load as the money model sees it; null when it is in no accounting week (not in accounting). */
async function payLoadOf(
  trx: Trx,
  companyId: number,
  loadId: number,
): Promise<{ load: PayLoad; number: number | null; terms: ReturnType<typeof termsOf> } | null> {
  const facts = await sheets.findLoadPayFacts(trx, companyId, loadId);
  if (!facts) return null;
  const { load } = facts;
  if (load.week === null || load.year === null || ![2, 3, 4].includes(load.list_class)) return null;
  return {
    load: {
      status: load.status,
      broker_price_cents: load.broker_price_cents,
      driver_price_cents: load.driver_price_cents,
      owner_id: load.owner_id,
      dispatcher_id: load.dispatcher_id,
      year: load.year,
      week: load.week,
      incentives: facts.incentives,
    },
    number: load.load_accounting_number,
    terms: termsOf(load),
  };
}

/** The reason an adjustment carries: the load and the closed weeks whose pay it corrects. */
function adjustmentReason(adjustment: PayAdjustment, loadNumber: string): string {
  const weeks = adjustment.from.map((week) => `week ${week.week} of ${week.year}`).join(', ');
  return `Adjustment for load ${loadNumber}: ${weeks} (closed)`;
}

export const loadPayChanging: LoadPayChanging = async (trx, target) => {
  const { companyId, loadId } = target;
  const before = await payLoadOf(trx, companyId, loadId);
  return async () => {
    const after = await payLoadOf(trx, companyId, loadId);
    const closed = await repository.findClosedWeekKeys(trx, companyId);
    const adjustments = closedWeekAdjustments(
      before ? loadContributions(before.load, before.terms) : [],
      after ? loadContributions(after.load, after.terms) : [],
      closed,
    );
    const number = padAccountingNumber(after?.number ?? before?.number ?? loadId);
    const paymentIds: number[] = [];
    for (const adjustment of adjustments) {
      const person = { type: adjustment.person_type, id: adjustment.person_id };
      const week = { year: adjustment.year, week: adjustment.week };
      await repository.insertPayItem(trx, {
        company_id: companyId,
        kind: 'adjustment',
        person_type: adjustment.person_type,
        owner_id: adjustment.person_type === 'owner' ? adjustment.person_id : null,
        dispatcher_id: adjustment.person_type === 'dispatcher' ? adjustment.person_id : null,
        load_id: loadId,
        ...week,
        amount_cents: adjustment.amount_cents,
        reason: adjustmentReason(adjustment, number),
        created_by: target.userId,
      });
      paymentIds.push(
        (await repository.findOrCreatePersonPayment(trx, companyId, person, week, target.userId)).id,
      );
    }
    // The load's broker payment and its people's payments follow it to its (new) week; a load that left the
    // pay weeks (back to active) needs none until it is delivered again.
    const rows = after ? await ensureWeekPayments(trx, target) : { brokerPaymentId: null, createdIds: [] };
    if (rows.brokerPaymentId !== null) paymentIds.push(rows.brokerPaymentId);
    paymentIds.push(...rows.createdIds);
    return accountingEvents(companyId, [loadId], paymentIds);
  };
};

export const payAdjustmentsHook: PayAdjustmentsHook = { loadPayChanging };

/**
 * Runs `work` (a change to the load's money: an incentive, a price, its week) in the caller's transaction and
 * settles it with the pay of the load's people; answers what `work` answered and the events to publish.
 */
export async function settleLoadPayChange<Result>(
  trx: Trx,
  target: PayChangeTarget,
  work: () => Promise<Result>,
): Promise<{ result: Result; events: RealtimeEvent[] }> {
  const settle = await loadPayChanging(trx, target);
  const result = await work();
  return { result, events: await settle() };
}
