import { BROKER_PAYMENTS_MESSAGES } from '@app/domain/accounting/broker-payments.schema';
import { openPayWeekFor as openWeekAmong, type PayWeek } from '@app/domain/accounting/pay-weeks.rules';
import { easternDateOnly } from '@app/domain/common/time';
import type { Trx } from '../../db/unit-of-work';
import { notFound, refuse } from '../../http/errors';
import type { RealtimeEvent } from '../../realtime/event-bus';
import { companyEvent } from '../../realtime/events';
import * as repo from './broker-payments.repository';
import { findClosedWeekKeys } from './payments.repository';

// The payment rows of a load of accounting. When a load reaches checkout from active (the loads module calls
// `loadEnteredCheckout` in its transaction, after it set the load's accounting week) it gets its broker
// payment, and its owner and dispatcher get their payment of that week when they have none yet. When a
// load moves to another week (PUT loads/{id}/change-week) `ensureWeekPayments` does the same for the new
// week and moves the broker payment with it. Rows are never removed here: an owner's or dispatcher's week
// without loads pays what its pay items and incentives say. A load entering checkout in a closed week is
// booked into the next open one (`openPayWeekFor`); a sent invoice is stamped on its payment (`invoiceSent`).

export type LoadPaymentRows = {
  /** The load's broker payment; null when the load has no accounting week (not in accounting). */
  brokerPaymentId: number | null;
  /** The owner's and dispatcher's payments made now (not the ones that existed). */
  createdIds: number[];
};

/**
 * Makes sure the load's payment rows exist for its accounting week, in the caller's transaction: its broker
 * payment (moved to the load's week), and the week's payment of its owner (the vehicle's, else the
 * driver's) and of its dispatcher. A load without an accounting week gets none.
 */
export async function ensureWeekPayments(
  trx: Trx,
  target: { companyId: number; loadId: number; userId?: number | null },
): Promise<LoadPaymentRows> {
  const { companyId, loadId } = target;
  const createdBy = target.userId ?? null;
  const load = await repo.findLoadForPayments(trx, companyId, loadId);
  if (!load || load.week === null || load.year === null) return { brokerPaymentId: null, createdIds: [] };
  const week = { week: load.week, year: load.year };
  const brokerPaymentId = await repo.upsertBrokerPayment(trx, companyId, { ...load, ...week }, createdBy);
  const created: (number | null)[] = [];
  if (load.owner_id !== null) {
    created.push(
      await repo.insertWeekPayment(
        trx,
        companyId,
        { type: 'owner', owner_id: load.owner_id },
        week,
        createdBy,
      ),
    );
  }
  if (load.dispatcher_id !== null) {
    created.push(
      await repo.insertWeekPayment(
        trx,
        companyId,
        { type: 'dispatcher', dispatcher_id: load.dispatcher_id },
        week,
        createdBy,
      ),
    );
  }
  return { brokerPaymentId, createdIds: created.filter((id): id is number => id !== null) };
}

/** The update_accounting of changed loads and payments; none when nothing changed. */
export function accountingEvents(
  companyId: number,
  loadIds: readonly number[],
  paymentIds: readonly number[],
): RealtimeEvent<'update_accounting'>[] {
  if (loadIds.length + paymentIds.length === 0) return [];
  return [
    companyEvent('update_accounting', companyId, {
      load_ids: [...new Set(loadIds)],
      payment_ids: [...new Set(paymentIds)],
    }),
  ];
}

/**
 * What the loads module calls when a load enters checkout from active, in its transaction (after the
 * load's accounting week is set): the load's payment rows, and the update_accounting to publish after commit.
 */
export async function loadEnteredCheckout(
  trx: Trx,
  target: { companyId: number; loadId: number; userId: number | null },
): Promise<RealtimeEvent[]> {
  const rows = await ensureWeekPayments(trx, target);
  const paymentIds = [...(rows.brokerPaymentId === null ? [] : [rows.brokerPaymentId]), ...rows.createdIds];
  return accountingEvents(target.companyId, [target.loadId], paymentIds);
}

/**
 * Sets a broker payment's quick pay deduction percent in the caller's transaction: a percent, true for the
 * company's quick pay percent, or null for none. 404 for another company's payment, 409 for an owner's or
 * dispatcher's. Answers the payment's load.
 */
export async function setQuickpay(
  trx: Trx,
  companyId: number,
  id: number,
  quickpay: number | true | null,
  at: Date,
): Promise<{ paymentId: number; loadId: number }> {
  const payment = await repo.lockPayment(trx, companyId, id);
  if (!payment) throw notFound();
  if (payment.type !== 'broker' || payment.load_id === null) {
    throw refuse('quickpay_not_broker', BROKER_PAYMENTS_MESSAGES.notBroker);
  }
  const percent = quickpay === true ? await repo.findCompanyQuickpayPercent(trx, companyId) : quickpay;
  await repo.updatePayment(trx, id, { quickpay_percent: percent, updated_at: at });
  return { paymentId: id, loadId: payment.load_id };
}

/**
 * Records that the load's invoice went out to the broker (POST reports/send delivered it), in the caller's
 * transaction: the first sending stamps invoiced_at and dates the invoice that Eastern day, which its due
 * date and ageing then count from; a later sending changes nothing. Answers the update_accounting to publish.
 */
export async function invoiceSent(
  trx: Trx,
  companyId: number,
  loadId: number,
  at: Date,
): Promise<RealtimeEvent[]> {
  const paymentId = await repo.markInvoiceSent(trx, companyId, loadId, { at, date: easternDateOnly(at) });
  return paymentId === undefined ? [] : accountingEvents(companyId, [loadId], [paymentId]);
}

/**
 * The week a load's pay is booked into when it would fall in `week`: the week itself while it is open, else
 * the first open week after it. A closed week's pay sheets were sent and its payments keep what they paid,
 * so a load delivered into it (late paperwork, a week closed early) is paid in the next open week instead of
 * changing a week that was paid already.
 */
export async function openPayWeekFor(trx: Trx, companyId: number, week: PayWeek): Promise<PayWeek> {
  return openWeekAmong(week, await findClosedWeekKeys(trx, companyId));
}

/** The hook the loads service takes (LoadsDeps.accounting). */
export type AccountingHook = {
  loadEnteredCheckout: typeof loadEnteredCheckout;
  openPayWeekFor: typeof openPayWeekFor;
};
export const accountingHook: AccountingHook = { loadEnteredCheckout, openPayWeekFor };
